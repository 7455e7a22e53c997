"""The chart data of the result document (``charts``), documented field by field for the OpenAPI schema.

The shape is made by ``search/pipeline/chart.py``; these serializers only describe it, so the front end's
generated types (frontend/src/types/api.gen.ts) know every key, and tests/test_api_contract.py /
tests/search/test_document_contract.py fail when chart.py and this description part.
"""
from __future__ import annotations

from collections.abc import Callable

from rest_framework import serializers

from search.pipeline.chart import LABELS
from search.pipeline.consensus import LEAD_SIDES, LEADERS, SIDES


def per_label(field: Callable[[], serializers.Field]) -> dict[str, serializers.Field]:
    """One ``field()`` per stance label, keyed and ordered as chart.py's ``LABELS`` (the one list of them)."""
    return {label: field() for label in LABELS}


# {supports, refutes, neutral}, built from LABELS (like LeadChangeSerializer below, from a dict of fields).
StanceCountsSerializer = type("StanceCountsSerializer", (serializers.Serializer,), per_label(serializers.IntegerField))
StanceStrengthsSerializer = type(
    "StanceStrengthsSerializer", (serializers.Serializer,), per_label(serializers.FloatField)
)


class StanceDistributionSerializer(serializers.Serializer):
    labels = StanceCountsSerializer(help_text="papers per stance label")
    strengths = StanceStrengthsSerializer(help_text="summed stance strengths, 2 decimals")
    evidence = StanceStrengthsSerializer(
        help_text="summed evidence weights (design × addresses × confidence, search/evidence_weight.py), 2 decimals"
    )
    unjudged = serializers.IntegerField(help_text="papers without a stance")


class YearStanceSerializer(StanceCountsSerializer):
    year = serializers.IntegerField()
    unjudged = serializers.IntegerField(help_text="papers of that year without a stance")


class CitationPointSerializer(serializers.Serializer):
    pmid = serializers.CharField()
    rank = serializers.IntegerField()
    year = serializers.IntegerField(allow_null=True)
    citations = serializers.IntegerField(allow_null=True, help_text="null = unavailable, never 0 by default")
    stance = serializers.ChoiceField(choices=list(LABELS), allow_null=True)
    counted = serializers.BooleanField(help_text="the verdict counts this study (it addresses the question)")


class StanceChartsSerializer(serializers.Serializer):
    stance_distribution = StanceDistributionSerializer()
    stance_by_year = YearStanceSerializer(many=True, help_text="papers with a year, by year")


class ConsensusPointSerializer(serializers.Serializer):
    """Cumulative up to and including ``year`` (search/pipeline/consensus.py)."""

    year = serializers.IntegerField()
    added = serializers.IntegerField(help_text="studies published that year")
    n = serializers.IntegerField(help_text="studies so far")
    supports = serializers.IntegerField()
    refutes = serializers.IntegerField()
    unclear = serializers.IntegerField(help_text="neutral, or a label the classifier is unsure of")
    share_supports = serializers.FloatField()
    share_refutes = serializers.FloatField()
    leader = serializers.ChoiceField(choices=list(LEADERS))
    weight = serializers.FloatField(help_text="summed evidence weight so far")
    weighted_supports = serializers.FloatField()
    weighted_refutes = serializers.FloatField()
    share_weighted_supports = serializers.FloatField(allow_null=True, help_text="null while weight is 0")
    share_weighted_refutes = serializers.FloatField(allow_null=True)
    weighted_leader = serializers.ChoiceField(choices=list(LEADERS))


# {year, from, to}: "from" is a Python keyword, so the class is built from a dict of fields.
LeadChangeSerializer = type("LeadChangeSerializer", (serializers.Serializer,), {
    "__doc__": "A year in which the leading side became the other side.",
    "year": serializers.IntegerField(),
    "from": serializers.ChoiceField(choices=list(LEAD_SIDES)),
    "to": serializers.ChoiceField(choices=list(LEAD_SIDES)),
})


class MostRecentSerializer(serializers.Serializer):
    pmid = serializers.CharField()
    rank = serializers.IntegerField()
    year = serializers.IntegerField()
    side = serializers.ChoiceField(choices=list(SIDES))


class ConsensusSerializer(serializers.Serializer):
    points = ConsensusPointSerializer(many=True, help_text="one per year with a study, oldest first")
    lead_changes = LeadChangeSerializer(many=True, help_text="years the leading side became the other (counts)")
    weighted_lead_changes = LeadChangeSerializer(many=True, help_text="the same, weighted by evidence")
    most_recent = MostRecentSerializer(allow_null=True)
    studies = serializers.IntegerField(help_text="studies on the timeline")
    unknown_year = serializers.IntegerField(help_text="counted studies without a year")
    unjudged = serializers.IntegerField(help_text="counted studies without a stance")


class EvidenceWeightSerializer(serializers.Serializer):
    value = serializers.FloatField(help_text="design × addresses × confidence, 0..1")
    design = serializers.FloatField()
    addresses = serializers.FloatField()
    confidence = serializers.FloatField()


class DesignChartsSerializer(StanceChartsSerializer):
    """The stance charts cover the studies the verdict counts; ``all_papers`` holds them over every paper."""

    counted = serializers.IntegerField(help_text="studies the verdict counts: the stance charts' default view")
    all_papers = StanceChartsSerializer(help_text="the two stance charts over every paper")
    citations_vs_year = CitationPointSerializer(many=True, help_text="every paper, in rank order")
    total = serializers.IntegerField(help_text="papers")
    unjudged = serializers.IntegerField()
    unknown_year = serializers.IntegerField()
    unknown_citations = serializers.IntegerField()
    consensus_over_time = ConsensusSerializer(help_text="cumulative shares per year among the counted studies")


class ChartsSerializer(DesignChartsSerializer):
    """Every chart over all papers, each study's evidence weight, and the charts per design (the table filter)."""

    evidence_weights = serializers.DictField(child=EvidenceWeightSerializer(), help_text="by PMID, every paper")
    by_design = serializers.DictField(
        child=DesignChartsSerializer(), help_text="design label -> the same charts over the papers of that design"
    )
