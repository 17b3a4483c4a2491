"""Independent pieces of work, each a call ``fn(*args)``, run here, in local worker processes or
(``arbiter.adapters.dask``) on a Dask cluster; results come back in the pieces' order, so a job
that carries its seeds in its pieces gives the same output however and wherever it ran."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")
RETRIES = 2  # a piece whose worker process died is run again this many times before the job fails


class Pieces(Protocol):
    """Runs pieces of work and yields their results in order (``workers``: how many run at once)."""

    workers: int

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]: ...


class Serial:
    """Every piece in this process, one after the other (the plain baseline)."""

    workers = 1

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]:
        for args in pieces:
            yield fn(*args)


SERIAL = Serial()


def _ignore_interrupt() -> None:
    # Ctrl-C reaches the whole process group: the parent stops the workers, they print nothing.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes:
    """Pieces in ``workers`` local processes (forked where the platform can: they inherit the
    imported engine). A piece whose process died is run again in a fresh pool, up to RETRIES times."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]:
        import multiprocessing  # here, not at the top: a command that runs in one process does not pay for it
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        done: dict[int, Any] = {}
        failures: dict[int, int] = {}
        k = 0
        while k < len(pieces):
            pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_ignore_interrupt)
            futures: dict[int, Future] = {}
            try:
                futures = {i: pool.submit(fn, *pieces[i]) for i in range(k, len(pieces)) if i not in done}
                while k < len(pieces):
                    if k not in done:
                        done[k] = futures[k].result()
                    yield done.pop(k)
                    k += 1
            except BrokenProcessPool:
                for i, f in futures.items():
                    if f.done() and not f.cancelled() and f.exception() is None:
                        done[i] = f.result()
                failures[k] = failures.get(k, 0) + 1
                if failures[k] > RETRIES:
                    raise RuntimeError(f"worker processes died {failures[k]} times before piece {k + 1} of "
                                       f"{len(pieces)} was done; try --jobs 1") from None
            finally:
                _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down at once, whatever its workers are doing (the job is over or interrupted)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # The pool's manager thread closes its wake-up pipe on its way out; waiting for it here keeps the
    # interpreter's exit hook from writing to that pipe while it closes (an OSError printed at exit).
    # shutdown() forgets the thread, so it is taken first.
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=5)
    if manager is not None:
        manager.join(timeout=5)


# Pieces run here until they have taken this many seconds of this process's CPU before local workers
# start for the rest: starting a pool costs a few tenths of a second of CPU and wall
# (benchmarks/scale.py), more than a small job takes; past it the job is big enough for the pool to
# pay. CPU, not wall: on a loaded machine a small job's wall time would start a pool it never pays for.
HERE_SECONDS = 0.5


class HereFirst:
    """The first pieces in this process until they have taken ``seconds`` of CPU, the rest in
    ``workers`` local processes (``Processes``); the results are the same, in the same order."""

    def __init__(self, workers: int, seconds: float | None = None) -> None:
        self.workers, self.seconds = workers, HERE_SECONDS if seconds is None else seconds

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]:
        started, k = time.process_time(), 0
        while k < len(pieces) and time.process_time() - started < self.seconds:
            yield fn(*pieces[k])
            k += 1
        if k < len(pieces):
            yield from Processes(self.workers).map(fn, pieces[k:])


def local(jobs: int) -> Pieces:
    """This process for one job, else ``jobs`` worker processes."""
    return Serial() if jobs <= 1 else Processes(jobs)


def here_first(jobs: int) -> Pieces:
    """This process for one job, else this process first and ``jobs`` worker processes once the job
    has taken HERE_SECONDS of CPU (``HereFirst``): for jobs often too small to pay for a pool."""
    return Serial() if jobs <= 1 else HereFirst(jobs)
