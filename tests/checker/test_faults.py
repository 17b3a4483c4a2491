"""Engines that crash, hang, print garbage or non-JSON, answer with a wrong id, answer too slowly,
write to stderr or cannot start: each is exit 2 with a clear message within the timeout, and the
child is always killed."""

import json
import shlex
import sys
import time
from pathlib import Path

import pytest
from arbiter.checker import vectors
from arbiter.checker.engine import EngineFault, ProcessEngine
from arbiter.checker.red7 import PLUGIN
from arbiter.cli.main import cli
from click.testing import CliRunner

FAULT_ENGINE = Path(__file__).with_name("fault_engine.py")
TIMEOUT = 1.0
FAULT_TIMEOUT = 3.0  # the slow engine takes 5 s; room for a loaded CI machine to start the others


def command(mode):
    return shlex.join([sys.executable, str(FAULT_ENGINE), mode])


@pytest.fixture(scope="module")
def few_vectors(tmp_path_factory):
    """A vector directory of three qualifying cases, in the documented format."""
    root = tmp_path_factory.mktemp("vectors")
    cases = [c for c in vectors.cases(PLUGIN) if c["request"]["op"] == "qualifying"][:3]
    (root / "q.json").write_text(json.dumps({"format": vectors.FORMAT, "cases": cases}))
    (root / "index.json").write_text(json.dumps({"format": vectors.FORMAT, "files": [{"path": "q.json"}]}))
    return root


def run_check(mode, few_vectors, *extra, timeout=TIMEOUT):
    started = time.monotonic()
    result = CliRunner().invoke(cli, ["check", "--engine", command(mode), "--ops", "qualifying", "--budget", "0",
                                      "--timeout-per-request", str(timeout), "--vectors", str(few_vectors), *extra])
    return result, time.monotonic() - started


@pytest.mark.parametrize("mode, words", [
    ("crash-at-start", "exited before answering request 1 (hello) (exit status 3)"),
    ("crash", ("exited before answering request 2 (qualifying) (exit status 1); its stderr ends: "
              "'ZeroDivisionError: division by zero'")),
    ("hang", f"gave no answer to request 2 (qualifying) within {FAULT_TIMEOUT:g} s"),
    ("slow", f"gave no answer to request 2 (qualifying) within {FAULT_TIMEOUT:g} s"),
    ("garbage", "answered request 2 (qualifying) with a line that is not JSON: 'loading rules... done'"),
    ("non-json", "with a line that is not JSON: 'leader is player 0'"),
    ("wrong-id", "answered request 2 (qualifying) with id 1002, expected 2"),
    ("stderr", "bytes to stderr"),
    ("stderr-flood", "wrote 1048577 bytes to stderr"),
    ("no-exit", f"did not exit within {FAULT_TIMEOUT:g} s of the end of its input"),
    ("bad-exit", "exited with status 4 at the end of its input"),
    ("bad-hello", "speaks protocol 'uci', expected 'arbiter-engine/1'"),
])
def test_fault_is_exit_2_with_a_clear_message(mode, words, few_vectors):
    result, seconds = run_check(mode, few_vectors, timeout=FAULT_TIMEOUT)
    assert result.exit_code == 2, result.output
    assert words in result.output
    ours = [line for line in result.output.splitlines() if not line.startswith("    ")]  # not the quoted stderr
    assert "Traceback" not in "\n".join(ours).replace("'Traceback", "")
    assert seconds < 4 * FAULT_TIMEOUT + 6  # python start-up of the child included


@pytest.mark.parametrize("mode", ["crash", "hang"])
def test_a_crash_or_hang_names_the_vector_the_request_and_the_stderr(mode, few_vectors):
    result, _ = run_check(mode, few_vectors, "--allow-stderr")
    assert result.exit_code == 2, result.output
    first = json.loads((few_vectors / "q.json").read_text())["cases"][0]
    assert f"  on:       vector {first['id']}" in result.output
    assert f"  request:  {json.dumps(first['request'])}" in result.output
    if mode == "crash":
        stderr = result.output.split("engine stderr (last lines):\n")[1].splitlines()
        assert stderr[:2] == ["    Traceback (most recent call last):", "    ZeroDivisionError: division by zero"]


