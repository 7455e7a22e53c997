"""Input and output serializers of the searches API (outputs document the result for OpenAPI)."""
from __future__ import annotations

from rest_framework import serializers

from medseba.api.errors import InvalidInput
from search.models import Search

from search.api.chart_serializers import ChartsSerializer, per_label
from search.api.living_serializers import LivingSerializer
from search.api.mode_serializers import BottomLineSerializer, GlossaryEntrySerializer, ModesSerializer, TrialsSerializer
from search.api.provenance_serializers import ModelsSerializer, ProvenanceSerializer
from search.pipeline import graph
from search.pipeline.chart import LABELS
from search.pipeline.state import (
    ADDRESSES_LABELS, CONFIDENCE_LEVELS, FRAME_CLAIMS, FRAME_KINDS, READING_MODES, VERDICT_LABELS,
)
from search.design import DESIGNS
from search.scope import SCOPE_KINDS
from search.validation import MAX_QUESTION_CHARS, clean_publication_types, clean_question, clean_years


class FiltersInputSerializer(serializers.Serializer):
    from_year = serializers.IntegerField(required=False, allow_null=True, default=None)
    to_year = serializers.IntegerField(required=False, allow_null=True, default=None)
    publication_types = serializers.ListField(child=serializers.CharField(), required=False, default=list)


class SearchCreateInputSerializer(serializers.Serializer):
    question = serializers.CharField(allow_blank=True, trim_whitespace=False, help_text=f"at most {MAX_QUESTION_CHARS} characters")
    filters = FiltersInputSerializer(required=False)
    anonymous = serializers.BooleanField(
        default=False, help_text="keep question and result only in memory for a limited time; nothing in the database"
    )
    mode = serializers.ChoiceField(
        choices=list(READING_MODES), required=False,
        help_text="reading mode the LLM writes in (lay default; the signed-in reader's remembered mode when absent)",
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
    status = serializers.ChoiceField(choices=Search.Status.choices)
    anonymous = serializers.BooleanField()
    cached = serializers.BooleanField(help_text="true when a finished identical search was reused")


# --- the result document (documentation of the GET response) ------------------------------

class FiltersSerializer(FiltersInputSerializer):
    pass


class ConceptSerializer(serializers.Serializer):
    text = serializers.CharField()
    mesh_id = serializers.CharField(allow_null=True)
    mesh_heading = serializers.CharField(allow_null=True)
    synonyms = serializers.ListField(child=serializers.CharField())
    kind = serializers.CharField(help_text="where the concept came from: drug, disease, term, phrase, ...")


class AttemptSerializer(serializers.Serializer):
    boolean = serializers.CharField()
    hits = serializers.IntegerField(help_text="the query's total hits in the source (an estimate when hits_estimated)")
    note = serializers.CharField()
    hits_estimated = serializers.BooleanField(
        required=False,
        help_text="hits is an estimate, not the exact total (a broad local search reads at most RANK_CAP hits); "
                  "absent, like false, in results stored before it was recorded",
    )


class FrameSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=list(FRAME_KINDS))
    intervention = serializers.CharField(allow_null=True)
    comparator = serializers.CharField(allow_null=True)
    outcome = serializers.CharField(allow_null=True)
    population = serializers.CharField(allow_null=True)
    claim = serializers.ChoiceField(
        choices=list(FRAME_CLAIMS), allow_null=True,
        help_text="comparisons: what the question claims of the intervention against the comparator; harm "
                  "questions: 'danger' when asked as 'is it dangerous / risky to ...'",
    )
    background = serializers.CharField(
        allow_null=True, required=False,
        help_text="effect and harm questions of an added treatment: what it is added to (absent in results stored "
                  "before it was read)",
    )


class QuerySerializer(serializers.Serializer):
    boolean = serializers.CharField()
    concepts = ConceptSerializer(many=True)
    attempts = AttemptSerializer(many=True)
    relaxations = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2),
        help_text="[boolean, note] pairs: the looser queries tried in order when too few studies matched",
    )
    message = serializers.CharField(allow_blank=True, help_text='e.g. "could not find medical concepts"; "" when none')
    frame = FrameSerializer(help_text="how the question was read: what the verdict answers")
    roles = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="concept indices per frame role (intervention, comparator, outcome, population, and background: what "
                  "an added treatment is added to)",
    )


