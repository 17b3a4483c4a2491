"""Work on a real local Dask cluster (2 worker processes on 127.0.0.1): solve --batch, the report's
sample and interactions give the same output as local runs; a killed worker's piece is run again;
a stopped job cancels its tasks; an unreachable scheduler is one line and exit 2."""

import json
import os
import signal
import subprocess
import sys
import time

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
