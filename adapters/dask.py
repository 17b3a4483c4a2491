"""Pieces of work on a Dask cluster (``--scheduler ADDRESS``): each piece is one task, results come
back in the pieces' order; the scheduler runs a lost worker's task again elsewhere, and a job that
stops (done, failed or Ctrl-C) cancels what is left. Needs the ``distributed`` extra, and arbiter
installed where the workers run."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Self, TypeVar

from distributed import Client
from distributed.comm.addressing import parse_address, parse_host_port
from distributed.scheduler import KilledWorker

R = TypeVar("R")
CONNECT_SECONDS = 10  # waiting for the scheduler to answer before giving up


class ClusterError(RuntimeError):
    """The scheduler cannot be reached, or the cluster cannot run arbiter's pieces."""


class Cluster:
    """A connection to the scheduler at ``address`` (``tcp://host:8786``); use as a context manager."""

    def __init__(self, address: str, connect_seconds: float | None = None) -> None:
        try:
            # A malformed address is refused before a Client exists: a half-built one tries to close
            # itself at exit, printing a traceback after a 20 s wait.
            scheme, location = parse_address(address)
            if scheme in ("tcp", "tls"):
                parse_host_port(location)
        except ValueError as e:
            raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
        try:
            self.client = Client(address, timeout=connect_seconds or CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
        self.address = address

    @property
    def workers(self) -> int:
        return len(self.client.scheduler_info().get("workers", {}))

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]:
        # pure=False: equal pieces are still separate work (and a retried piece is run again).
        futures = [self.client.submit(fn, *args, pure=False) for args in pieces]
        try:
            for k, f in enumerate(futures):
                try:
                    yield f.result()
                except KilledWorker as e:
                    raise ClusterError(f"piece {k + 1} of {len(pieces)} lost its worker too many times: {e}") from None
                except ImportError as e:
                    raise ClusterError(f"the Dask workers cannot import arbiter (install it where they run): {e}") from None
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
