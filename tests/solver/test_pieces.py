"""Pieces of work run here or in local worker processes: results in order, the same either way;
a worker process that dies has its pieces run again, one that keeps dying stops the job."""

import os

import pytest
from arbiter.solver import pieces
from arbiter.solver.pieces import Processes, Serial, here_first, local


def square_after(k, marker):
    # Dies (as by the OOM killer) the first time it reaches piece 3, if given a marker path.
    if k == 3 and marker and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return k * k


def always_dies(k):
    if k == 2:
        os._exit(1)
    return k


def test_results_come_in_order_and_are_the_same_anywhere():
    args = [(k, None) for k in range(20)]
    assert list(Serial().map(square_after, args)) == [k * k for k in range(20)]
    assert list(Processes(2).map(square_after, args)) == [k * k for k in range(20)]
    assert isinstance(local(1), Serial) and local(3).workers == 3


def test_here_first_runs_a_short_job_here_and_the_rest_of_a_long_one_on_workers(monkeypatch):
    """here_first: the pieces met in the first HERE_SECONDS run in this process, the others on
    workers (pid of the process that ran each); the results are the same, in order."""
    assert isinstance(here_first(1), Serial)
    args = [(k,) for k in range(6)]
    monkeypatch.setattr(pieces, "HERE_SECONDS", 60)
    assert list(here_first(2).map(pid_and_square, args)) == [(os.getpid(), k * k) for k in range(6)]
    monkeypatch.setattr(pieces, "HERE_SECONDS", 0)
    ran = list(here_first(2).map(pid_and_square, args))
    assert [r for _, r in ran] == [k * k for k in range(6)] and os.getpid() not in {p for p, _ in ran}


def pid_and_square(k):
    return os.getpid(), k * k


def test_a_piece_whose_worker_died_is_run_again(tmp_path):
    marker = str(tmp_path / "died")
    assert list(Processes(2).map(square_after, [(k, marker) for k in range(8)])) == [k * k for k in range(8)]
    assert os.path.exists(marker)  # a worker did die


def test_a_worker_that_keeps_dying_stops_the_job():
    with pytest.raises(RuntimeError, match=f"worker processes died {pieces.RETRIES + 1} times"):
        list(Processes(2).map(always_dies, [(k,) for k in range(6)]))


def slow_after_first(k):
    import time
    time.sleep(0 if k == 0 else 3)
    return k


def test_a_job_stopped_early_leaves_no_pool_thread_for_the_exit_hook():
    # The interpreter's exit hook wakes every live pool's manager thread through a pipe; one still
    # closing that pipe made it print an OSError at exit (advise --timeout, about 1 run in 10).
    import concurrent.futures.process as pool_module

    job = Processes(2).map(slow_after_first, [(k,) for k in range(6)])
    assert next(job) == 0
    job.close()
    assert [t for t, wakeup in pool_module._threads_wakeups.items() if t.is_alive() or not wakeup._closed] == []
