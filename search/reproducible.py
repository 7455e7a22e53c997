"""Training that gives the same bytes whatever the process around it.

A BLAS with several threads sums in an order that depends on how many it has, so the same data fitted in a
process of one thread (a pytest-xdist worker after a test that limited the threads, a worker with
``OMP_NUM_THREADS=1``) and in one of two gave artifacts that differed in their last bits: the shipped design
artifact stopped reproducing in CI. Fitting on one BLAS thread makes the bytes depend on the data and code alone;
the models here are small, so the cost is a few seconds at most.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Run the block with every BLAS / OpenMP pool of this process limited to one thread, then restore them."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        yield
