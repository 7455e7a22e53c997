"""Which Celery queue a stage's task is sent to: the embedding stages may have a queue of their own.

With ``MEDSEBA_EMBED_QUEUE`` empty (the default) every stage goes to the app's default queue,
exactly as before. Set it (e.g. ``embed``) and the stages that run the embedding model
(``EMBED_STAGES``: rerank and locate) go there instead, so a worker on a GPU machine
(``celery -A medseba worker -Q embed``) takes them while CPU workers (``-Q celery``) do
the rest. Everything else about a stage (priority, recovery, idempotence) is unchanged; the
recovery watchdog reads every queue in :func:`stage_queues`.
"""
from __future__ import annotations

from django.conf import settings

from .pipeline.graph import STAGES

# The stages whose cost is the embedding model (BMRetriever 410M-7B wants a GPU): rerank embeds the
# candidates and the question, locate the abstracts' sentences.
EMBED_STAGES: frozenset[str] = frozenset({"rerank", "locate"})
assert EMBED_STAGES <= set(STAGES), "EMBED_STAGES must name stages of search/pipeline/graph.py"


def embed_queue() -> str:
    """The embedding stages' own queue, or "" when they share the default queue."""
    return settings.MEDSEBA_EMBED_QUEUE.strip()


def stage_queue(stage: str) -> str | None:
    """The queue for ``stage``'s task, or None for the app's default queue."""
    queue = embed_queue()
    return queue if queue and stage in EMBED_STAGES else None


def stage_queues() -> tuple[str, ...]:
    """Every queue stage tasks of this process may be in: the default queue, then the embedding queue if set."""
    from .heartbeat import published_queue

    default = published_queue()
    queue = embed_queue()
    return (default, queue) if queue and queue != default else (default,)


def send_options(stage: str) -> dict[str, str]:
    """Extra ``apply_async`` options for ``stage``: its queue when it has one of its own, else nothing."""
    queue = stage_queue(stage)
    return {"queue": queue} if queue else {}
