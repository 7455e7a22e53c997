"""Exports: RIS and BibTeX read back by real parsers, CSV columns from the paper's fields, JSON = the document;
the same access rules as reading the result (anonymous while it lives, someone else's is 404)."""
from __future__ import annotations

import csv
import gzip
import io
import json
from dataclasses import replace
from functools import lru_cache

import bibtexparser
import pytest
import rispy
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from documents.models import Paper
from documents.sources.base import Filters, Record
from search import selectors
from search.design import classify_design, sample_size
from search.exports import bibtex_escape, export_filename, paper_columns, split_author, to_bibtex, to_csv, to_ris
from search.pipeline.chart import chart
from search.pipeline.state import Addresses, BestSentence, Frame, RankedPaper, SearchState, UnderstoodQuery
from search.provenance import record_provenance
from search.store import PostgresSearchStore, RedisSearchStore
from documents.sources.pubmed_xml import parse_pubmed_xml
from tests.conftest import fixture_bytes
from tests.contract import contract_errors
from tests.search.answer_papers import CORPUS, stance

QUESTION = "Do ACE inhibitors reduce mortality in heart failure?"
LABELS = ["supports", "refutes", "supports", "neutral", "supports", "refutes"]


@lru_cache(maxsize=1)
def _corpus(n: int = 6) -> tuple[tuple[Record, tuple[str, ...]], ...]:
    """Real demo-corpus records with their authors (ACE inhibitor trials)."""
    found = []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        for line in lines:
            rec = json.loads(line)
            topics = {r["topic"] for r in rec.get("reviews") or []}
            if "ACEInhibitors" in topics and rec.get("authors") and rec.get("mesh") and rec.get("year") and rec.get("abstract"):
                record = Record(pmid=rec["pmid"], title=rec["title"], abstract=rec["abstract"], year=rec["year"],
                                mesh=rec.get("mesh") or [], authors=rec["authors"])
                found.append((record, tuple(rec["authors"])))
                if len(found) == n:
                    break
    return tuple(found)


def _state(*, running: bool = False) -> SearchState:
    frame = Frame(kind="effect", intervention="ACE inhibitors", outcome="mortality", population="heart failure")
    papers = []
    for rank, ((record, _), label) in enumerate(zip(_corpus(), LABELS), start=1):
        if rank == 2:  # LaTeX specials and braces in a title must survive BibTeX
            record = replace(record, title=record.title + " {50% & more}_#1 ~ $x^2$ \\ end")
        paper = RankedPaper(rank=rank, record=record, similarity=0.5, stance=stance(label),
                            addresses=Addresses("yes", "test"),
                            best_sentence=BestSentence(0, record.abstract.split(". ")[0], 0.9))
        paper.design = classify_design(title=record.title, abstract=record.abstract, publication_types=[],
                                       mesh=record.mesh)
        paper.sample_size = sample_size(record.abstract)
        papers.append(paper)
    state = SearchState(question=QUESTION, filters=Filters(from_year=1990), source="local", papers=papers,
                        query=UnderstoodQuery(boolean="ace inhibitors AND heart failure", frame=frame))
    record_provenance(state)
    if not running:
        state.charts = chart(papers, frame)
    return state


def _store_corpus() -> None:
    for record, authors in _corpus():
        Paper.objects.create(pmid=record.pmid, title=record.title, abstract=record.abstract, year=record.year,
                             authors=list(authors), origin="cohen2006")


def _finished(*, anonymous: bool = False, owner=None, running: bool = False, state: SearchState | None = None) -> str:
    state = state or _state(running=running)
    store = RedisSearchStore() if anonymous else PostgresSearchStore()
    public_id = store.create(state, fingerprint="", owner=owner)
    assert store.save_stage(state, stage="rerank")
    if not running:
        assert store.save_stage(state, stage="chart")
    return public_id


def _export(client: APIClient, search_id: str, fmt: str):
    return client.get(f"/api/searches/{search_id}/export?format={fmt}")


def _body(response) -> str:
    assert response.status_code == 200, response.content
    return response.content.decode("utf-8")


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def search_id(db) -> str:
    _store_corpus()
    return _finished()


