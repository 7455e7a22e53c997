"""Celery tasks: thin, fetch by reference and call a service.

Arguments are only the search's internal reference (a UUID, or the sha256 of an anonymous
id) and a stage name: the worker logs task arguments, so a question never travels here.
"""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="search.run_stage", acks_late=True, ignore_result=True)
def run_search_stage(ref: str, stage: str) -> None:
    services.search_run_stage(ref=ref, stage=stage)


@shared_task(name="search.fail_stuck", ignore_result=True)
def fail_stuck_searches() -> int:
    """Periodic watchdog (celery beat, see CELERY_BEAT_SCHEDULE): nothing stays running forever."""
    return services.search_fail_stuck()
