"""Writes for accounts: sign-up, passwords, account deletion, history edits, folders, placements, notes.

Every write that touches more than one row runs in one transaction, so bad input leaves
nothing half-written. Deletions are hard deletes (SQL DELETE, cascading to result papers,
placements and notes). Searches are row-locked before they are deleted so a pipeline stage
finishing at that moment cannot write papers for a search that is going away: its
compare-and-set UPDATE waits for the lock and then matches nothing.
"""
from __future__ import annotations

import re
from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max

from medseba.text import has_control_characters
from search.models import Search
from search.selectors import search_owned_by

from . import selectors
from .errors import InvalidInput, NotFound, WrongPassword
from .models import FOLDER_NAME_MAX, NOTE_TEXT_MAX, Folder, Note, SearchPlacement

TITLE_MAX = 200
USERNAME_MAX = 150
_PMID = re.compile(r"^[1-9][0-9]{0,15}$")


def _plain_text(value: str, *, field: str, what: str, limit: int, allow_blank: bool, multiline: bool = False) -> str:
    """Trimmed text without control characters (newlines only where ``multiline``), at most ``limit`` characters."""
    text = (value or "").strip()
    if not multiline:
        text = " ".join(text.split())
    allowed = "\t\n\r" if multiline else ""
    if has_control_characters(text, allowed):
        raise InvalidInput(field, f"The {what} contains control characters; please type plain text.")
    if not text and not allow_blank:
        raise InvalidInput(field, f"The {what} is empty.")
    if len(text) > limit:
        raise InvalidInput(field, f"The {what} is {len(text)} characters long; the limit is {limit}.")
    return text


# --- users ------------------------------------------------------------------------------

def user_signup(*, username: str, password: str, email: str = "") -> Any:
    """Create an account; the password must pass Django's validators (similarity, length, common, numeric)."""
    users = get_user_model()
    username = _plain_text(username, field="username", what="username", limit=USERNAME_MAX, allow_blank=False)
    try:
        users.username_validator(username)
    except ValidationError as exc:
        raise InvalidInput("username", " ".join(exc.messages)) from exc
    email = users.objects.normalize_email((email or "").strip())
    candidate = users(username=username, email=email)
    try:
        password_validation.validate_password(password, user=candidate)
    except ValidationError as exc:
        raise InvalidInput("password", " ".join(exc.messages)) from exc
    taken = InvalidInput("username", "This username is taken; please choose another.")
    if users.objects.filter(username__iexact=username).exists():
        raise taken
    try:
        with transaction.atomic():
            return users.objects.create_user(username=username, email=email, password=password)
    except IntegrityError as exc:  # a concurrent sign-up with the same name
        raise taken from exc


def user_change_password(*, user: Any, current_password: str, new_password: str) -> None:
    if not user.check_password(current_password or ""):
        raise WrongPassword("current_password")
    try:
        password_validation.validate_password(new_password, user=user)
    except ValidationError as exc:
        raise InvalidInput("new_password", " ".join(exc.messages)) from exc
    user.set_password(new_password)
    user.save(update_fields=["password"])


def user_delete(*, user: Any, password: str) -> dict[str, int]:
    """Delete the account and everything it owns (searches with their papers, folders, notes); returns counts."""
    if not user.check_password(password or ""):
        raise WrongPassword("password")
    with transaction.atomic():
        searches = _lock_and_count(search_owned_by(user=user))
        counts = {
            "searches": searches,
            "folders": selectors.folders_owned_by(user=user).count(),
            "notes": selectors.notes_owned_by(user=user).count(),
        }
        user.delete()
    return counts


def _lock_and_count(qs) -> int:
    """Row-lock the searches about to be deleted (see the module docstring); returns how many."""
    return len(list(qs.order_by().select_for_update().values_list("pk", flat=True)))


# --- history ----------------------------------------------------------------------------

_UNSET: Any = object()


