"""Admin for folders, placements and notes (staff only; users are in Django's own user admin)."""
from django.contrib import admin

from .models import Folder, Note, SearchPlacement


class SearchPlacementInline(admin.TabularInline):
    model = SearchPlacement
    extra = 0
    raw_id_fields = ("search",)


@admin.register(Folder)
class FolderAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "position", "created_at")
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)
    inlines = [SearchPlacementInline]


@admin.register(SearchPlacement)
class SearchPlacementAdmin(admin.ModelAdmin):
    list_display = ("search", "folder", "position")
    raw_id_fields = ("search", "folder")


@admin.register(Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ("pmid", "owner", "search", "updated_at")
    search_fields = ("=pmid", "owner__username")
    raw_id_fields = ("owner", "search")
