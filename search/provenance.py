"""Where a result came from: source and corpus version (or the PubMed query date), query, filters, models and
prompt versions, and the code version, so a researcher can cite it and another run can be compared with it.

Two halves:

* :func:`record_provenance` runs inside the retrieve step (when the source is known) and writes the facts only
  the running search can know into ``state.models`` (which both stores already persist): ``code_version``,
  ``retrieved_at``, ``corpus`` (local source) and ``artifacts`` (the versions of the offline models' files).
* :func:`provenance` composes the ``provenance`` block of the document from those facts and the document's own
  ``source``, ``query``, ``filters`` and ``models``: one shape for the API, the result page and every export.

Versions are content hashes (12 hex characters of SHA-256), as for the offline models and the prompts: the same
bytes give the same version on any machine. The local corpus's version hashes, per origin (the file a record was
loaded from), the record count and the last load time; records cached from live PubMed searches are not part of
the corpus. It is cached for ``CORPUS_CACHE_SECONDS`` because counting a full PubMed baseline takes seconds.
"""
from __future__ import annotations

import hashlib
import subprocess
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection

CORPUS_CACHE_SECONDS = 300
_ROOT = Path(settings.BASE_DIR)


@lru_cache(maxsize=1)
def code_version() -> str:
    """MEDSEBA_CODE_VERSION, else the git commit of the checkout (``+dirty`` with uncommitted changes), else the
    package version. Computed once per process: the code does not change under a running process."""
    if settings.MEDSEBA_CODE_VERSION:
        return settings.MEDSEBA_CODE_VERSION
    try:
        commit = _git("rev-parse", "--short=12", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no")
        return f"{commit}+dirty" if dirty else commit
    except (OSError, subprocess.SubprocessError):
        from importlib.metadata import PackageNotFoundError, version

        try:
            return f"medseba {version('medseba')}"
        except PackageNotFoundError:
            return "unknown"


def _git(*args: str) -> str:
    out = subprocess.run(["git", *args], cwd=_ROOT, capture_output=True, text=True, timeout=5, check=True)
    return out.stdout.strip()


def corpus_version() -> dict[str, Any]:
    """The local corpus as it stands: records, origins, last load time and a content version (cached briefly)."""
    key = f"medseba:corpus-version:{connection.settings_dict['NAME']}"
    found = cache.get(key)
    if found is None:
        found = _corpus_version()
        cache.set(key, found, CORPUS_CACHE_SECONDS)
    return found


def _corpus_version() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT origin, count(*), max(updated_at) FROM documents_paper WHERE origin <> 'pubmed' "
            "GROUP BY origin ORDER BY origin"
        )
        rows = cursor.fetchall()
    digest = hashlib.sha256("\n".join(f"{o}\t{n}\t{t.isoformat()}" for o, n, t in rows).encode()).hexdigest()
    return {
        "version": digest[:12],
        "records": sum(n for _, n, _ in rows),
        "origins": [o for o, _, _ in rows],
        "loaded_at": max((t for _, _, t in rows), default=None).isoformat() if rows else None,
    }


def artifact_versions() -> dict[str, str]:
    """Content versions of the offline models' files (the same hash their loaders report)."""
    from search.quote.model import DEFAULT_PATH as SCORER
    from search.stance.comparison import DEFAULT_PATH as COMPARISON

    paths = {"stance": Path(settings.MEDSEBA_STANCE_MODEL_PATH), "comparison": COMPARISON, "sentence_scorer": SCORER}
    return {name: _file_version(str(path), path.stat().st_mtime) for name, path in paths.items() if path.exists()}


@lru_cache(maxsize=16)
def _file_version(path: str, mtime: float) -> str:
    from search.stance.model import artifact_version

    return artifact_version(Path(path).read_bytes())


def record_provenance(state: Any, *, now: datetime | None = None) -> None:
    """Write what only the running search knows into ``state.models`` (see the module docstring)."""
    state.models["code_version"] = code_version()
    state.models["retrieved_at"] = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    state.models["artifacts"] = artifact_versions()
    if state.source == "local":
        state.models["corpus"] = corpus_version()
    else:
        state.models.pop("corpus", None)


_MODEL_KEYS = ("embedding", "stance", "summary", "prompt_version")


def provenance(doc: dict[str, Any]) -> dict[str, Any]:
    """The document's provenance block (shape documented in ``ProvenanceSerializer``)."""
    models = doc.get("models") or {}
    source = doc.get("source") or ""
    retrieved_at = models.get("retrieved_at")
    query = doc.get("query") or {}
    return {
        "source": source,
        "corpus": models.get("corpus") if source == "local" else None,
        "pubmed_query_date": retrieved_at[:10] if source == "pubmed" and retrieved_at else None,
        "retrieved_at": retrieved_at,
        "query": query.get("boolean") or "",
        "filters": doc.get("filters") or {},
        "models": {key: models.get(key) or "" for key in _MODEL_KEYS},
        "artifacts": models.get("artifacts") or {},
        "code_version": models.get("code_version") or "",
    }
