"""Reads for accounts: history, folders, notes, top topics — always scoped to one user, here and only here.

Searches are scoped through ``search.selectors.search_owned_by`` (the one definition of "my
searches"); folders and notes through ``folders_owned_by`` / ``notes_owned_by`` below. A row
of another user is reported exactly like a missing one (``NotFound`` -> 404).
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import F, QuerySet

from search.models import Search
from search.selectors import search_owned_by

from .errors import NotFound
from .models import Folder, Note

UNFILED = "unfiled"


def _signed_in(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def _int_id(raw: Any, what: str) -> int:
    try:
        value = int(str(raw))
    except (TypeError, ValueError) as exc:
        raise NotFound(what) from exc
    if value <= 0 or value > 2**63 - 1:
        raise NotFound(what)
    return value


# --- folders ----------------------------------------------------------------------------

def folders_owned_by(*, user: Any) -> QuerySet[Folder]:
    if not _signed_in(user):
        return Folder.objects.none()
    return Folder.objects.filter(owner=user).order_by("position", "id")


def folder_get(*, user: Any, folder_id: Any) -> Folder:
    try:
        return folders_owned_by(user=user).get(pk=_int_id(folder_id, "folder"))
    except Folder.DoesNotExist as exc:
        raise NotFound("folder") from exc


def folder_list(*, user: Any) -> list[Folder]:
    """The user's folders in order, each with ``search_count``."""
    from django.db.models import Count

    return list(folders_owned_by(user=user).annotate(search_count=Count("placements")))


# --- history ----------------------------------------------------------------------------

def history_list(*, user: Any, folder: str | None = None) -> QuerySet[Search]:
    """The user's searches, annotated with ``folder_id`` and ``folder_position``.

    ``folder``: None = everything (newest first); "unfiled" = searches in no folder (newest
    first); a folder id = that folder's searches in their order.
    """
    qs = search_owned_by(user=user).select_related("placement").annotate(
        folder_id=F("placement__folder_id"), folder_position=F("placement__position")
    )
    if folder is None or folder == "":
        return qs.order_by("-created_at")
    if folder == UNFILED:
        return qs.filter(placement__isnull=True).order_by("-created_at")
    target = folder_get(user=user, folder_id=folder)
    return qs.filter(placement__folder=target).order_by("placement__position", "-created_at")


def history_get(*, user: Any, search_id: Any) -> Search:
    try:
        pk = uuid.UUID(str(search_id))
    except ValueError as exc:
        raise NotFound("search") from exc
    try:
        return history_list(user=user).get(pk=pk)
    except Search.DoesNotExist as exc:
        raise NotFound("search") from exc


# --- notes ------------------------------------------------------------------------------

def notes_owned_by(*, user: Any) -> QuerySet[Note]:
    if not _signed_in(user):
        return Note.objects.none()
    return Note.objects.filter(owner=user)


def note_list(*, user: Any, pmid: str | None = None, search_id: str | None = None) -> QuerySet[Note]:
    qs = notes_owned_by(user=user).order_by("-updated_at", "-id")
    if pmid:
        qs = qs.filter(pmid=pmid)
    if search_id:
        qs = qs.filter(search=history_get(user=user, search_id=search_id))
    return qs


def note_get(*, user: Any, note_id: Any) -> Note:
    try:
        return notes_owned_by(user=user).get(pk=_int_id(note_id, "note"))
    except Note.DoesNotExist as exc:
        raise NotFound("note") from exc


# --- top topics -------------------------------------------------------------------------

@dataclass
class TopicSearch:
    id: str
    title: str
    created_at: datetime


@dataclass
class Topic:
    topic: str
    mesh_id: str | None
    count: int
    searches: list[TopicSearch] = field(default_factory=list)


def _concept_key(concept: dict[str, Any]) -> tuple[str, str, str | None] | None:
    """(grouping key, label, MeSH id): the MeSH heading when the concept was linked, else its text."""
    mesh_id = concept.get("mesh_id") or None
    label = " ".join(str(concept.get("mesh_heading") or concept.get("text") or "").split())
    if not label:
        return None
    key = f"mesh:{mesh_id}" if mesh_id else "text:" + label.casefold()
    return key, label, mesh_id


def topic_counts(*, user: Any, limit: int = 10) -> list[Topic]:
    """The concepts the user searched most: how many of their searches name each, and which ones.

    Each search counts once per concept; ties go to the concept searched most recently.
    """
    topics: dict[str, Topic] = {}
    rows = search_owned_by(user=user).exclude(query__isnull=True).values_list("id", "title", "question", "created_at", "query")
    for search_id, title, question, created_at, query in rows:  # newest first
        seen: set[str] = set()
        for concept in (query or {}).get("concepts") or []:
            found = _concept_key(concept) if isinstance(concept, dict) else None
            if found is None or found[0] in seen:
                continue
            key, label, mesh_id = found
            seen.add(key)
            topic = topics.setdefault(key, Topic(topic=label, mesh_id=mesh_id, count=0))
            topic.count += 1
            topic.searches.append(TopicSearch(id=str(search_id), title=title or question, created_at=created_at))
    ranked = sorted(topics.values(), key=lambda t: (-t.count, -t.searches[0].created_at.timestamp()))
    return ranked[:limit]
