"""What an account owns besides its searches: folders, where each search sits in them, and notes on papers.

Searches themselves live in ``search.Search`` (``owner`` FK, custom ``title``); this app only
adds a ``SearchPlacement`` row per filed search, so an unfiled search has no row here and
deleting a folder can either drop the placements (searches return to the unfiled list) or the
searches themselves. Everything here cascades from the user, so deleting an account deletes it all.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

FOLDER_NAME_MAX = 100
NOTE_TEXT_MAX = 10_000


class Folder(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="folders")
    name = models.CharField(max_length=FOLDER_NAME_MAX)
    position = models.PositiveIntegerField(default=0, help_text="order among the owner's folders, 0 first")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner", "position", "id"]
        constraints = [
            # Case-insensitive: "Migraine" and "migraine" would look like the same folder in the list.
            models.UniqueConstraint(Lower("name"), "owner", name="unique_folder_name_per_owner"),
        ]

    def __str__(self) -> str:
        return self.name


class SearchPlacement(models.Model):
    """A search filed in a folder, at a position (0 first). One folder per search at most."""

    search = models.OneToOneField(
        "search.Search", on_delete=models.CASCADE, primary_key=True, related_name="placement"
    )
    folder = models.ForeignKey(Folder, on_delete=models.CASCADE, related_name="placements")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["folder", "position"]
        indexes = [models.Index(fields=["folder", "position"], name="placement_order_idx")]

    def __str__(self) -> str:
        return f"{self.search_id} in {self.folder_id} at {self.position}"


class Note(models.Model):
    """A user's note on a paper (by PMID), optionally made while reading one of their searches.

    A note tied to a search is deleted with it (it may repeat the question); a note without one
    stays until the user deletes it or the account.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notes")
    pmid = models.CharField(max_length=16, db_index=True)
    search = models.ForeignKey(
        "search.Search", null=True, blank=True, on_delete=models.CASCADE, related_name="notes"
    )
    text = models.TextField(max_length=NOTE_TEXT_MAX)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["owner", "pmid"], name="note_owner_pmid_idx")]

    def __str__(self) -> str:
        return f"note on PMID {self.pmid}"


class Preference(models.Model):
    """An account holder's reading settings (signed-out visitors keep theirs in their own browser only)."""

    class ReadingMode(models.TextChoices):  # the values are search.pipeline.state.READING_MODES
        LAY = "lay", "Lay"
        CLINICIAN = "clinician", "Clinician"

    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preference")
    reading_mode = models.CharField(max_length=16, choices=ReadingMode.choices, default=ReadingMode.LAY)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.reading_mode}"
