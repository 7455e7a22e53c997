"""``load_corpus``: JSON Lines and PubMed XML, idempotent, with a summary line; searchable afterwards."""
from __future__ import annotations

import gzip
import itertools
import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from documents.models import Paper
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource
from tests.conftest import DATA, fixture_path

pytestmark = pytest.mark.django_db
CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


def head_lines(n: int) -> list[str]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        return list(itertools.islice(handle, n))


def write_gz(path: Path, lines: list[str]) -> Path:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(lines)
    return path


def load(*args: str) -> str:
    out = StringIO()
    call_command("load_corpus", *args, "--no-progress", stdout=out, stderr=StringIO())
    return out.getvalue()


def test_first_300_records_of_the_real_corpus_load_idempotently_and_are_searchable(tmp_path):
    lines = head_lines(300)
    path = write_gz(tmp_path / "head.jsonl.gz", lines)
    assert load(str(path)).startswith("300 loaded, 0 updated, 0 unchanged, 0 skipped")
    assert Paper.objects.count() == 300
    assert not Paper.objects.filter(search_vector__isnull=True).exists()
    first = json.loads(lines[0])
    paper = Paper.objects.get(pmid=first["pmid"])
    assert (paper.title, paper.year, paper.authors, paper.origin) == (
        first["title"], first["year"], first["authors"], first["source"])

    assert load(str(path)).startswith("0 loaded, 0 updated, 300 unchanged")
    changed = dict(first, title="A changed title about zymurgy")
    write_gz(tmp_path / "changed.jsonl.gz", [json.dumps(changed) + "\n"] + lines[1:])
    assert load(str(tmp_path / "changed.jsonl.gz")).startswith("0 loaded, 1 updated, 299 unchanged")
    assert Paper.objects.count() == 300
    hits = LocalCorpusSource().search("zymurgy[ti]", Filters(), 10)
    assert [r.pmid for r in hits.records] == [first["pmid"]]  # search_vector followed the update

    records = [json.loads(line) for line in lines]
    expected = {r["pmid"] for r in records if re.search(r"\benalapril\b", f"{r['title']} {r['abstract']}", re.I)}
    found = LocalCorpusSource().search("enalapril[tiab]", Filters(), 300)
    assert expected and {r.pmid for r in found.records} == expected


def test_bad_lines_and_missing_abstracts_are_skipped_with_reasons(tmp_path):
    good = head_lines(2)
    no_abstract = json.dumps({"pmid": "1", "title": "t", "abstract": ""}) + "\n"
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(good) + "{not json\n" + no_abstract + json.dumps({"abstract": "x"}) + "\n")
    summary = load(str(path))
    assert summary.startswith("2 loaded, 0 updated, 0 unchanged, 3 skipped")
    assert "1 invalid JSON line" in summary and "1 no abstract" in summary and "1 no valid PMID" in summary


def test_pubmed_xml_plain_and_gzipped(tmp_path):
    summary = load(str(fixture_path("ncbi_eutils", "efetch_pubmed_abstract_2articles.xml")))
    assert summary.startswith("1 loaded, 0 updated, 0 unchanged, 1 skipped (1 no abstract)")
    gz = tmp_path / "asthma.xml.gz"
    gz.write_bytes(gzip.compress(fixture_path("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml").read_bytes()))
    assert load(str(gz)).startswith("100 loaded")
    paper = Paper.objects.get(pmid="31121636")
    assert paper.abstract.startswith("OBJECTIVE: ") and paper.origin == "pubmed-xml"
    assert paper.journal == "American journal of perinatology"


def test_if_empty_loads_configured_files_only_once(tmp_path, settings):
    settings.MEDSEBA_CORPUS_FILES = [str(write_gz(tmp_path / "c.jsonl.gz", head_lines(5)))]
    assert load("--if-empty").startswith("5 loaded")
    assert "already loaded (5 papers)" in load("--if-empty")
    assert Paper.objects.count() == 5


def test_no_path_loads_the_configured_corpus_without_if_empty_too(tmp_path, settings):
    """`load_corpus --no-progress` with no path loads MEDSEBA_CORPUS_FILES (it used to fail)."""
    settings.MEDSEBA_CORPUS_FILES = [str(write_gz(tmp_path / "c.jsonl.gz", head_lines(4)))]
    assert load().startswith("4 loaded")
    assert load().startswith("0 loaded, 0 updated, 4 unchanged")
    assert Paper.objects.count() == 4


def test_unusable_paths_are_clear_errors(tmp_path, settings):
    settings.MEDSEBA_CORPUS_FILES = []
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(CommandError, match="unknown corpus format"):
        load(str(tmp_path / "notes.txt"))
    with pytest.raises(CommandError, match="no such file"):
        load(str(tmp_path / "missing.jsonl"))
    with pytest.raises(CommandError, match="name at least one corpus file"):
        load()
    with pytest.raises(CommandError, match="eSearchResult"):
        load(str(fixture_path("ncbi_eutils", "esearch_pubmed_biopython.xml")))
