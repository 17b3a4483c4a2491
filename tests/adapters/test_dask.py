"""Work on a real local Dask cluster (2 worker processes on 127.0.0.1): solve --batch, the report's
sample and interactions give the same output as local runs; a killed worker's piece is run again;
a stopped job cancels its tasks. And nothing waits without a bound, with real scheduler and worker
processes on 127.0.0.1: no worker, all workers lost mid-run, workers that cannot import arbiter,
an address that is a web server, a port out of range, an unreachable scheduler: one line, exit 2."""

import json
import os
import signal
import socket
import socketserver
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7.notation import format_json
from arbiter.model.red7.ruleset import ACTIONS
from arbiter.proofs.red7 import interactions as I
from arbiter.solver.red7 import solve
from click.testing import CliRunner
from extras import need

distributed = need("distributed", "distributed")
cloudpickle = need("cloudpickle", "distributed")
from arbiter.adapters import dask as adapter

cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test module
POSITIONS = I.sampled_positions(40, ACTIONS, 0, "dask")  # small 2-player positions: milliseconds each


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as local:
        yield local


@pytest.fixture
def connected(cluster):
    with adapter.Cluster(cluster.scheduler_address) as c:
        yield c


def batch_file(tmp_path, count=12):
    path = tmp_path / "batch.jsonl"
    path.write_text("".join(format_json(p) + "\n" for p in POSITIONS[:count]))
    return str(path)


def run(*args):
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout


