"""``load_corpus --workers N --defer-index``: parallel COPY loaders, the full-text index built once afterwards.

The loaders are forked processes with their own connections, so these tests commit for real
(``transaction=True``) instead of running inside the test's transaction.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.management import CommandError

from documents.models import Paper
from documents.parallel_load import drop_search_index, search_index_exists
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource
from tests.documents.test_load_corpus import head_lines, load, write_gz

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_workers_with_deferred_index_load_every_row_and_leave_the_index_built(tmp_path):
    lines = head_lines(300)
    path = write_gz(tmp_path / "head.jsonl.gz", lines)
    out = load(str(path), "--workers", "2", "--defer-index")
    assert out.startswith("300 loaded, 0 updated, 0 unchanged, 0 skipped")
    assert "full-text index built in" in out
    assert Paper.objects.count() == 300 and search_index_exists()
    assert not Paper.objects.filter(search_vector__isnull=True).exists()
    records = [json.loads(line) for line in lines]
    expected = {r["pmid"] for r in records if re.search(r"\benalapril\b", f"{r['title']} {r['abstract']}", re.I)}
    found = LocalCorpusSource().search("enalapril[tiab]", Filters(), 300)
    assert expected and {r.pmid for r in found.records} == expected

    # Idempotent like the one-process load: identical rows write nothing, a changed one is updated.
    assert load(str(path), "--workers", "2", "--defer-index").startswith("0 loaded, 0 updated, 300 unchanged")
    first = json.loads(lines[0])
    write_gz(tmp_path / "changed.jsonl.gz", [json.dumps(dict(first, title="Zymurgy retitled")) + "\n"] + lines[1:])
    assert load(str(tmp_path / "changed.jsonl.gz"), "--workers", "3").startswith("0 loaded, 1 updated, 299 unchanged")
    assert [r.pmid for r in LocalCorpusSource().search("zymurgy[ti]", Filters(), 10).records] == [first["pmid"]]
    assert Paper.objects.count() == 300 and search_index_exists()


def test_a_duplicate_pmid_in_a_fresh_load_keeps_the_last_revision(tmp_path):
    first, second = (json.loads(line) for line in head_lines(2))
    path = tmp_path / "dup.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (first, second, dict(first, title="Revised title"))))
    assert load(str(path), "--workers", "2", "--defer-index").startswith("2 loaded")
    assert Paper.objects.get(pmid=first["pmid"]).title == "Revised title"
    assert Paper.objects.count() == 2 and search_index_exists()


def test_text_utf8_cannot_hold_stops_the_load_with_a_sentence_and_keeps_the_index(tmp_path):
    """A lone surrogate (valid JSON, not encodable): the reader now encodes the rows, with the loaders' sentence."""
    first, second = (json.loads(line) for line in head_lines(2))
    path = tmp_path / "surrogate.jsonl"
    path.write_text(json.dumps(first) + "\n" + json.dumps(dict(second, title="broken \ud800 title")) + "\n")
    with pytest.raises(CommandError, match=r"the parallel load failed: UnicodeEncodeError: .*surrogate"):
        load(str(path), "--workers", "1", "--defer-index")
    assert search_index_exists()


def test_skips_and_xml_go_through_the_parallel_path_too(tmp_path):
    from tests.conftest import fixture_path

    out = load(str(fixture_path("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml")), "--workers", "2")
    assert out.startswith("100 loaded")
    path = tmp_path / "mixed.jsonl"
    path.write_text("{not json\n" + json.dumps({"pmid": "1", "title": "t", "abstract": ""}) + "\n")
    assert "1 invalid JSON line" in load(str(path), "--workers", "2")


def test_any_load_rebuilds_an_index_a_killed_deferred_load_left_missing(tmp_path):
    drop_search_index()
    assert not search_index_exists()
    assert "full-text index built in" in load(str(write_gz(tmp_path / "c.jsonl.gz", head_lines(3))))
    assert search_index_exists()


@pytest.mark.parametrize("value, message", [
    ("0", "--workers must be between 1 and 64 loader processes (got 0)"),
    ("-2", "--workers must be between 1 and 64 loader processes (got -2)"),
    ("two", "--workers must be a whole number of loader processes, not 'two'"),
])
def test_bad_worker_counts_are_a_sentence(tmp_path, value, message):
    path = write_gz(tmp_path / "c.jsonl.gz", head_lines(2))
    with pytest.raises(CommandError, match=re.escape(message)):
        load(str(path), "--workers", value)
    assert Paper.objects.count() == 0 and search_index_exists()


def test_bad_arguments_exit_non_zero_with_the_sentence_on_stderr():
    done = subprocess.run([sys.executable, "manage.py", "load_corpus", "--workers", "0", "--defer-index"],
                          cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "--workers must be between 1 and 64 loader processes (got 0)" in done.stderr


def _server_has_lz4() -> bool:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        return bool(cursor.fetchone()[0])


def test_the_loaders_compress_long_abstracts_with_lz4_and_read_them_back_unchanged(tmp_path):
    if not _server_has_lz4():
        pytest.skip("this PostgreSQL has no lz4")
    from django.db import connection

    first = json.loads(head_lines(1)[0])
    long_abstract = " ".join(f"Sentence {i} about enalapril and cough in hypertension." for i in range(120))
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(dict(first, abstract=long_abstract)) + "\n")
    assert load(str(path), "--workers", "1", "--defer-index").startswith("1 loaded")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_column_compression(abstract), abstract FROM documents_paper WHERE pmid = %s",
                       [first["pmid"]])
        method, stored = cursor.fetchone()
    assert method == "lz4" and stored == long_abstract
    # The one-process upsert (index kept, the daily update files' path) stays on the server's default.
    assert load(str(path)).startswith("0 loaded, 0 updated, 1 unchanged")


def test_a_loader_setting_the_server_refuses_leaves_its_default_and_the_load_goes_on(tmp_path, monkeypatch):
    from documents import parallel_load

    from django.db import connection

    monkeypatch.setattr(parallel_load, "LOADER_SETTINGS", ("SET default_toast_compression = zz9", "SET work_mem = '8MB'"))
    assert parallel_load.apply_loader_settings() == ["SET default_toast_compression = zz9"]
    with connection.cursor() as cursor:
        cursor.execute("SHOW work_mem")
        assert cursor.fetchone()[0] == "8MB"  # the settings after a refused one still apply
        cursor.execute("RESET work_mem")
    path = write_gz(tmp_path / "c.jsonl.gz", head_lines(20))
    assert load(str(path), "--workers", "2", "--defer-index").startswith("20 loaded")
    assert Paper.objects.count() == 20 and search_index_exists()
