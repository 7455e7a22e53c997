"""Serializers of living questions (issue 15 §6): the document's ``living`` block, the schedule, and the
"what changed" comparison (shapes made in search/living.py and search/changes.py; documented once here)."""
from __future__ import annotations

from rest_framework import serializers

from search.api.chart_serializers import StanceCountsSerializer
from search.changes import SPLIT_LABELS
from search.living import EVERY
from search.models import Search
from search.pipeline.state import CONFIDENCE_LEVELS, VERDICT_LABELS


class RunRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    status = serializers.ChoiceField(choices=Search.Status.choices)
    created_at = serializers.DateTimeField()


class LivingScheduleSerializer(serializers.Serializer):
    every = serializers.ChoiceField(choices=list(EVERY))
    next_run_at = serializers.DateTimeField(help_text="when Celery beat re-runs the question next")


class LivingSerializer(serializers.Serializer):
    rerun_of = RunRefSerializer(allow_null=True, help_text="the earlier run this search re-ran; null for a first run")
    reruns = RunRefSerializer(many=True, help_text="later re-runs of this search, newest first (owner only)")
    can_rerun = serializers.BooleanField(help_text="the reader owns this finished search and may re-run it")
    schedule = LivingScheduleSerializer(allow_null=True, help_text="the question's re-run schedule; null = off")


class LivingScheduleInputSerializer(serializers.Serializer):
    every = serializers.ChoiceField(choices=list(EVERY), allow_null=True, help_text="weekly, monthly, or null = off")


class LivingScheduleOutputSerializer(serializers.Serializer):
    schedule = LivingScheduleSerializer(allow_null=True)


class ChangesVerdictSerializer(serializers.Serializer):
    label = serializers.ChoiceField(choices=list(VERDICT_LABELS))
    confidence = serializers.ChoiceField(choices=list(CONFIDENCE_LEVELS), allow_null=True)
    studies_counted = serializers.IntegerField(allow_null=True)


class RunSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    status = serializers.ChoiceField(choices=Search.Status.choices)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    verdict = ChangesVerdictSerializer(allow_null=True, help_text="answer.verdict; null when the run has none")
    split = StanceCountsSerializer(allow_null=True, help_text="stance counts of the studies the verdict counts (the chart)")
    counted = serializers.IntegerField(allow_null=True, help_text="studies the verdict counts; null without charts")
    studies = serializers.IntegerField(help_text="papers in the result")


class ChangedStudySerializer(serializers.Serializer):
    pmid = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True)
    title = serializers.CharField(allow_blank=True)
    year = serializers.IntegerField(allow_null=True)
    design = serializers.CharField(allow_null=True, help_text="display name of the design")
    stance = serializers.ChoiceField(choices=list(SPLIT_LABELS), allow_null=True)
    retracted = serializers.BooleanField()


class StanceChangeSerializer(serializers.Serializer):
    pmid = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    before = serializers.ChoiceField(choices=list(SPLIT_LABELS), allow_null=True)
    after = serializers.ChoiceField(choices=list(SPLIT_LABELS), allow_null=True)


class ChangesSerializer(serializers.Serializer):
    before = RunSummarySerializer(help_text="the earlier run (the one re-run)")
    after = RunSummarySerializer(help_text="this run")
    new_studies = ChangedStudySerializer(many=True, help_text="in this run, not in the earlier one (this run's order)")
    gone_studies = ChangedStudySerializer(many=True, help_text="in the earlier run, not in this one")
    kept = serializers.IntegerField(help_text="studies in both runs")
    stance_changed = StanceChangeSerializer(many=True, help_text="studies in both whose stance label changed")
    newly_retracted = ChangedStudySerializer(many=True, help_text="studies in both, retracted since the earlier run")
    verdict_changed = serializers.BooleanField()
