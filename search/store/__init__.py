"""Where a search's state lives while it runs and after: one interface, two backends.

``PostgresSearchStore`` keeps ordinary searches in ``Search``/``SearchPaper``;
``RedisSearchStore`` keeps anonymous ones only in Redis, with a TTL, under an unguessable id,
so nothing about an anonymous question ever reaches PostgreSQL. The Celery tasks and the
API call :func:`store_for` with a search id and never care which backend answers.

Every write of a stage's output is a compare-and-set on progress: a stage that was already
recorded (a task redelivered after a worker died, or a duplicate) records nothing and
reports ``False``, so duplicates never schedule further stages. The branches that run side
by side after rerank (enrich ‖ judge ‖ locate, see ``search/pipeline/branches.py``) each
record only their own part instead, merged under a lock (a row lock in PostgreSQL, an
optimistic WATCH/MULTI transaction in Redis), and their set of recorded branches says which
ones are done. Once ``done`` or ``failed``, a search never changes again.

One module per job:

* ``ids``: public ids and internal references (an anonymous id and its sha256), the Redis key prefix;
* ``interface``: the ``SearchStore`` protocol, ``BranchSave``, the errors, what both backends share;
* ``read_model``: the result document of a PostgreSQL search (``search_document``);
* ``postgres``: ``PostgresSearchStore`` and its writes of the paper rows;
* ``redis``: ``RedisSearchStore``, its Lua scripts and the Redis client.
"""
from __future__ import annotations

from .ids import ANONYMOUS_KEY_PREFIX, is_anonymous_id, is_anonymous_ref, new_anonymous_id, search_ref
from .interface import FINAL, BranchSave, SearchExpired, SearchNotFound, SearchStore, stuck_reason
from .postgres import PostgresSearchStore
from .read_model import search_document, search_paper_dict
from .redis import RedisSearchStore, redis_client

__all__ = [
    "ANONYMOUS_KEY_PREFIX",
    "FINAL",
    "BranchSave",
    "PostgresSearchStore",
    "RedisSearchStore",
    "SearchExpired",
    "SearchNotFound",
    "SearchStore",
    "is_anonymous_id",
    "is_anonymous_ref",
    "new_anonymous_id",
    "redis_client",
    "search_document",
    "search_paper_dict",
    "search_ref",
    "store_for",
    "stuck_reason",
]


def store_for(ref: str) -> SearchStore:
    """The backend that holds the search with internal reference ``ref`` (see :func:`search_ref`)."""
    return RedisSearchStore() if is_anonymous_ref(ref) else PostgresSearchStore()
