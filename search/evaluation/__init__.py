"""Evaluations run by ``manage.py evaluate <name>``: one module per name with ``run(data, options) -> dict``."""
