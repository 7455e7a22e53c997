"""The Celery application; tasks live in each app's ``tasks.py``."""
import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medseba.settings")

app = Celery("medseba")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each connected consumer refreshes a heartbeat the API reads ("searches are paused ..." when none is alive).
# By name: the step is loaded when the worker starts, after Django is set up.
app.steps["consumer"].add("search.heartbeat:WorkerHeartbeat")


@worker_process_init.connect
def _load_models(**_kwargs) -> None:
    """Each worker process loads its models at start, not during somebody's first search."""
    from django.conf import settings

    if settings.MEDSEBA_TORCH_THREADS > 0:
        import torch

        torch.set_num_threads(settings.MEDSEBA_TORCH_THREADS)
    if settings.MEDSEBA_PRELOAD_MODELS:
        from search.warmup import load_models

        load_models()
