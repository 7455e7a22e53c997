"""MedSEBA project package: settings, Celery app, URLs and the shared HTTP client."""
from .celery import app as celery_app

__all__ = ("celery_app",)