def history_update(
    *, user: Any, search_id: Any, title: str | None = _UNSET, folder_id: Any = _UNSET, position: int | None = _UNSET
) -> Search:
    """Rename a search (blank title = show the question) and/or move it: ``folder_id`` None = unfiled."""
    with transaction.atomic():
        search = selectors.history_get(user=user, search_id=search_id)
        if title is not _UNSET:
            search.title = _plain_text(title or "", field="title", what="title", limit=TITLE_MAX, allow_blank=True)
            Search.objects.filter(pk=search.pk).update(title=search.title)
        if folder_id is not _UNSET or position is not _UNSET:
            current = getattr(search, "folder_id", None)
            target = current if folder_id is _UNSET else folder_id
            if target is None and position is not _UNSET and position is not None:
                raise InvalidInput("position", "Only a search in a folder has a position; give a folder too.")
            search_place(user=user, search=search, folder_id=target, position=None if position is _UNSET else position)
    return selectors.history_get(user=user, search_id=search.pk)


def search_place(*, user: Any, search: Search, folder_id: Any, position: int | None = None) -> None:
    """File ``search`` in folder ``folder_id`` at ``position`` (None = at the end), or unfile it (folder None).

    Positions within a folder stay 0..n-1 without gaps.
    """
    with transaction.atomic():
        old = SearchPlacement.objects.select_for_update().filter(search=search).first()
        if folder_id is None:
            if old is not None:
                old.delete()
                _renumber(old.folder_id)
            return
        try:
            folder = selectors.folder_get(user=user, folder_id=folder_id)
        except NotFound as exc:  # named in the request body: bad input, not a missing URL
            raise InvalidInput("folder", exc.message) from exc
        Folder.objects.select_for_update().filter(pk=folder.pk).first()  # serialise reorders of this folder
        others = list(
            SearchPlacement.objects.filter(folder=folder).exclude(search=search).order_by("position", "search__created_at")
        )
        if position is None:
            position = len(others)
        if position < 0:
            raise InvalidInput("position", "The position must be 0 or more.")
        position = min(position, len(others))
        if old is not None and old.folder_id != folder.pk:
            old.delete()
            _renumber(old.folder_id)
        SearchPlacement.objects.update_or_create(search=search, defaults={"folder": folder, "position": position})
        for index, placement in enumerate(others[:position] + [None] + others[position:]):
            if placement is not None and placement.position != index:
                SearchPlacement.objects.filter(pk=placement.pk).update(position=index)


def _renumber(folder_id: int) -> None:
    placements = SearchPlacement.objects.filter(folder_id=folder_id).order_by("position", "search__created_at")
    for index, placement in enumerate(placements):
        if placement.position != index:
            SearchPlacement.objects.filter(pk=placement.pk).update(position=index)


def history_delete(*, user: Any, search_id: Any) -> None:
    """Hard-delete one of the user's searches with its papers, placement and the notes tied to it."""
    with transaction.atomic():
        search = selectors.history_get(user=user, search_id=search_id)
        _lock_and_count(Search.objects.filter(pk=search.pk))
        folder_id = getattr(search, "folder_id", None)
        Search.objects.filter(pk=search.pk).delete()
        if folder_id is not None:
            _renumber(folder_id)


def history_delete_all(*, user: Any) -> int:
    """Hard-delete all of the user's searches; returns how many. Folders stay (empty)."""
    with transaction.atomic():
        count = _lock_and_count(search_owned_by(user=user))
        search_owned_by(user=user).delete()
    return count


# --- folders ----------------------------------------------------------------------------

def _folder_name(name: str) -> str:
    return _plain_text(name, field="name", what="folder name", limit=FOLDER_NAME_MAX, allow_blank=False)


def _duplicate_name(name: str) -> InvalidInput:
    return InvalidInput("name", f"You already have a folder named {name!r}.")


