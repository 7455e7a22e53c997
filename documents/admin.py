"""Read-mostly admin for the corpus: find a paper by PMID or title, see what PubMed said about it."""
from __future__ import annotations

from django.contrib import admin

from .models import Paper, PaperMetric


@admin.register(Paper)
class PaperAdmin(admin.ModelAdmin):
    list_display = ("pmid", "short_title", "year", "journal", "retracted", "origin", "updated_at")
    list_filter = ("origin", "retracted")
    search_fields = ("=pmid", "title", "doi")
    readonly_fields = ("updated_at",)

    @admin.display(description="title")
    def short_title(self, obj: Paper) -> str:
        return obj.title[:90]


@admin.register(PaperMetric)
class PaperMetricAdmin(admin.ModelAdmin):
    list_display = ("paper_id", "source", "found", "fetched_at")
    list_filter = ("source", "found")
    search_fields = ("=paper__pmid",)
