"""Searches and the papers each one ranked.

A ``Search`` row holds one pipeline run's state column by column (so each stage can persist
its part and the API can show whatever is ready); ``SearchPaper`` holds the top papers with a
snapshot of the fields the result document shows, so a result never changes when
``documents.Paper`` is refreshed later. Anonymous searches never reach these tables
(see ``search/store/``). Other apps extend a search through their own models with a FK
to ``Search`` (history notes, folders), so this model stays small.
"""
from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.db import models

from documents.models import PaperColumns


class Search(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    question = models.TextField()
    fingerprint = models.CharField(
        max_length=64, db_index=True, help_text="sha256 of the normalised question and filters (result cache key)"
    )
    filters = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    stage = models.CharField(max_length=32, blank=True, default="", help_text="last stage that finished")
    progress = models.PositiveSmallIntegerField(default=0)
    branches = ArrayField(
        models.CharField(max_length=16), default=list, blank=True,
        help_text="enrich / judge / locate recorded so far (they run side by side after rerank)",
    )
    error = models.TextField(blank=True, default="", help_text="human-readable reason when failed")
    source = models.CharField(max_length=16, blank=True, default="")
    query = models.JSONField(null=True, blank=True)
    timings = models.JSONField(default=dict, blank=True, help_text="milliseconds per stage")
    failures = models.JSONField(default=list, blank=True)
    usage = models.JSONField(default=dict, blank=True, help_text="LLM token usage")
    answer = models.JSONField(null=True, blank=True)
    charts = models.JSONField(null=True, blank=True)
    trials = models.JSONField(null=True, blank=True, help_text="registered trial cards (ClinicalTrials.gov)")
    scope = models.JSONField(null=True, blank=True, help_text="the scope guard's reading of the question")
    # Running state between retrieve and rerank: candidate PMIDs (records live in documents.Paper).
    candidate_pmids = ArrayField(models.CharField(max_length=16), default=list, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="searches"
    )
    title = models.CharField(max_length=200, blank=True, default="", help_text="custom title; blank = the question")
    reused_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="reuses",
        help_text="the finished search whose result this one copied (result cache hit)",
    )
    rerun_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="reruns",
        help_text="the owner's earlier search this one re-ran (living questions, search/living.py)",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Last: from here on the name ``models`` is this field, not django.db.models.
    models = models.JSONField(default=dict, blank=True, help_text="embedding, stance, summary, prompt_version")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["fingerprint", "status", "finished_at"], name="search_cache_idx"),
            models.Index(fields=["status", "updated_at"], name="search_watchdog_idx"),
            models.Index(fields=["owner", "-created_at"], name="search_owner_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.title or self.question[:80]} ({self.status})"


class SearchPaper(PaperColumns):
    """One of a search's top papers: its rank, per-search judgements and a snapshot of the paper
    (``PaperColumns``: ``documents.Paper`` as the search saw it)."""

    search = models.ForeignKey(Search, on_delete=models.CASCADE, related_name="papers")
    rank = models.PositiveSmallIntegerField()
    pmid = models.CharField(max_length=16, db_index=True, help_text="documents.Paper primary key")
    similarity = models.FloatField()
    stance = models.JSONField(null=True, blank=True)
    addresses = models.JSONField(null=True, blank=True, help_text="does the study address the question: label, reason")
    design = models.JSONField(null=True, blank=True, help_text="study design: label, source, evidence")
    sample_size = models.JSONField(null=True, blank=True, help_text="people randomised/enrolled/included: n, sentence")
    best_sentence = models.JSONField(null=True, blank=True)
    summary = models.TextField(null=True, blank=True)
    metrics = models.JSONField(default=dict, blank=True, help_text="metrics as delivered for this search; null = unavailable")

    class Meta:
        ordering = ["search", "rank"]
        constraints = [models.UniqueConstraint(fields=["search", "pmid"], name="unique_paper_per_search")]

    def __str__(self) -> str:
        return f"#{self.rank} PMID {self.pmid}"


class LivingSchedule(models.Model):
    """A signed-in owner's standing order to re-run one question (with its filters) weekly or monthly.

    Keyed by the search fingerprint, which already includes the owner, the question and the filters: one
    schedule per living question whichever of its runs it was set on. Celery beat re-runs the newest run
    of the question when ``next_run_at`` has passed (search/living.py). Off unless the owner sets one.
    """

    class Every(models.TextChoices):
        WEEKLY = "weekly", "Weekly"
        MONTHLY = "monthly", "Monthly"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="living_schedules")
    fingerprint = models.CharField(max_length=64, unique=True, help_text="Search.fingerprint of the question's runs")
    every = models.CharField(max_length=16, choices=Every.choices)
    next_run_at = models.DateTimeField(db_index=True)
    last_run_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.every} re-run of {self.fingerprint[:8]}"