def test_a_random_case_that_crashes_the_engine_is_named(few_vectors):
    result = CliRunner().invoke(cli, ["check", "--engine", command("crash"), "--ops", "leader", "--budget", "5",
                                      "--vectors", str(few_vectors), "--allow-stderr", "--json"])
    fault = json.loads(result.stdout)["fault"]
    assert result.exit_code == 2
    assert fault["source"] == "random case 1 of leader, rule red (seed 0)"
    assert fault["request"]["op"] == "leader" and fault["stderr"][-1] == "ZeroDivisionError: division by zero"


def test_slow_within_the_timeout_is_fine(few_vectors):
    result, _ = run_check("slow-but-in-time", few_vectors)
    assert result.exit_code == 0, result.output


def test_stderr_may_be_allowed(few_vectors):
    result, _ = run_check("stderr", few_vectors, "--allow-stderr")
    assert result.exit_code == 0, result.output


def test_missing_engine_program_is_exit_2():
    result = CliRunner().invoke(cli, ["check", "--engine", "no-such-engine-program --x"])
    assert result.exit_code == 2
    assert "cannot start engine 'no-such-engine-program --x'" in result.output


def test_unbalanced_quotes_are_exit_2():
    result = CliRunner().invoke(cli, ["check", "--engine", "node 'engine.js"])
    assert result.exit_code == 2 and "cannot split the engine command" in result.output


def test_a_hung_child_is_killed():
    engine = ProcessEngine(command("hang"), timeout=3.0)  # room for a loaded machine to start Python
    assert engine.request({"op": "hello"})["protocol"] == "arbiter-engine/1"
    with pytest.raises(EngineFault, match="no answer"):
        engine.request({"op": "qualifying", "rule": "red", "palette": ["R7"]})
    engine.abort()
    assert engine.proc.poll() is not None


def test_a_child_that_ignores_end_of_input_is_killed():
    engine = ProcessEngine(command("no-exit"), timeout=3.0)
    engine.request({"op": "hello"})
    with pytest.raises(EngineFault, match="did not exit"):
        engine.close()
    assert engine.proc.poll() is not None


def test_engine_module_faults_are_exit_2():
    runner = CliRunner()
    result = runner.invoke(cli, ["check", "--engine-module", "no_such_module_xyz:handle"])
    assert result.exit_code == 2 and "cannot import 'no_such_module_xyz'" in result.output
    result = runner.invoke(cli, ["check", "--engine-module", "json:no_such_function"])
    assert result.exit_code == 2 and "has no function 'no_such_function'" in result.output
    result = runner.invoke(cli, ["check", "--engine-module", "json:dumps"])  # answers a str, not an object
    assert result.exit_code == 2 and "not a JSON object" in result.output


def crash_on_everything(request):
    raise ZeroDivisionError("boom")


def test_an_engine_function_that_raises_on_hello_is_a_broken_engine_not_a_traceback():
    result = CliRunner().invoke(cli, ["check", "--engine-module", f"{__name__}:crash_on_everything"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "crashes on hello: ZeroDivisionError: boom" in result.output


def test_a_stopped_engine_is_killed_and_refuses_every_later_request():
    # Ctrl-C stops the engine: an interrupt some library swallowed (an import's callback did, during
    # the random cases) still ends the check at the next request instead of letting it run on.
    engine = ProcessEngine(command("slow-but-in-time"), timeout=3.0)
    engine.request({"op": "hello"})
    engine.stop()
    with pytest.raises(KeyboardInterrupt):
        engine.request({"op": "qualifying", "rule": "red", "palette": ["R7"]})
    with pytest.raises(KeyboardInterrupt):
        engine.restart()  # a child that died because it was stopped is not started again
    engine.abort()
    assert engine.proc.poll() is not None


def test_a_crashed_engine_is_restarted_and_the_check_goes_on(few_vectors):
    # "crash" dies on every request after hello: every op is tried, each crash a finding
    result = CliRunner().invoke(cli, ["check", "--engine", command("crash"), "--ops", "qualifying,leader", "--budget",
                                      "3", "--vectors", str(few_vectors), "--allow-stderr", "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 2 and report["fault"]["restarts"] > 3
    assert report["tallies"]["leader"]["random_run"] > 0  # leader checked after qualifying crashed
    assert any("restarted each time" in n for n in report["notes"])
