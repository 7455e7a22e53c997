"""The local search's statements each go to PostgreSQL in one round trip, settings included (issue 19).

Until 2026-12-06 every statement of a search was seven round trips (BEGIN, four ``SET LOCAL``, the query, COMMIT):
each one a chance for the client to lose the CPU on a loaded machine. Now the settings and the query are one
multi-statement string: the settings still hold for the query, and for it alone."""
from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from documents.models import Paper
from documents.sources.base import Filters, SourceError
from documents.sources.local import _BRACKET_SETTINGS, LocalCorpusSource

SETTINGS_NOW = ("SELECT current_setting('jit'), current_setting('work_mem'), current_setting('enable_seqscan'), "
                "current_setting('synchronize_seqscans'), current_setting('effective_io_concurrency'), "
                "current_setting('enable_indexscan'), current_setting('max_parallel_workers_per_gather')")


def plain_settings() -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(SETTINGS_NOW)
        return cursor.fetchone()


@pytest.mark.django_db(transaction=True)
def test_in_autocommit_the_settings_hold_for_the_query_alone():
    before = plain_settings()
    assert LocalCorpusSource._fetch(SETTINGS_NOW, [])[0][:5] == ("off", "32MB", "off", "off", "0")
    assert LocalCorpusSource._fetch(SETTINGS_NOW, [], _BRACKET_SETTINGS)[0][5:] == ("off", "0")
    assert plain_settings() == before  # nothing left on the connection
    assert before[1] != "32MB"


@pytest.mark.django_db(transaction=True)
def test_a_statement_is_one_round_trip_with_its_parameters_bound():
    with CaptureQueriesContext(connection) as captured:
        rows = LocalCorpusSource._fetch("SELECT %s::text, %s::int", ["it's", 7])
    assert rows == [("it's", 7)]
    assert len(captured.captured_queries) == 1


@pytest.mark.django_db(transaction=True)
def test_a_search_makes_one_round_trip_a_statement():
    Paper.objects.create(pmid="501", title="Aspirin", abstract="Aspirin helped.", year=2001)
    Paper.objects.create(pmid="502", title="Other", abstract="Aspirin inhibitors and aspirin.", year=2002)
    source = LocalCorpusSource()
    source.compile("aspirin OR inhibitor*", Filters())  # the words' lexemes, cached per process
    with CaptureQueriesContext(connection) as captured:
        hits = source.search("aspirin OR inhibitor*", Filters(), 5)
    assert {r.pmid for r in hits.records} == {"501", "502"} and hits.count == 2
    # The lexemes under the prefix, the planner's estimate, the search: no BEGIN, SET or COMMIT of their own.
    assert len(captured.captured_queries) == 3
    assert all("SELECT" in q["sql"] for q in captured.captured_queries)


@pytest.mark.django_db
def test_inside_a_transaction_a_failed_query_leaves_the_callers_transaction_usable():
    with transaction.atomic():
        with pytest.raises(SourceError):
            LocalCorpusSource._fetch("SELECT no_such_column FROM documents_paper", [])
        assert LocalCorpusSource._fetch("SELECT 1", []) == [(1,)]
        assert plain_settings()[1] == "32MB"  # SET LOCAL: until the caller's transaction ends, as before


RECORDS = [  # (pmid, year, title, abstract): ties in rank, a missing year, a record with no abstract
    ("601", 2001, "Aspirin", "Aspirin and aspirin after stroke."),
    ("602", 2003, "Aspirin trial", "Aspirin after stroke."),
    ("603", 2003, "Other", "Aspirin after stroke."),
    ("604", None, "Undated", "Aspirin, then clopidogrel, after stroke."),
    ("605", 1999, "Clopidogrel", "Clopidogrel after stroke; aspirin inhibitors."),
    ("606", 2005, "Empty", ""),
    ("607", 2004, "Warfarin", "Warfarin alone."),
]


def reference(query: str, limit: int) -> tuple[list[str], int]:
    """The records ``ts_rank_cd`` on every hit returns, in the search's order, and the exact count."""
    source = LocalCorpusSource()
    compiled = source.matching(source.compile(query, Filters()))
    rank = "ts_rank_cd(search_vector, %s::tsquery) DESC, " if compiled.rank_query else ""
    where = f"abstract <> '' AND ({compiled.where})"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT pmid FROM documents_paper WHERE {where} ORDER BY {rank}year DESC NULLS LAST, pmid "
                       "LIMIT %s", [*compiled.params, *([compiled.rank_query] if compiled.rank_query else []), limit])
        pmids = [r[0] for r in cursor.fetchall()]
        cursor.execute(f"SELECT count(*) FROM documents_paper WHERE {where}", compiled.params)
        return pmids, cursor.fetchone()[0]


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["aspirin", "aspirin OR clopidogrel", "stroke NOT clopidogrel", "inhibitor*",
                                   "aspirin[ti]", "warfarin", "heparin", "2003[dp]"])
@pytest.mark.parametrize("limit", [1, 3, 50])
def test_the_rows_joined_back_by_ctid_are_the_records_ranked(query, limit):
    """The pool and the best 50 are joined back by ctid and counted in one pass: the same records, in the same
    order, with the same total as the precise rank on every hit (the pool holds every hit here)."""
    for pmid, year, title, abstract in RECORDS:
        Paper.objects.create(pmid=pmid, year=year, title=title, abstract=abstract)
    hits = LocalCorpusSource().search(query, Filters(), limit)
    pmids, total = reference(query, limit)
    assert ([r.pmid for r in hits.records], hits.count, hits.count_is_estimate) == (pmids, total, False)
    assert all(r.title and r.abstract for r in hits.records)  # the columns come from the same rows


@pytest.mark.django_db(transaction=True)
def test_with_server_side_binding_the_settings_go_one_by_one(monkeypatch):
    """A database configured for server-side binding prepares one statement at a time: the settings are sent
    first, each on its own, inside the statement's own transaction, as before."""
    monkeypatch.setitem(connection.settings_dict, "OPTIONS", {**connection.settings_dict.get("OPTIONS", {}),
                                                               "server_side_binding": True})
    with CaptureQueriesContext(connection) as captured:
        rows = LocalCorpusSource._fetch(SETTINGS_NOW, [])
    assert rows[0][:5] == ("off", "32MB", "off", "off", "0")
    assert len(captured.captured_queries) > 1
    monkeypatch.undo()
    assert plain_settings()[1] != "32MB"