# A paper's stance: the label, its strength per label (the chart's labels), why, and whether it is unsure.
StanceSerializer = type("StanceSerializer", (serializers.Serializer,), {
    "label": serializers.ChoiceField(choices=list(LABELS)),
    **per_label(serializers.FloatField),
    "rationale": serializers.CharField(allow_blank=True),
    "uncertain": serializers.BooleanField(help_text="the label's strength is too low to show as a finding"),
})


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
    authors = serializers.ListField(
        child=serializers.CharField(),
        help_text='as PubMed names them ("P Nazzaro", or a group such as "SOLVD Investigators"); empty = none given',
    )
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
    kind = serializers.ChoiceField(choices=["extractive", "llm", "none"])
    verdict = VerdictSerializer(allow_null=True)
    invalid_refs_removed = serializers.IntegerField(help_text="[n] references to no listed study, taken out")
    bottom_line = BottomLineSerializer(allow_null=True, help_text="the verdict, the strongest designs, what is uncertain")
    modes = ModesSerializer(help_text="the words of the reading mode asked for (GET ?mode=); both in exports")
    glossary = GlossaryEntrySerializer(many=True, help_text="plain meanings of terms used in the answer and cards")


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
    at = serializers.CharField(
        allow_blank=True,
        help_text='when it failed, ISO 8601 in UTC ("2026-12-01T10:41:07+00:00"); "" in results stored before failures '
                  "carried a time",
    )


class ServiceSerializer(serializers.Serializer):
    workers_alive = serializers.BooleanField(help_text="a worker refreshed its heartbeat within the last few seconds")
    message = serializers.CharField(help_text='plain words when no worker is alive ("Searches are paused ..."), else ""')


class SearchDocumentSerializer(serializers.Serializer):
    id = serializers.CharField()
    question = serializers.CharField()
    title = serializers.CharField()
    anonymous = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Search.Status.choices)
    stage = serializers.ChoiceField(
        choices=["", *graph.STAGES, "done"], help_text="last finished stage (search/pipeline/graph.py); '' while queued"
    )
    progress = serializers.IntegerField(min_value=0, max_value=100)
    branches = serializers.ListField(
        child=serializers.ChoiceField(choices=list(graph.BRANCHES)),
        help_text="enrich / judge / locate finished so far (they run side by side)",
    )
    error = serializers.CharField(help_text="human-readable reason when failed")
    filters = FiltersSerializer()
    query = QuerySerializer(allow_null=True)
    source = serializers.CharField(help_text="pubmed | local")
    models = ModelsSerializer(help_text="what produced the result (search/provenance.py adds the versions)")
    provenance = ProvenanceSerializer(help_text="source and corpus version or PubMed query date, query, filters, "
                                      "models and prompt versions, code version")
    papers = PaperSerializer(many=True, help_text="present as soon as rerank has finished")
    answer = AnswerSerializer(allow_null=True)
    scope = ScopeSerializer(allow_null=True, help_text="the scope guard's reading; null until understand ran")
    charts = ChartsSerializer(allow_null=True, help_text="null until chart ran")
    trials = TrialsSerializer(allow_null=True, help_text="registered trials (ClinicalTrials.gov); null when not "
                              "asked or the registry failed (then listed in failures, source clinicaltrials)")
    living = LivingSerializer(allow_null=True, help_text="re-runs and schedule (search/living.py); null for a search "
                              "nobody owns (anonymous or signed out): those are never re-run")
    mode = serializers.ChoiceField(choices=list(READING_MODES), help_text="GET only: the reading mode of `answer.modes`")
    failures = FailureSerializer(many=True, help_text="parts that degraded; the search still ends done")
    timings_ms = serializers.DictField(child=serializers.IntegerField())
    usage = serializers.DictField(
        child=serializers.IntegerField(), help_text="LLM tokens this search used (prompt_tokens, ...); {} offline"
    )
    cached = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True, help_text="anonymous searches only")
    service = ServiceSerializer(help_text="GET /api/searches/{id}/ only: is a worker running searches right now")
    version = serializers.IntegerField(
        help_text="GET /api/searches/{id}/ only: changes whenever the document does; send it back as ?version= "
        "to wait for the next change (long-polling)"
    )


class ProgressQuerySerializer(serializers.Serializer):
    """GET /api/searches/{id}/'s query: the version the client already has (search/progress.py)."""

    version = serializers.IntegerField(required=False, min_value=0, max_value=2**53)
    mode = serializers.ChoiceField(choices=list(READING_MODES), required=False,
                                   help_text="lay or clinician; without it, the reader's remembered mode (lay by default)")
