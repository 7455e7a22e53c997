"""The trainers' one-thread block: every BLAS pool is limited to one thread inside it and restored after."""
from __future__ import annotations

from threadpoolctl import threadpool_info, threadpool_limits

from search.reproducible import one_blas_thread


def test_one_blas_thread_limits_every_pool_and_restores_them() -> None:
    import numpy  # noqa: F401  (loads the BLAS whose pool is limited)

    with threadpool_limits(limits=2):
        before = [pool["num_threads"] for pool in threadpool_info()]
        assert before and max(before) == 2 or all(n == 1 for n in before)  # a one-core machine has pools of 1
        with one_blas_thread():
            assert all(pool["num_threads"] == 1 for pool in threadpool_info())
        assert [pool["num_threads"] for pool in threadpool_info()] == before
