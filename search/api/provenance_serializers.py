"""The result's ``models`` and ``provenance`` blocks, documented for the OpenAPI schema (search/provenance.py
makes them; these serializers only describe them, and the contract tests hold the two together)."""
from __future__ import annotations

from rest_framework import serializers


class CorpusVersionSerializer(serializers.Serializer):
    version = serializers.CharField(help_text="12 hex characters of SHA-256 over origin, count, last load per origin")
    records = serializers.IntegerField()
    origins = serializers.ListField(child=serializers.CharField(), help_text="the files the records came from")
    loaded_at = serializers.DateTimeField(allow_null=True)


class ModelsSerializer(serializers.Serializer):
    """What produced the result; later stages add their keys, so every key is optional."""

    embedding = serializers.CharField(required=False)
    stance = serializers.CharField(required=False)
    summary = serializers.CharField(required=False)
    prompt_version = serializers.CharField(required=False, allow_blank=True)
    requested_source = serializers.CharField(required=False)
    mode = serializers.CharField(required=False, help_text="the reading mode the answer was written in (lay | clinician)")
    code_version = serializers.CharField(required=False, help_text="recorded by retrieve")
    retrieved_at = serializers.DateTimeField(required=False, help_text="when retrieve ran (the PubMed query date)")
    corpus = CorpusVersionSerializer(required=False, help_text="local source only")
    artifacts = serializers.DictField(
        child=serializers.CharField(), required=False, help_text="offline model file -> content version"
    )


class ProvenanceModelsSerializer(serializers.Serializer):
    embedding = serializers.CharField(allow_blank=True)
    stance = serializers.CharField(allow_blank=True)
    summary = serializers.CharField(allow_blank=True)
    prompt_version = serializers.CharField(allow_blank=True)


class ProvenanceSerializer(serializers.Serializer):
    """Where the result came from; "" / null where the search has not recorded it (yet)."""

    source = serializers.CharField(allow_blank=True, help_text="local | pubmed")
    corpus = CorpusVersionSerializer(allow_null=True, help_text="the local corpus's version (local source)")
    pubmed_query_date = serializers.DateField(allow_null=True, help_text="live PubMed: the day it was queried")
    retrieved_at = serializers.DateTimeField(allow_null=True)
    query = serializers.CharField(allow_blank=True, help_text="the Boolean query that was run")
    filters = serializers.DictField(help_text="as in `filters`")
    models = ProvenanceModelsSerializer()
    artifacts = serializers.DictField(child=serializers.CharField(), help_text="offline model file -> content version")
    code_version = serializers.CharField(allow_blank=True, help_text="git commit (+dirty) or MEDSEBA_CODE_VERSION")
