"""Prefix terms matched as the OR of the corpus' own lexemes under the prefix (issue 19, ``prefix_terms``): the
vocabulary is kept by a trigger on every write, the hits are those of the prefix, and a prefix with too many
lexemes stays a prefix."""
from __future__ import annotations

import json

import pytest
from django.db import connection, transaction

from documents.bulk_copy import copy_new_batch, copy_upsert_batch, encode_batch
from documents.loading import upsert_rows
from documents.models import Paper
from documents.sources import prefix_terms
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource
from tests.documents.test_load_corpus import head_lines, load, write_gz

pytestmark = pytest.mark.django_db

PAPERS = [
    ("501", "Proton pump inhibitors for reflux", "Omeprazole is a proton pump inhibitor used in reflux.", 2001),
    ("502", "Inhibitory control", "Inhibitory control in children with reflux was measured.", 2002),
    ("503", "ACE-inhibitor cough", "Cough on ACE-inhibitor treatment; an ACE inhibitor-induced cough.", 2003),
    ("504", "Opioid-sparing analgesia", "Opioids and opioid-induced constipation in chronic pain.", 2004),
    ("505", "Reflux alone", "Reflux was treated with antacids; no inhibition of acid.", 2005),
    ("506", "Beta-blockers after infarction", "Beta blocker therapy after myocardial infarction.", 2006),
    ("507", "Statins", "Statin use and cholesterol.", 2007),
    ("508", "No abstract inhibitor", "", 2008),
]


