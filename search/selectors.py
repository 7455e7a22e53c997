"""Reads for searches. Owner filtering lives here only, so "a user sees only their own data" is one place."""
from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from .living import living_info
from .models import Search
from .provenance import provenance
from .store import RedisSearchStore, SearchNotFound, is_anonymous_id, search_ref
from .store import search_document as compose_document


def search_visible_to(*, user: Any) -> QuerySet[Search]:
    """Searches ``user`` may open: their own, and searches without an owner (their UUID is the capability)."""
    if user is not None and getattr(user, "is_authenticated", False):
        return Search.objects.filter(Q(owner__isnull=True) | Q(owner=user))
    return Search.objects.filter(owner__isnull=True)


def search_owned_by(*, user: Any) -> QuerySet[Search]:
    """A signed-in user's own searches (their history), newest first."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Search.objects.none()
    return Search.objects.filter(owner=user).order_by("-created_at")


class SearchPrivate(SearchNotFound):
    """The search exists but belongs to someone else. Still a "not found" to every caller that only knows
    SearchNotFound; the API says "private" so its holder can tell it apart from a deleted one. Only a person
    holding the unguessable id learns that much, never anything of the search itself."""


def search_document(*, search_id: str, user: Any) -> dict[str, Any]:
    """The result document for ``search_id`` as ``user`` may see it.

    Raises SearchNotFound (unknown or deleted), SearchPrivate (someone else's) or SearchExpired
    (anonymous, gone from Redis).
    """
    if is_anonymous_id(search_id):
        doc = RedisSearchStore().document(search_ref(search_id))
        doc["id"] = search_id
        doc["provenance"] = provenance(doc)
        doc["living"] = None  # anonymous searches are never re-run or kept
        return doc
    try:
        pk = uuid.UUID(search_id)
    except ValueError as exc:
        raise SearchNotFound(search_id) from exc
    try:
        search = search_visible_to(user=user).get(pk=pk)
    except Search.DoesNotExist as exc:
        if Search.objects.filter(pk=pk).exists():
            raise SearchPrivate(search_id) from exc
        raise SearchNotFound(search_id) from exc
    doc = compose_document(search, search.papers.all())
    doc["provenance"] = provenance(doc)  # derived from what the search recorded (search/provenance.py)
    doc["living"] = living_info(search=search, user=user)  # re-runs and schedule (search/living.py)
    return doc


def search_find_reusable(*, fingerprint: str) -> Search | None:
    """The newest finished search with this fingerprint, younger than MEDSEBA_RESULT_TTL (the result cache)."""
    since = timezone.now() - timedelta(seconds=settings.MEDSEBA_RESULT_TTL)
    return (
        Search.objects.filter(fingerprint=fingerprint, status=Search.Status.DONE, finished_at__gte=since)
        .order_by("-finished_at")
        .first()
    )


def paper_authors(*, pmids: list[str]) -> dict[str, list[str]]:
    """Authors of the stored records (local corpus, or PubMed records a signed-in search stored), by PMID.

    The exports' fallback for a result document saved before its papers carried their authors. A PMID with no
    stored record (an anonymous search on live PubMed stores none) has no authors here.
    """
    from documents.models import Paper

    return {pmid: list(authors) for pmid, authors in Paper.objects.filter(pmid__in=pmids).values_list("pmid", "authors")}
