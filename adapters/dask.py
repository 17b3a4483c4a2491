"""Pieces of work on a Dask cluster (``--scheduler ADDRESS``): each piece is one task, results come
back in the pieces' order; the scheduler runs a lost worker's task again elsewhere, and a job that
stops (done, failed or Ctrl-C) cancels what is left. Needs the ``distributed`` extra, and arbiter
installed where the workers run.

Nothing waits without a bound: before any work the address must answer as a Dask scheduler
(a dashboard port or any other server is named as such), a worker must join within the wait
(``ARBITER_DASK_WAIT`` seconds, default 30) and be able to import arbiter; while the job runs, a
cluster left without workers for that long stops it. Each of these is a ``ClusterError`` of one line.
"""

from __future__ import annotations

import os
import pkgutil
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Self, TypeVar

from distributed import Client
from distributed.comm.addressing import parse_address, parse_host_port
from distributed.scheduler import KilledWorker

R = TypeVar("R")
CONNECT_SECONDS = 10  # waiting for the scheduler to answer before giving up
WAIT_SECONDS = 30.0  # waiting for a worker to join, or for one to come back when all are lost
WAIT_VARIABLE = "ARBITER_DASK_WAIT"
POLL_SECONDS = 0.5  # how often a job waiting for a result looks whether any worker is left
PROBE = "arbiter.solver.pieces:__name__"  # what a worker imports to show it can run arbiter's pieces


class ClusterError(RuntimeError):
    """The scheduler cannot be reached, or the cluster cannot run arbiter's pieces."""


def wait_seconds() -> float:
    """The bound on waiting for workers: ``ARBITER_DASK_WAIT`` seconds, default 30."""
    text = os.environ.get(WAIT_VARIABLE)
    if text is None:
        return WAIT_SECONDS
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 86_400:
        raise ClusterError(f"{WAIT_VARIABLE}={text!r}: must be a number of seconds above 0 and below a day")
    return value


def _location(address: str) -> tuple[str, str, int | None]:
    """(scheme, host, port) of an address; ClusterError for a malformed one or a port out of range."""
    try:
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            return scheme, location, None
        host, port = parse_host_port(location)
    except ValueError as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
    if not 0 < port < 65536:
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: port {port} is out of range (1 to 65535)")
    return scheme, host, port


def probe(address: str, seconds: float) -> None:
    """Check, before any Dask client exists, that a plain TCP ``address`` is a Dask scheduler: it
    accepts the connection and sends the Dask protocol's greeting at once (a frame whose header
    names the compression and pickle protocol). A dashboard or another server sends nothing or
    something else; a client built on one waited, or read an HTTP answer as a frame of exabytes."""
    scheme, host, port = _location(address)
    if scheme != "tcp":
        return  # TLS and the other transports greet inside their own handshake: Client tells
    try:
        sock = socket.create_connection((host, port), timeout=seconds)
    except OSError as e:
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e.strerror or e}") from None
    with sock:
        sock.settimeout(seconds)
        data = b""
        try:
            while len(data) < 16 or len(data) < 8 + int.from_bytes(data[:8], "little") and len(data) < 4096:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass  # a timeout: nothing (more) was sent
    if not data:
        raise ClusterError(f"{address!r} is not a Dask scheduler: it accepted the connection but sent no Dask greeting "
                           f"within {seconds:g} s (a dashboard or another server?)")
    if len(data) < 16 or int.from_bytes(data[:8], "little") > 1 << 20 or b"compression" not in data:
        shown = data[:40].decode("ascii", "replace").encode("unicode_escape").decode()
        raise ClusterError(f"{address!r} is not a Dask scheduler: it answered {shown!r}")


class Cluster:
    """A connection to the scheduler at ``address`` (``tcp://host:8786``) with at least one worker
    that can import arbiter; use as a context manager."""

    def __init__(self, address: str, connect_seconds: float | None = None) -> None:
        connect = connect_seconds or CONNECT_SECONDS
        self.wait = wait_seconds()
        # A malformed address or a server that is no scheduler is refused before a Client exists: a
        # half-built one tries to close itself at exit, printing a traceback after a 20 s wait.
        probe(address, connect)
        try:
            self.client = Client(address, timeout=connect, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
        self.address = address
        try:
            self._check_workers()
        except BaseException:
            self.client.close()
            raise

    def _check_workers(self) -> None:
        try:
            self.client.wait_for_workers(1, timeout=self.wait)
        except TimeoutError:
            raise ClusterError(f"no Dask worker joined the scheduler at {self.address!r} within {self.wait:g} s "
                               f"(start some with: dask worker {self.address}; {WAIT_VARIABLE} sets the wait)") from None
        try:
            self.client.run(pkgutil.resolve_name, PROBE)
        except ImportError as e:
            raise ClusterError(f"the Dask workers cannot import arbiter (install it where they run): {e}") from None

    @property
    def workers(self) -> int:
        return len(self.client.nthreads())

    def map(self, fn: Callable[..., R], pieces: Sequence[tuple]) -> Iterator[R]:
        # pure=False: equal pieces are still separate work (and a retried piece is run again).
        futures = [self.client.submit(fn, *args, pure=False) for args in pieces]
        try:
            for k, f in enumerate(futures):
                try:
                    yield self._result(f, k, len(pieces))
                except KilledWorker as e:
                    raise ClusterError(f"piece {k + 1} of {len(pieces)} lost its worker too many times: {e}") from None
                except ImportError as e:
                    raise ClusterError(f"the Dask workers cannot import arbiter (install it where they run): {e}") from None
        finally:
            # Every future, done ones too: a finished piece's result would stay on the cluster while it is held.
            self.client.cancel(futures)

    def _result(self, future, k: int, total: int) -> R:
        """The piece's result; ClusterError once no worker has been left for the wait."""
        alone_since = None
        while True:
            try:
                return future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                pass
            if self.workers:
                alone_since = None
                continue
            alone_since = alone_since or time.monotonic()
            if time.monotonic() - alone_since > self.wait:
                raise ClusterError(f"all the Dask workers were lost ({k} of {total} pieces done; no worker for "
                                   f"{self.wait:g} s)")

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
