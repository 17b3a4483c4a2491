"""``--jobs`` and ``--scheduler``, shared by the commands whose work splits into independent
pieces (``solve --batch``, ``report``, ``interactions``): local worker processes, or a Dask cluster."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from arbiter.solver import pieces as pool
from arbiter.solver.pieces import Pieces

from .common import count, fail
from .plain import MAX_JOBS


def options(what: str, default_jobs: int | None = None) -> Callable:
    """The two options, with ``what`` (e.g. "positions solved") saying what the workers do;
    ``--jobs`` defaults to ``default_jobs``, None: the number of cores."""
    def add(command: Callable) -> Callable:
        command = click.option(
            "--scheduler", metavar="ADDRESS", default=None,
            help=(f"Send the {what} to the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786; needs "
                  '"arbiter[distributed]" here and arbiter on the workers). The output is the same.'))(command)
        return click.option(
            "--jobs", type=count(MAX_JOBS), default=default_jobs or min(os.cpu_count() or 1, MAX_JOBS),
            show_default=True if default_jobs else "the number of cores",
            help=f"Local worker processes for the {what} (without --scheduler); the output is the same for any number.",
        )(command)
    return add


@contextmanager
def pieces(jobs: int, scheduler: str | None, here_first: bool = False) -> Iterator[Pieces]:
    """Where the pieces run; a broken worker or cluster fails with one line. Ctrl-C stops the
    workers (and cancels the cluster's tasks) on its way to the entry point's one line and exit 130."""
    cluster = None
    if scheduler is not None:
        try:
            from arbiter.adapters.dask import Cluster, ClusterError
        except ImportError:
            fail('--scheduler needs Dask: pip install "arbiter[distributed]"')
        try:
            cluster = Cluster(scheduler)
        except ClusterError as e:
            fail(str(e))
    try:
        yield cluster if cluster is not None else (pool.here_first if here_first else pool.local)(jobs)
    except click.exceptions.Exit:  # fail() inside the block: a RuntimeError too, but already one line
        raise
    except RuntimeError as e:  # a worker process that kept dying, a cluster that cannot run the pieces
        fail(str(e))
    finally:
        if cluster is not None:
            cluster.close()