def test_ris_reads_back_with_rispy(client, search_id):
    response = _export(client, search_id, "ris")
    assert response["Content-Type"] == "application/x-research-info-systems; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="medseba-do-ace-inhibitors-reduce-mortality-in-heart-failure-{search_id[:8]}.ris"'
    assert response["Cache-Control"] == "no-store"
    entries = rispy.loads(_body(response))
    corpus = _corpus()
    assert len(entries) == len(corpus)
    first, (record, authors) = entries[0], corpus[0]
    assert first["type_of_reference"] == "JOUR"
    assert first["title"] == record.title and first["year"] == str(record.year)
    assert first["accession_number"] == record.pmid
    assert first["urls"] == [f"https://pubmed.ncbi.nlm.nih.gov/{record.pmid}/"]
    last, initials = split_author(authors[0])
    assert first["authors"][0] == f"{last}, {initials}" and len(first["authors"]) == len(authors)
    assert first["keywords"] == list(record.mesh)
    note = first["notes"][0]
    assert note.startswith(f"MedSEBA ({QUESTION}): stance supports (0.80)") and "evidence weight" in note
    assert [e["notes"][0].split("stance ")[1].split(" ")[0] for e in entries] == LABELS


def test_bibtex_reads_back_with_bibtexparser(client, search_id):
    response = _export(client, search_id, "bibtex")
    assert response["Content-Type"] == "application/x-bibtex; charset=utf-8"
    database = bibtexparser.loads(_body(response))
    corpus = _corpus()
    assert [e["ID"] for e in database.entries] == [f"pmid{record.pmid}" for record, _ in corpus]
    first = database.entries[0]
    record, authors = corpus[0]
    assert first["ENTRYTYPE"] == "article" and first["title"] == record.title and first["year"] == str(record.year)
    assert first["author"].split(" and ") == [f"{split_author(a)[0]}, {split_author(a)[1]}" for a in authors]
    assert "stance supports (0.80)" in first["note"]
    # specials escaped, so the parser saw balanced braces and kept the whole title
    assert database.entries[1]["title"].endswith(r"\{50\% \& more\}\_\#1 \textasciitilde{} \$x\textasciicircum{}2\$ \textbackslash{} end")
    assert database.comments and "MedSEBA export" in database.comments[0] and "code " in database.comments[0]


def test_csv_columns_are_the_papers_fields_and_rows_carry_the_judgements(client, search_id):
    response = _export(client, search_id, "csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(_body(response))))
    doc = client.get(f"/api/searches/{search_id}/").json()
    assert list(rows[0]) == paper_columns()
    assert {"stance.label", "design.name", "sample_size.n", "best_sentence.text", "addresses.label",
            "citation_count", "venue", "authors", "evidence_weight"} <= set(rows[0])
    assert [r["stance.label"] for r in rows] == LABELS
    for row, paper in zip(rows, sorted(doc["papers"], key=lambda p: p["rank"])):
        assert row["pmid"] == paper["pmid"] and row["design.name"] == paper["design"]["name"]
        assert row["sample_size.n"] == (str(paper["sample_size"]["n"]) if paper["sample_size"] else "")
        assert float(row["evidence_weight"]) == doc["charts"]["evidence_weights"][paper["pmid"]]["value"]
        assert row["citation_count"] == ""  # unavailable is empty, never 0
    assert rows[0]["authors"] == "; ".join(_corpus()[0][1])


def test_json_is_the_document_with_its_provenance(client, search_id):
    exported = json.loads(_body(_export(client, search_id, "json")))
    # The stored document with its provenance: every reading mode's words, no live service status or poll version.
    assert exported == json.loads(json.dumps(selectors.search_document(search_id=search_id, user=None)))
    errors = contract_errors(client.get(f"/api/searches/{search_id}/").json(), path="/api/searches/{search_id}/")
    mine = ("charts", "models", "provenance")  # the blocks this feature adds to; the whole document: test_document_contract
    assert [e for e in errors if e.split("/")[0].split(":")[0] in mine or any(f"'{k}'" in e for k in mine)] == []
    prov = exported["provenance"]
    assert prov["source"] == "local" and prov["query"] == "ace inhibitors AND heart failure"
    assert prov["filters"]["from_year"] == 1990 and prov["corpus"]["records"] == len(_corpus())
    assert prov["code_version"] and prov["artifacts"]["stance"]


@pytest.mark.django_db
def test_an_anonymous_result_exports_while_it_lives_under_a_generic_file_name(client):
    _store_corpus()
    public_id = _finished(anonymous=True)
    response = _export(client, public_id, "ris")
    assert len(rispy.loads(_body(response))) == len(_corpus())
    assert response["Content-Disposition"] == 'attachment; filename="medseba-search.ris"'
    assert json.loads(_body(_export(client, public_id, "json")))["anonymous"] is True
    RedisSearchStore().client.delete(_redis_key(public_id))
    assert _export(client, public_id, "csv").status_code == 410


def _redis_key(public_id: str) -> str:
    from search.store import search_ref

    return RedisSearchStore.key(search_ref(public_id))


@pytest.mark.django_db
def test_someone_elses_search_is_404_and_the_owner_gets_it(client):
    users = get_user_model().objects
    owner = users.create_user(username="owner", email="owner@example.org", password="pw-owner-123456")
    other = users.create_user(username="other", email="other@example.org", password="pw-other-123456")
    search_id = _finished(owner=owner)
    for user in (None, other):
        client.force_authenticate(user)
        response = _export(client, search_id, "bibtex")
        assert response.status_code == 404 and response.json()["error"]["code"] == "private"
    client.force_authenticate(owner)
    assert _export(client, search_id, "bibtex").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["?format=pdf", "?format=", ""])
