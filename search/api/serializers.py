"""Input and output serializers of the searches API (outputs document the result for OpenAPI)."""
from __future__ import annotations

from rest_framework import serializers

from search.pipeline.state import ADDRESSES_LABELS, CONFIDENCE_LEVELS, FRAME_KINDS, VERDICT_LABELS
from search.design import DESIGNS
from search.scope import SCOPE_KINDS
from search.validation import InvalidInput, clean_publication_types, clean_question, clean_years


class FiltersInputSerializer(serializers.Serializer):
    from_year = serializers.IntegerField(required=False, allow_null=True, default=None)
    to_year = serializers.IntegerField(required=False, allow_null=True, default=None)
    publication_types = serializers.ListField(child=serializers.CharField(), required=False, default=list)


class SearchCreateInputSerializer(serializers.Serializer):
    question = serializers.CharField(allow_blank=True, trim_whitespace=False, help_text="at most 500 characters")
    filters = FiltersInputSerializer(required=False)
    anonymous = serializers.BooleanField(
        default=False, help_text="keep question and result only in memory for a limited time; nothing in the database"
    )

    def validate_question(self, value: str) -> str:
        try:
            return clean_question(value)
        except InvalidInput as exc:
            raise serializers.ValidationError(exc.message) from exc

    def validate(self, attrs: dict) -> dict:
        filters = attrs.get("filters") or {}
        try:
            from_year, to_year = clean_years(filters.get("from_year"), filters.get("to_year"))
            publication_types = clean_publication_types(filters.get("publication_types"))
        except InvalidInput as exc:
            raise serializers.ValidationError({exc.field: [exc.message]}) from exc
        attrs["filters"] = {"from_year": from_year, "to_year": to_year, "publication_types": publication_types}
        return attrs


class SearchCreatedSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="UUID, or a 43-character token for an anonymous search")
    url = serializers.URLField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    anonymous = serializers.BooleanField()
    cached = serializers.BooleanField(help_text="true when a finished identical search was reused")


# --- the result document (documentation of the GET response) ------------------------------

class FiltersSerializer(FiltersInputSerializer):
    pass


class ConceptSerializer(serializers.Serializer):
    text = serializers.CharField()
    mesh_id = serializers.CharField(allow_null=True)
    mesh_heading = serializers.CharField(allow_null=True, required=False)
    synonyms = serializers.ListField(child=serializers.CharField())
    kind = serializers.CharField(required=False)


class AttemptSerializer(serializers.Serializer):
    boolean = serializers.CharField()
    hits = serializers.IntegerField()
    note = serializers.CharField()


class FrameSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(FRAME_KINDS))
    intervention = serializers.CharField(allow_null=True)
    comparator = serializers.CharField(allow_null=True)
    outcome = serializers.CharField(allow_null=True)
    population = serializers.CharField(allow_null=True)


class QuerySerializer(serializers.Serializer):
    boolean = serializers.CharField()
    concepts = ConceptSerializer(many=True)
    attempts = AttemptSerializer(many=True)
    message = serializers.CharField(required=False)
    frame = FrameSerializer(required=False, help_text="how the question was read: what the verdict answers")


class StanceSerializer(serializers.Serializer):
    label = serializers.ChoiceField(choices=["supports", "refutes", "neutral"])
    supports = serializers.FloatField()
    refutes = serializers.FloatField()
    neutral = serializers.FloatField()
    rationale = serializers.CharField(required=False)
    uncertain = serializers.BooleanField(required=False, help_text="the label's strength is too low to show as a finding")


class AddressesSerializer(serializers.Serializer):
    label = serializers.ChoiceField(choices=list(ADDRESSES_LABELS))
    reason = serializers.CharField()


class DesignSerializer(serializers.Serializer):
    label = serializers.ChoiceField(choices=list(DESIGNS))
    name = serializers.CharField(help_text="display name of the design")
    source = serializers.ChoiceField(choices=["publication_type", "mesh", "text"])
    evidence = serializers.CharField(allow_blank=True, help_text="the words that decided it")


class SampleSizeSerializer(serializers.Serializer):
    n = serializers.IntegerField()
    sentence = serializers.CharField()


class BestSentenceSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    text = serializers.CharField()
    score = serializers.FloatField()


class PaperSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    pmid = serializers.CharField()
    title = serializers.CharField()
    abstract = serializers.CharField()
    year = serializers.IntegerField(allow_null=True)
    journal = serializers.CharField()
    venue = serializers.CharField(allow_null=True, help_text="null = unavailable")
    publication_types = serializers.ListField(child=serializers.CharField())
    mesh = serializers.ListField(child=serializers.CharField())
    doi = serializers.CharField()
    pmcid = serializers.CharField()
    retracted = serializers.BooleanField()
    full_text_url = serializers.URLField(allow_null=True)
    citation_count = serializers.IntegerField(allow_null=True, help_text="null = unavailable, never 0 by default")
    relative_citation_ratio = serializers.FloatField(allow_null=True)
    influential_citation_count = serializers.IntegerField(allow_null=True)
    tldr = serializers.CharField(allow_null=True)
    is_clinical = serializers.BooleanField(allow_null=True, help_text="iCite: a clinical article; null = unavailable")
    similarity = serializers.FloatField()
    stance = StanceSerializer(allow_null=True)
    addresses = AddressesSerializer(allow_null=True, help_text="does the study address the question as framed")
    design = DesignSerializer(allow_null=True, help_text="study design (from publication types, MeSH or the text)")
    sample_size = SampleSizeSerializer(allow_null=True, help_text="null when the abstract does not say")
    best_sentence = BestSentenceSerializer(allow_null=True)
    summary = serializers.CharField(allow_null=True)


class AnswerSectionSerializer(serializers.Serializer):
    heading = serializers.CharField()
    text = serializers.CharField()
    refs = serializers.ListField(child=serializers.IntegerField(), help_text="paper ranks cited as [n]")


class VerdictSerializer(serializers.Serializer):
    label = serializers.ChoiceField(choices=list(VERDICT_LABELS))
    confidence = serializers.ChoiceField(choices=list(CONFIDENCE_LEVELS))
    studies_counted = serializers.IntegerField(help_text="studies that address the question and were counted")
    reason = serializers.CharField()
    caution = serializers.CharField(allow_null=True)


class AnswerSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="the headline sentence; it follows from the verdict")
    sections = AnswerSectionSerializer(many=True)
    kind = serializers.CharField(required=False)
    verdict = VerdictSerializer(allow_null=True, required=False)


class EmergencyNumberSerializer(serializers.Serializer):
    region = serializers.CharField()
    number = serializers.CharField()


class ScopeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(SCOPE_KINDS))
    message = serializers.CharField(help_text="plain words for the person; empty when in scope")
    searched = serializers.BooleanField(help_text="false: no study search was run (emergency, off-topic, ...)")
    suggestion = serializers.CharField(allow_null=True, help_text="personal questions: the research question to ask")
    emergency_numbers = EmergencyNumberSerializer(many=True)
    examples = serializers.ListField(child=serializers.CharField())
    covers = serializers.ListField(child=serializers.CharField())


class FailureSerializer(serializers.Serializer):
    stage = serializers.CharField()
    source = serializers.CharField()
    error = serializers.CharField()


class ServiceSerializer(serializers.Serializer):
    workers_alive = serializers.BooleanField(help_text="a worker refreshed its heartbeat within the last few seconds")
    message = serializers.CharField(help_text='plain words when no worker is alive ("Searches are paused ..."), else ""')


class SearchDocumentSerializer(serializers.Serializer):
    id = serializers.CharField()
    question = serializers.CharField()
    title = serializers.CharField()
    anonymous = serializers.BooleanField()
    status = serializers.ChoiceField(choices=["queued", "running", "done", "failed"])
    stage = serializers.CharField(help_text="last finished stage; 'done' at the end")
    progress = serializers.IntegerField(min_value=0, max_value=100)
    branches = serializers.ListField(
        child=serializers.CharField(), help_text="enrich / judge / locate finished so far (they run side by side)"
    )
    error = serializers.CharField(help_text="human-readable reason when failed")
    filters = FiltersSerializer()
    query = QuerySerializer(allow_null=True)
    source = serializers.CharField(help_text="pubmed | local")
    models = serializers.DictField(help_text="embedding, stance, summary, prompt_version")
    papers = PaperSerializer(many=True, help_text="present as soon as rerank has finished")
    answer = AnswerSerializer(allow_null=True)
    scope = ScopeSerializer(allow_null=True, help_text="the scope guard's reading; null until understand ran")
    charts = serializers.DictField(allow_null=True)
    failures = FailureSerializer(many=True, help_text="parts that degraded; the search still ends done")
    timings_ms = serializers.DictField(child=serializers.IntegerField())
    cached = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="anonymous searches only")
    service = ServiceSerializer(help_text="GET /api/searches/{id}/ only: is a worker running searches right now")


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()