def folder_create(*, user: Any, name: str, position: int | None = None) -> Folder:
    name = _folder_name(name)
    with transaction.atomic():
        if selectors.folders_owned_by(user=user).filter(name__iexact=name).exists():
            raise _duplicate_name(name)
        last = selectors.folders_owned_by(user=user).aggregate(m=Max("position"))["m"]
        try:
            with transaction.atomic():
                folder = Folder.objects.create(owner=user, name=name, position=0 if last is None else last + 1)
        except IntegrityError as exc:  # a concurrent create with the same name
            raise _duplicate_name(name) from exc
        if position is not None:
            _move_folder(user=user, folder=folder, position=position)
    return folder


def folder_update(*, user: Any, folder_id: Any, name: str | None = None, position: int | None = None) -> Folder:
    with transaction.atomic():
        folder = selectors.folder_get(user=user, folder_id=folder_id)
        if name is not None:
            name = _folder_name(name)
            if selectors.folders_owned_by(user=user).filter(name__iexact=name).exclude(pk=folder.pk).exists():
                raise _duplicate_name(name)
            folder.name = name
            try:
                with transaction.atomic():
                    folder.save(update_fields=["name"])
            except IntegrityError as exc:
                raise _duplicate_name(name) from exc
        if position is not None:
            _move_folder(user=user, folder=folder, position=position)
    return selectors.folder_get(user=user, folder_id=folder.pk)


def _move_folder(*, user: Any, folder: Folder, position: int) -> None:
    if position < 0:
        raise InvalidInput("position", "The position must be 0 or more.")
    others = list(selectors.folders_owned_by(user=user).select_for_update().exclude(pk=folder.pk))
    position = min(position, len(others))
    for index, item in enumerate(others[:position] + [folder] + others[position:]):
        if item.position != index:
            Folder.objects.filter(pk=item.pk).update(position=index)
            item.position = index


def folder_delete(*, user: Any, folder_id: Any, delete_searches: bool = False) -> int:
    """Delete a folder; its searches return to the unfiled list, or are hard-deleted when asked. Returns searches deleted."""
    with transaction.atomic():
        folder = selectors.folder_get(user=user, folder_id=folder_id)
        deleted = 0
        if delete_searches:
            filed = search_owned_by(user=user).filter(placement__folder=folder)
            deleted = _lock_and_count(filed)
            search_owned_by(user=user).filter(pk__in=list(filed.values_list("pk", flat=True))).delete()
        folder.delete()  # cascades to the remaining placements: those searches are unfiled now
        for index, item in enumerate(selectors.folders_owned_by(user=user)):
            if item.position != index:
                Folder.objects.filter(pk=item.pk).update(position=index)
    return deleted


# --- notes ------------------------------------------------------------------------------

def _note_text(text: str) -> str:
    return _plain_text(text, field="text", what="note", limit=NOTE_TEXT_MAX, allow_blank=False, multiline=True)


def clean_pmid(pmid: Any) -> str:
    value = str(pmid or "").strip()
    if not _PMID.match(value):
        raise InvalidInput("pmid", "A PMID is a number of 1 to 16 digits, such as 10526582.")
    return value


def note_create(*, user: Any, pmid: str, text: str, search_id: Any = None) -> Note:
    pmid, text = clean_pmid(pmid), _note_text(text)
    search = None
    if search_id:
        try:
            search = selectors.history_get(user=user, search_id=search_id)
        except NotFound as exc:
            raise InvalidInput("search", exc.message) from exc
    return Note.objects.create(owner=user, pmid=pmid, text=text, search=search)


def note_update(*, user: Any, note_id: Any, text: str) -> Note:
    text = _note_text(text)
    with transaction.atomic():
        note = selectors.note_get(user=user, note_id=note_id)
        note.text = text
        note.save(update_fields=["text", "updated_at"])
    return note


def note_delete(*, user: Any, note_id: Any) -> None:
    selectors.note_get(user=user, note_id=note_id).delete()