def test_an_unknown_format_is_a_400_json_error(client, query):
    search_id = _finished()
    response = client.get(f"/api/searches/{search_id}/export{query}")
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["fields"] == {"format": ["format must be one of ris, bibtex, csv, json."]}


@pytest.mark.django_db
def test_a_running_search_is_409_and_an_unknown_one_404(client):
    running = _finished(running=True)
    response = _export(client, running, "csv")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_ready"
    missing = client.get("/api/searches/3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10/export/?format=ris")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"


def test_file_names_and_escaping():
    assert export_filename({"question": "Is ß-blocker use OK?", "id": "abcdef0123"}, "csv") == "medseba-is-blocker-use-ok-abcdef01.csv"
    assert export_filename({"question": "private thing", "anonymous": True, "id": "x"}, "ris") == "medseba-search.ris"
    assert split_author("SOLVD Investigators") is None and split_author("JM van Veldhuisen") == ("van Veldhuisen", "JM")
    assert bibtex_escape("a\n  {b}") == r"a \{b\}"


def test_split_author_reads_the_corpus_forms_and_leaves_groups_whole():
    # "Initials Surname" (PubMed, most of the corpus) and "Given [Middle] Surname" (about 10,000 corpus names)
    assert split_author("P Nazzaro") == ("Nazzaro", "P")
    assert split_author("Richard B Devereux") == ("Devereux", "Richard B")
    assert split_author("Hans-Henrik Parving") == ("Parving", "Hans-Henrik")
    assert split_author("Iu E Semenova") == ("Semenova", "Iu E")
    assert split_author("Dirk J van Veldhuisen") == ("van Veldhuisen", "Dirk J")
    assert split_author("M Pestel-Caron") == ("Pestel-Caron", "M")
    for group in ("ALLHAT Collaborative Research Group", "GISSI-3 Investigators", "UKPDS Group", "Diabiopsies Group",
                  "ADVANCE Management Committee", "Investigators of the ESPIRAL Study. Efecto del tratamiento",
                  "Task and Finish Group for Urinalysis (TFG-U), European Federation (EFLM)", "Anonymous"):
        assert split_author(group) is None, group


# --- authors stored with the search's papers ----------------------------------------------------------------

EFETCH = "efetch_pubmed_single_38534005.xml"  # 8 people and one group whose name contains "and"
EFETCH_PEOPLE = [("Kouri", "TT"), ("Hofmann", "W"), ("Falbo", "R"), ("Oyaert", "M"), ("Schubert", "S"),
                 ("Gertsen", "JB"), ("Merens", "A"), ("Pestel-Caron", "M")]
