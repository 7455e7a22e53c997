"""Celery tasks: thin, fetch by reference and call a service.

Arguments are only the search's internal reference (a UUID, or the sha256 of an anonymous
id) and a stage name: the worker logs task arguments, so a question never travels here.
"""
from __future__ import annotations

from celery import shared_task

from . import living, recovery, services


@shared_task(name="search.run_stage", acks_late=True, ignore_result=True)
def run_search_stage(ref: str, stage: str) -> None:
    services.search_run_stage(ref=ref, stage=stage)


@shared_task(name="search.watchdog", ignore_result=True)
def watchdog() -> dict[str, int]:
    """Periodic (celery beat, see CELERY_BEAT_SCHEDULE): stalled searches are scheduled again, stuck ones fail.

    Recovery first (MEDSEBA_RESCHEDULE_AFTER, search/recovery.py), then the last resort: nothing
    stays queued or running beyond MEDSEBA_STUCK_AFTER.
    """
    report = recovery.recover_stalled()
    return {"rescheduled": report.rescheduled, "waiting": report.waiting, "failed": report.failed,
            "restored": report.restored, "stuck": services.search_fail_stuck()}


@shared_task(name="search.fail_stuck", ignore_result=True)
def fail_stuck_searches() -> int:
    """The former beat entry (kept so a schedule sent before an upgrade still runs): fail stuck searches."""
    return services.search_fail_stuck()


@shared_task(name="search.living_due", ignore_result=True)
def run_due_living_questions() -> int:
    """Periodic (celery beat, MEDSEBA_LIVING_EVERY): re-run the questions whose weekly/monthly schedule is due."""
    return living.living_run_due()
