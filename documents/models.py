"""Papers and what is cached about them; shared by every search, revealing nothing about who asked."""
from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models


class PaperColumns(models.Model):
    """A PubMed record's columns, in ``documents.sources.base.Record``'s order and under its names (``pmid`` aside:
    each table keys it its own way). ``Paper`` and ``search.SearchPaper``'s snapshot both inherit them, so the
    record has one shape in the database (tests/search/test_paper_shape.py holds it to ``Record``)."""

    title = models.TextField(blank=True, default="")
    abstract = models.TextField(blank=True, default="")
    year = models.IntegerField(null=True, blank=True)
    journal = models.CharField(max_length=512, blank=True, default="")
    publication_types = ArrayField(models.CharField(max_length=128), default=list, blank=True)
    mesh = ArrayField(models.CharField(max_length=256), default=list, blank=True)
    doi = models.CharField(max_length=256, blank=True, default="")
    pmcid = models.CharField(max_length=32, blank=True, default="")
    retracted = models.BooleanField(default=False)
    authors = ArrayField(
        models.CharField(max_length=256), default=list, blank=True,
        help_text="as the record names them (\"P Nazzaro\", or a group); empty = the source gave none",
    )

    class Meta:
        abstract = True


class Paper(PaperColumns):
    """One PubMed record. Rows loaded by ``load_corpus`` form the local corpus searched offline."""

    pmid = models.CharField(primary_key=True, max_length=16)
    origin = models.CharField(max_length=32, default="corpus", help_text="corpus file, pubmed, ...")
    # Full-text index kept by a trigger (migration 0002): title weight A, abstract B, MeSH C.
    search_vector = SearchVectorField(null=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [GinIndex(fields=["search_vector"], name="paper_search_gin"), models.Index(fields=["year"])]

    def __str__(self) -> str:
        return f"PMID {self.pmid}: {self.title[:80]}"


class PaperMetric(models.Model):
    """Metrics one external source delivered for one paper, cached with the time they were fetched."""

    class Source(models.TextChoices):
        ICITE = "icite", "iCite"
        SEMANTIC_SCHOLAR = "semantic_scholar", "Semantic Scholar"
        PMC = "pmc", "PMC Open Access"

    paper = models.ForeignKey(Paper, on_delete=models.CASCADE, related_name="metrics", db_constraint=False)
    source = models.CharField(max_length=32, choices=Source.choices)
    data = models.JSONField(default=dict, help_text="empty when the source knows nothing about the paper")
    found = models.BooleanField(default=True)
    fetched_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["paper", "source"], name="unique_metric_per_source")]


class CachedPerModel(models.Model):
    """A cache row keyed by (embedding model, PMID), one per pair (each table names its own unique constraint).

    ``Embedding`` and ``SentenceEmbedding`` cache one model's output for one paper; the key and the time it was
    written are declared here once so the two caches stay keyed alike.
    """

    model = models.CharField(max_length=200)
    pmid = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True


class Embedding(CachedPerModel):
    """A cached document embedding (title + abstract) per (model, PMID)."""

    vector = ArrayField(models.FloatField())

    class Meta:
        constraints = [models.UniqueConstraint(fields=["model", "pmid"], name="unique_embedding_per_model")]


class SentenceEmbedding(CachedPerModel):
    """Cached embeddings of one abstract's sentences, in order, per (model, PMID)."""

    sentences = models.JSONField(default=list)
    vectors = ArrayField(ArrayField(models.FloatField()))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["model", "pmid"], name="unique_sentences_per_model")]