def without_seconds(stdout):
    return [{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in stdout.splitlines()]


def test_solve_batch_is_the_same_locally_and_on_the_cluster(cluster, tmp_path):
    path = batch_file(tmp_path)
    serial = run("solve", "--batch", path, "--jobs", "1")
    assert serial[0] == 0 and len(serial[1].splitlines()) == 12
    assert run("solve", "--batch", path, "--jobs", "2") == serial
    assert run("solve", "--batch", path, "--scheduler", cluster.scheduler_address) == serial
    code, out = run("solve", "--batch", path, "--json", "--jobs", "1")
    code2, out2 = run("solve", "--batch", path, "--json", "--scheduler", cluster.scheduler_address)
    assert code == code2 == 0 and without_seconds(out) == without_seconds(out2)


def test_advise_is_the_same_locally_and_on_the_cluster(cluster):
    view = "red 0 basic | R7 O3 G1 / Y4 | 4 / V6 | canvas G3 B1"
    args = ["advise", view, "--json", "--samples", "40", "--seed", "1"]
    code, out = run(*args, "--jobs", "1")
    code2, out2 = run(*args, "--scheduler", cluster.scheduler_address)
    assert code == code2 == 0 and json.loads(out)["deals"] >= 30  # several pieces
    assert json.loads(out) | {"seconds": 0} == json.loads(out2) | {"seconds": 0}


def test_annotate_is_the_same_locally_and_on_the_cluster(cluster, tmp_path):
    game = tmp_path / "game.txt"
    # three players: the two hidden hands of the mover's view can be dealt 70 ways
    game.write_text("red 0 basic | R7 O3 G1 / Y4 | G7 B2 I5 V1 / V6 | R2 O6 Y1 B4 / B3\nplay R7\n", encoding="utf-8")
    args = ["annotate", str(game), "--json", "--samples", "40", "--seed", "1"]
    code, out = run(*args)
    code2, out2 = run(*args, "--scheduler", cluster.scheduler_address)
    assert code == code2 == 0 and json.loads(out)["rounds"][0]["turns"][0]["deals"] >= 30  # several pieces
    assert out == out2


def test_report_sample_is_the_same_on_the_cluster(connected):
    from arbiter.report.red7.catalogue import BY_ID
    from arbiter.report.red7.sampling import PLAYER_COUNTS, presets_of, sample

    entries = [BY_ID["nobody-qualifies"], BY_ID["action1-eligibility"]]
    steps = []
    assert sample(entries, 6, 3, steps.append, pieces=connected) == sample(entries, 6, 3)
    assert sum(steps) == 6 * len(PLAYER_COUNTS) * len(presets_of(entries))


def test_report_command_sends_its_games_to_the_cluster(cluster, monkeypatch):
    from arbiter.cli import report as command

    seen = []
    monkeypatch.setattr(command, "build", lambda *a, pieces, **k: seen.append(pieces) or {"title": "t"})
    monkeypatch.setitem(command.RENDERERS, "md", lambda data: data["title"])
    assert run("report", "--quiet", "--scheduler", cluster.scheduler_address) == (0, "t")
    assert isinstance(seen[0], adapter.Cluster) and seen[0].address == cluster.scheduler_address


TINY = I.Scope("small", pool=4, hands=(1,), palettes=(1,), limit=10_000, actions=40, pairs=15, max_nodes=20_000)


def test_interactions_are_the_same_on_the_cluster(cluster, tmp_path, monkeypatch):
    monkeypatch.setitem(I.SCOPES, "small", TINY)
    monkeypatch.setattr(I, "_never_decides", lambda: {"red": ["R1"]})
    monkeypatch.setattr(I, "SOLVES_PER_PIECE", 7)  # several pieces even at this scope
    args = ["interactions", "--json", "--seed", "2", "--no-cache", "--cache-dir", str(tmp_path)]
    local = run(*args, "--jobs", "1")
    assert local[0] == 0 and json.loads(local[1])["switch_pairs"]["positions"] == 15
    assert run(*args, "--scheduler", cluster.scheduler_address) == local


def slow_solve(seed):
    time.sleep(0.3)  # long enough that a worker is killed in the middle of a piece
    result = solve(POSITIONS[seed])
    return seed, result.winner, result.winning_moves


def test_a_killed_workers_piece_is_run_again(cluster, connected):
    expected = [slow_solve(s) for s in range(12)]
    results = connected.map(slow_solve, [(s,) for s in range(12)])
    got = [next(results)]
    busy = [w for w, keys in connected.client.processing().items() if keys]
    assert busy
    pids = connected.client.run(os.getpid, workers=busy[:1])
    os.kill(next(iter(pids.values())), signal.SIGKILL)
    got += list(results)
    assert got == expected
    assert next(iter(pids)) not in connected.client.scheduler_info()["workers"]  # the worker was really lost


def test_a_stopped_job_cancels_its_tasks(cluster, connected):
    results = connected.map(slow_solve, [(s,) for s in range(40)])
    next(results)
    results.close()  # what Ctrl-C does to the loop reading the results
    deadline = time.monotonic() + 10
    while cluster.scheduler.tasks and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not cluster.scheduler.tasks


def test_unreachable_scheduler_is_one_line_and_exit_2(tmp_path, monkeypatch):
    monkeypatch.setattr(adapter, "CONNECT_SECONDS", 1)
    monkeypatch.setenv(adapter.WAIT_VARIABLE, "1")
    game = tmp_path / "game.txt"
    game.write_text("red 0 | R7 / Y4 | G2 / V6\nplay R7\n", encoding="utf-8")
    for args in (["solve", "--batch", batch_file(tmp_path, 1)], ["report", "--quiet"], ["interactions"],
                 ["advise", "red 0 | R7 / Y4 | 2 / V6"], ["annotate", str(game)]):
        result = CliRunner().invoke(cli, [*args, "--scheduler", "tcp://127.0.0.1:1"])
        assert result.exit_code == 2, args
        assert result.stderr.count("\n") == 1 and "cannot reach the Dask scheduler" in result.stderr


@pytest.mark.parametrize("address", ["garbage", "", "tcp://host-without-port"])
def test_a_malformed_address_is_one_line_at_once(tmp_path, address):
    # No Client is built: a half-built one waits 20 s at exit and prints a traceback from its __del__.
    proc = subprocess.run([sys.executable, "-m", "arbiter.cli", "solve", "--batch", batch_file(tmp_path, 1),
                           "--scheduler", address], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "missing port number" in proc.stderr


# -- bounds on waiting, with real scheduler and worker processes --------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port: int, seconds: float = 45) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port} after {seconds} s")


# A worker process without arbiter: importing it fails, as on a machine where it is not installed.
NO_ARBITER = """
import sys
class NoArbiter:
    def find_spec(self, name, path=None, target=None):
        if name == "arbiter" or name.startswith("arbiter."):
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, NoArbiter())
sys.argv = ["dask-worker", *sys.argv[1:]]
from distributed.cli.dask_worker import main
main()
"""


@pytest.fixture(scope="module")
def scheduler():
    """A scheduler process on 127.0.0.1 with no worker of its own: tcp://127.0.0.1:PORT."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                             str(port), "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(port)
        yield f"tcp://127.0.0.1:{port}"
    finally:
        proc.kill()
        proc.wait(timeout=30)


@contextmanager
def worker(address: str, with_arbiter: bool = True):
    """One worker process (no nanny: killed, it stays dead) that has joined ``address``."""
    args = [address, "--nworkers", "1", "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"]
    command = [sys.executable, "-m", "distributed.cli.dask_worker", *args] if with_arbiter else \
        [sys.executable, "-c", NO_ARBITER, *args]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with distributed.Client(address, timeout=30, set_as_default=False) as client:
            client.wait_for_workers(1, timeout=45)
        yield proc
    finally:
        proc.kill()
        proc.wait(timeout=30)
        with distributed.Client(address, timeout=30, set_as_default=False) as client:
            deadline = time.monotonic() + 30
            while client.nthreads() and time.monotonic() < deadline:  # the scheduler notices it is gone
                time.sleep(0.2)


def arbiter(args: list[str], wait: str = "2", timeout: float = 90) -> subprocess.CompletedProcess:
    env = {**os.environ, adapter.WAIT_VARIABLE: wait}
    return subprocess.run([sys.executable, "-m", "arbiter.cli", *args], capture_output=True, text=True, env=env,
                          timeout=timeout, check=False)


def test_no_worker_is_one_line_within_the_wait(scheduler, tmp_path):
    start = time.monotonic()
    proc = arbiter(["solve", "--batch", batch_file(tmp_path, 2), "--scheduler", scheduler])
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "no Dask worker joined the scheduler" in proc.stderr and "within 2 s" in proc.stderr
    assert time.monotonic() - start < 60


def test_workers_that_cannot_import_arbiter_are_named(scheduler, tmp_path):
    with worker(scheduler, with_arbiter=False):
        proc = arbiter(["solve", "--batch", batch_file(tmp_path, 2), "--scheduler", scheduler])
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    assert "cannot import arbiter" in proc.stderr and "No module named 'arbiter" in proc.stderr


def test_all_workers_lost_mid_run_stop_the_job(scheduler, monkeypatch):
    monkeypatch.setenv(adapter.WAIT_VARIABLE, "2")
    with worker(scheduler) as proc, adapter.Cluster(scheduler) as cluster:
        results = cluster.map(time.sleep, [(0.5,)] * 12)  # a function the scheduler's process can import too
        assert next(results) is None
        proc.kill()
        start = time.monotonic()
        with pytest.raises(adapter.ClusterError, match=r"all the Dask workers were lost \(\d+ of 12 pieces done; "
                                                       r"no worker for 2 s\)"):
            list(results)
        assert time.monotonic() - start < 40


def test_the_same_with_workers_gives_answers(scheduler, tmp_path):
    with worker(scheduler):
        proc = arbiter(["solve", "--batch", batch_file(tmp_path, 3), "--scheduler", scheduler])
        serial = arbiter(["solve", "--batch", batch_file(tmp_path, 3), "--jobs", "1"])
    assert proc.returncode == 0 and proc.stdout == serial.stdout and len(proc.stdout.splitlines()) == 3


class Silent(socketserver.BaseRequestHandler):
    """A web server's port (a dashboard's): it waits for a request before it says anything."""

    def handle(self):
        self.request.settimeout(5)
        try:
            self.request.recv(1024)
            self.request.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        except OSError:
            pass


class Eager(socketserver.BaseRequestHandler):
    """A server that answers 400 the moment anyone connects."""

    def handle(self):
        self.request.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


@pytest.mark.parametrize("handler, words", [(Silent, "sent no Dask greeting within 1 s"),
                                            (Eager, "answered 'HTTP/1.1 400 Bad Request")])
def test_an_address_that_is_no_scheduler_is_named_at_once(tmp_path, handler, words, monkeypatch):
    monkeypatch.setattr(adapter, "CONNECT_SECONDS", 1)
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        address = f"tcp://127.0.0.1:{server.server_address[1]}"
        start = time.monotonic()
        result = CliRunner().invoke(cli, ["solve", "--batch", batch_file(tmp_path, 1), "--scheduler", address])
        server.shutdown()
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "is not a Dask scheduler" in result.stderr and words in result.stderr
    assert time.monotonic() - start < 20


def test_a_port_out_of_range_is_refused_at_once(tmp_path):
    start = time.monotonic()
    proc = arbiter(["solve", "--batch", batch_file(tmp_path, 1), "--scheduler", "tcp://127.0.0.1:99999"])
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "port 99999 is out of range" in proc.stderr
    assert time.monotonic() - start < 20  # the interpreter's start-up; no waiting on the network


def test_a_bad_wait_is_one_line(tmp_path):
    proc = arbiter(["solve", "--batch", batch_file(tmp_path, 1), "--scheduler", "tcp://127.0.0.1:1"], wait="soon")
    assert proc.returncode == 2 and "ARBITER_DASK_WAIT='soon'" in proc.stderr and proc.stderr.count("\n") == 1
