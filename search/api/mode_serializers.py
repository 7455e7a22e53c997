"""Serializers (OpenAPI documentation) of what issue #17 added to the result document: reading modes,
the bottom line, the glossary and the trial cards. The shapes are the dataclasses in
search/pipeline/state.py and documents/sources/clinicaltrials.py; these only describe them."""
from __future__ import annotations

from rest_framework import serializers

from documents.sources.clinicaltrials import STATUSES
from search.design import DESIGNS
from search.pipeline.state import READING_MODES, UNCERTAINTY_CODES, VERDICT_LABELS


class DesignCountSerializer(serializers.Serializer):
    design = serializers.ChoiceField(choices=list(DESIGNS))
    name = serializers.CharField()
    count = serializers.IntegerField()


class UncertaintySerializer(serializers.Serializer):
    code = serializers.CharField(help_text=" | ".join(UNCERTAINTY_CODES))
    clinician = serializers.CharField()
    lay = serializers.CharField()


class BottomLineSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=list(VERDICT_LABELS))
    strongest = DesignCountSerializer(many=True, help_text="the strongest study designs among the counted studies")
    uncertain = UncertaintySerializer(many=True, help_text="what the evidence leaves open")


class ModeTextSerializer(serializers.Serializer):
    headline = serializers.CharField()
    explanation = serializers.CharField()
    certainty = serializers.CharField(help_text="how sure, and why")
    bottom_line = serializers.CharField()


class ModesSerializer(serializers.Serializer):
    lay = ModeTextSerializer(required=False)
    clinician = ModeTextSerializer(required=False)


class GlossaryEntrySerializer(serializers.Serializer):
    term = serializers.CharField(help_text="as written in the answer or a card")
    definition = serializers.CharField()
    source = serializers.CharField(help_text="curated (search/data/glossary.json)")


class TrialSerializer(serializers.Serializer):
    nct_id = serializers.CharField()
    title = serializers.CharField()
    url = serializers.URLField(help_text="the trial's page on ClinicalTrials.gov")
    status = serializers.ChoiceField(choices=list(STATUSES), allow_null=True)
    phases = serializers.ListField(child=serializers.CharField())
    study_type = serializers.CharField(allow_null=True)
    enrollment = serializers.IntegerField(allow_null=True)
    enrollment_type = serializers.CharField(allow_null=True, help_text="ACTUAL | ESTIMATED")
    start_date = serializers.CharField(allow_null=True)
    completion_date = serializers.CharField(allow_null=True)
    sponsor = serializers.CharField(allow_null=True)
    has_results = serializers.BooleanField(allow_null=True, help_text="results posted on the registry")
    conditions = serializers.ListField(child=serializers.CharField())
    interventions = serializers.ListField(child=serializers.CharField())


class TrialQuerySerializer(serializers.Serializer):
    intervention = serializers.CharField()
    condition = serializers.CharField(allow_null=True)


class TrialsSerializer(serializers.Serializer):
    query = TrialQuerySerializer()
    total = serializers.IntegerField(allow_null=True)
    url = serializers.URLField(help_text="the same search on ClinicalTrials.gov")
    studies = TrialSerializer(many=True)


class ModeQuerySerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=list(READING_MODES), required=False,
                                   help_text="lay (default) or clinician; without it, the reader's remembered mode")
