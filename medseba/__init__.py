"""MedSEBA project package: settings, Celery app, URLs and the shared HTTP client."""
import os

# OpenMP threads that spin while waiting turn every batch the encoder runs into a fight for
# the CPU as soon as anything else is busy (a second Celery process, the web server, another
# stage): embedding 250 sentences on 2 busy cores took 8.2 s with spinning threads and 1.9 s
# with passive ones. This must be set before torch is first imported, which every process
# does after importing this package.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from .celery import app as celery_app  # noqa: E402

__all__ = ("celery_app",)
