"""Admin for searches. Anonymous searches never appear here: they live only in Redis."""
from django.contrib import admin

from .models import Search, SearchPaper


class SearchPaperInline(admin.TabularInline):
    model = SearchPaper
    extra = 0
    fields = ("rank", "pmid", "title", "year", "similarity", "stance", "summary")
    readonly_fields = fields
    can_delete = False
    show_change_link = True


@admin.register(Search)
class SearchAdmin(admin.ModelAdmin):
    list_display = ("question", "status", "stage", "progress", "source", "owner", "created_at")
    list_filter = ("status", "source", "created_at")
    search_fields = ("question", "title", "=id", "fingerprint")
    readonly_fields = ("id", "fingerprint", "created_at", "updated_at", "finished_at", "reused_from")
    raw_id_fields = ("owner",)
    date_hierarchy = "created_at"
    inlines = [SearchPaperInline]


@admin.register(SearchPaper)
class SearchPaperAdmin(admin.ModelAdmin):
    list_display = ("search", "rank", "pmid", "title", "similarity")
    search_fields = ("=pmid", "title")
    raw_id_fields = ("search",)


# documents/admin.py (the sources engineer's) registers Paper and PaperMetric; cached embeddings are listed here
# unless it registers them itself.
from documents.models import Embedding  # noqa: E402

if not admin.site.is_registered(Embedding):

    @admin.register(Embedding)
    class EmbeddingAdmin(admin.ModelAdmin):
        list_display = ("pmid", "model", "created_at")
        list_filter = ("model",)
        search_fields = ("=pmid",)
        exclude = ("vector",)  # 384 floats are not for reading