EFETCH_GROUP = ("Task and Finish Group for Urinalysis (TFG-U), European Federation of Clinical Chemistry and "
                "Laboratory Medicine (EFLM)")


def _live_state(*, without_authors: bool = False) -> SearchState:
    """A search on live PubMed: its record parsed from a real efetch body, nothing in the shared paper table."""
    (record,) = parse_pubmed_xml(fixture_bytes("ncbi_eutils", EFETCH))
    papers = [RankedPaper(rank=1, record=record, similarity=0.7, stance=stance("supports"))]
    if without_authors:  # a PubMedQA corpus record: the source names no authors
        papers.append(RankedPaper(rank=2, record=replace(_corpus()[0][0], authors=[]), similarity=0.6,
                                  stance=stance("neutral")))
    state = SearchState(question="Is urinalysis accurate?", filters=Filters(), source="pubmed", papers=papers,
                        query=UnderstoodQuery(boolean="urinalysis", frame=Frame()))
    record_provenance(state)
    state.charts = chart(papers, state.query.frame)
    return state


@pytest.mark.django_db
@pytest.mark.parametrize("anonymous", [False, True], ids=["stored", "anonymous"])
def test_efetch_authors_reach_ris_bibtex_and_csv_without_the_paper_table(client, anonymous):
    public_id = _finished(anonymous=anonymous, state=_live_state(without_authors=True))
    Paper.objects.all().delete()  # the exports must not need the shared table: the search keeps its own
    doc = client.get(f"/api/searches/{public_id}/").json()
    assert doc["papers"][0]["authors"][:2] == ["TT Kouri", "W Hofmann"] and doc["papers"][1]["authors"] == []

    ris = rispy.loads(_body(_export(client, public_id, "ris")))
    assert ris[0]["authors"] == [f"{last}, {given}" for last, given in EFETCH_PEOPLE] + [EFETCH_GROUP]
    assert "authors" not in ris[1]  # no author is invented, and no empty AU line written
    assert "AU  - \r\n" not in _body(_export(client, public_id, "ris"))

    bib = bibtexparser.loads(_body(_export(client, public_id, "bibtex"))).entries
    names = bib[0]["author"].split(" and ")
    # the group is braced, so its own "and"s do not split it into people
    assert bib[0]["author"] == " and ".join([f"{last}, {given}" for last, given in EFETCH_PEOPLE] + ["{" + EFETCH_GROUP + "}"])
    assert names[:8] == [f"{last}, {given}" for last, given in EFETCH_PEOPLE]
    assert "author" not in bib[1]

    rows = list(csv.DictReader(io.StringIO(_body(_export(client, public_id, "csv")))))
    assert rows[0]["authors"].split("; ")[:2] == ["TT Kouri", "W Hofmann"] and rows[1]["authors"] == ""
    assert list(rows[0]).count("authors") == 1


def test_ris_and_bibtex_name_given_name_authors_surname_first():
    record = replace(_corpus()[0][0], authors=["Richard B Devereux", "Björn Dahlöf", "ALLHAT Collaborative Research Group"])
    doc = {"question": "q", "papers": [RankedPaper(rank=1, record=record, similarity=0.5).to_dict()]}
    assert rispy.loads(to_ris(doc, {}))[0]["authors"] == ["Devereux, Richard B", "Dahlöf, Björn",
                                                          "ALLHAT Collaborative Research Group"]
    entry = bibtexparser.loads(to_bibtex(doc, {})).entries[0]
    assert entry["author"] == "Devereux, Richard B and Dahlöf, Björn and {ALLHAT Collaborative Research Group}"


def test_a_document_saved_before_papers_carried_authors_takes_them_from_the_stored_records():
    record = _corpus()[0][0]
    paper = RankedPaper(rank=1, record=record, similarity=0.5).to_dict()
    del paper["authors"]
    doc = {"question": "q", "papers": [paper]}
    fallback = {record.pmid: ["P Nazzaro"]}
    assert rispy.loads(to_ris(doc, fallback))[0]["authors"] == ["Nazzaro, P"]
    assert "authors" not in rispy.loads(to_ris(doc, {}))[0]
    assert list(csv.DictReader(io.StringIO(to_csv(doc, fallback))))[0]["authors"] == "P Nazzaro"