def vocabulary(prefix: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT word FROM documents_paper_lexeme WHERE starts_with(word, %s) ORDER BY word", [prefix])
        return [r[0] for r in cursor.fetchall()]


def lexemes_of(pmid: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT unnest(tsvector_to_array(search_vector)) FROM documents_paper WHERE pmid = %s", [pmid])
        return [r[0] for r in cursor.fetchall()]


def matched(source: LocalCorpusSource, compiled) -> list[str]:
    rows = source._fetch(f"SELECT pmid FROM documents_paper WHERE abstract <> '' AND ({compiled.where}) ORDER BY pmid",
                         compiled.params)
    return [r[0] for r in rows]


def hits(source: LocalCorpusSource, query: str, filters: Filters, limit: int):
    found = source.search(query, filters, limit)
    return [r.pmid for r in found.records], found.count, found.count_is_estimate


@pytest.fixture
def corpus():
    for pmid, title, abstract, year in PAPERS:
        Paper.objects.create(pmid=pmid, title=title, abstract=abstract, year=year)
    return LocalCorpusSource()


def test_every_written_lexeme_is_in_the_vocabulary(corpus):
    for pmid, *_ in PAPERS:
        assert set(lexemes_of(pmid)) <= set(vocabulary(""))
    assert {"inhibitor", "inhibitori", "inhibitor-induc"} <= set(vocabulary("inhibitor"))
    # An UPDATE through the ORM adds the lexemes of the new text, in the same statement.
    paper = Paper.objects.get(pmid="507")
    paper.abstract = "Inhibitorzyme levels and statin use."
    paper.save()
    assert "inhibitorzym" in vocabulary("inhibitor")


def test_a_prefix_is_matched_as_the_lexemes_under_it(corpus):
    compiled = corpus.compile("proton pump inhibitor*[tiab] AND reflux", Filters())
    expanded = corpus.matching(compiled)
    assert "'inhibitor':*AB" in compiled.params[0]
    assert ":*" not in expanded.params[0]
    # Every lexeme the corpus holds under the prefix (earlier tests that commit may have left more), in byte order.
    under = " | ".join(f"'{w}':AB" for w in vocabulary("inhibitor"))
    assert "'inhibitor':AB | 'inhibitor-induc':AB | 'inhibitori':AB" in under and f"({under})" in expanded.params[0]
    assert expanded.rank_query == compiled.rank_query  # ranked by the prefix, as before
    assert matched(corpus, expanded) == matched(corpus, compiled) == ["501"]


@pytest.mark.parametrize("query", [
    "inhibitor*", "inhibitor*[ti]", "inhibitor*[tiab] AND reflux", "\"proton pump inhibitor*\"",
    "ACE inhibitor* AND cough", "reflux NOT inhibitor*", "opioid*[tiab] OR statin*", "beta blocker*",
    "inhibit* AND (opioid* OR reflux)", "inhibitor*[mh]", "zzzz*", "inhibitor* AND 2000:2004[dp]",
])
def test_the_expanded_query_matches_the_same_records(corpus, query):
    compiled = corpus.compile(query, Filters())
    assert matched(corpus, corpus.matching(compiled)) == matched(corpus, compiled)


def test_the_hits_are_identical_to_the_prefix_search(corpus, monkeypatch):
    queries = ["inhibitor*", "proton pump inhibitor*[tiab] AND reflux", "reflux NOT inhibitor*", "opioid* OR statin*",
               "\"ACE inhibitor*\" AND cough", "beta blocker*"]
    calls = [(q, f, limit) for q in queries for f in (Filters(), Filters(from_year=2003)) for limit in (1, 50)]
    expanded = [hits(corpus, *call) for call in calls]
    monkeypatch.setattr(LocalCorpusSource, "matching", lambda self, compiled: compiled)
    assert expanded == [hits(corpus, *call) for call in calls]
    assert expanded[0][0] and expanded[0][1] == 3  # 501, 502, 503 (508 has no abstract)


def test_a_record_loaded_later_with_a_new_lexeme_under_the_prefix_is_found(corpus):
    before = hits(corpus, "inhibitor*", Filters(), 50)
    Paper.objects.create(pmid="601", title="Inhibitorxase", abstract="A new inhibitorxase was studied.", year=2010)
    assert "inhibitorxas" in vocabulary("inhibitor")
    after = hits(corpus, "inhibitor*", Filters(), 50)
    assert after[1] == before[1] + 1 and "601" in after[0]
    # The bulk paths: a straight COPY, and the staging-table upsert (insert and update).
    rows = [{"pmid": "602", "title": "Opioidomimetic peptides", "abstract": "Opioidomimetics were given.",
             "year": 2011, "mesh": [], "publication_types": [], "origin": "pubmed"}]
    with transaction.atomic():
        copy_new_batch(encode_batch(rows))
    assert "602" in hits(corpus, "opioid*", Filters(), 50)[0]
    with transaction.atomic():
        copy_upsert_batch(encode_batch([dict(rows[0], pmid="603", title="Statinoid", abstract="Statinoids.")]))
        copy_upsert_batch(encode_batch([dict(rows[0], abstract="Opioidomimetics and betablockeroids.")]))
    assert "603" in hits(corpus, "statin*", Filters(), 50)[0]
    assert hits(corpus, "betablocker*", Filters(), 50)[0] == ["602"]
    upsert_rows([dict(rows[0], pmid="604", title="Inhibitorquux", abstract="Inhibitorquux in reflux.")])
    assert "604" in hits(corpus, "inhibitor* AND reflux", Filters(), 50)[0]


def test_a_rolled_back_write_leaves_no_lexeme(corpus):
    with pytest.raises(RuntimeError), transaction.atomic():
        Paper.objects.create(pmid="701", title="Inhibitorwave", abstract="Inhibitorwave.", year=2010)
        raise RuntimeError
    assert "inhibitorwav" not in vocabulary("inhibitor")


def test_rows_written_without_triggers_are_added_by_a_rebuild(corpus):
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM documents_paper_lexeme WHERE starts_with(word, 'inhibitori')")
    assert "inhibitori" not in vocabulary("inhibitor")
    assert prefix_terms.rebuild_vocabulary() >= 1
    assert "inhibitori" in vocabulary("inhibitor") and prefix_terms.rebuild_vocabulary() == 0


def test_a_prefix_with_too_many_lexemes_stays_a_prefix(corpus, monkeypatch):
    monkeypatch.setattr(prefix_terms, "MAX_LEXEMES", 2)
    expanded = corpus.matching(corpus.compile("inhibitor* AND statin*", Filters()))
    assert len(vocabulary("inhibitor")) > 2 and "'inhibitor':*" in expanded.params[0]  # left a prefix
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM documents_paper_lexeme WHERE starts_with(word, 'statin') AND word <> 'statin'")
    expanded = corpus.matching(corpus.compile("inhibitor* AND statin*", Filters()))
    assert "'inhibitor':*" in expanded.params[0] and "('statin')" in expanded.params[0]
    assert matched(corpus, expanded) == []


def test_without_the_lexeme_table_the_prefix_stays(corpus):
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE documents_paper_lexeme RENAME TO documents_paper_lexeme_away")
        compiled = corpus.compile("inhibitor* AND reflux", Filters())
        assert corpus.matching(compiled) == compiled
        assert hits(corpus, "inhibitor* AND reflux", Filters(), 50)[:2] == (["501", "502"], 2)
        transaction.set_rollback(True)
    assert corpus.matching(compiled) != compiled


def test_tsquery_text_is_rewritten_lexeme_by_lexeme():
    text = "'a''b':*AB & 'c\\\\d':* & 'x':B & !'inhib':* <-> 'q'"
    assert prefix_terms.prefixes(text) == ["a'b", "c\\d", "inhib"]
    out = prefix_terms.expand_tsquery(text, {"a'b": ["a'b", "a'bc"], "c\\d": ["c\\d"], "inhib": []})
    assert out == "('a''b':AB | 'a''bc':AB) & ('c\\\\d') & 'x':B & !'inhib':* <-> 'q'"
    assert prefix_terms.upper_bound("inhibitor") == "inhibitos"
    assert prefix_terms.upper_bound("") is None


@pytest.mark.django_db(transaction=True)
def test_the_parallel_bulk_load_keeps_the_vocabulary(tmp_path):
    """``load_corpus --workers 2 --defer-index``: forked loaders COPY the rows, each batch's lexemes added with it;
    a later load of a changed record with a new lexeme under a prefix is found by the prefix."""
    lines = head_lines(300)
    assert load(str(write_gz(tmp_path / "head.jsonl.gz", lines)), "--workers", "2", "--defer-index").startswith("300")
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) AS w FROM documents_paper) "
                       "x WHERE NOT EXISTS (SELECT 1 FROM documents_paper_lexeme l WHERE l.word = x.w)")
        assert cursor.fetchone()[0] == 0
    source = LocalCorpusSource()
    for query in ("inhibitor*", "random* AND placebo", "hypertens*[tiab] NOT pregnan*"):
        compiled = source.compile(query, Filters())
        assert matched(source, source.matching(compiled)) == matched(source, compiled)
    first = json.loads(lines[0])
    changed = [json.dumps(dict(first, title="Inhibitorvexin retitled")) + "\n"] + lines[1:]
    assert load(str(write_gz(tmp_path / "changed.jsonl.gz", changed)), "--workers", "2").startswith("0 loaded, 1 up")
    assert first["pmid"] in hits(source, "inhibitor*[ti]", Filters(), 300)[0]
    assert "inhibitorvexin" in vocabulary("inhibitor")
