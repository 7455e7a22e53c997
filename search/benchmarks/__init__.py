"""Benchmarks run by ``manage.py bench``: one module per area, each with ``run(options) -> dict``.

A module's ``NAME`` is its key in the printed JSON; ``ORDER`` sorts them. Figures are
medians in milliseconds unless a key says otherwise.
"""
