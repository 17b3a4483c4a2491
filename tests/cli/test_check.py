"""``arbiter check`` and ``arbiter vectors`` through the CLI: the project's own engine passes with
every preset; bad options are one line and exit 2."""

import json
import shlex
import sys

import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

ENGINE = shlex.join([sys.executable, "-m", "arbiter.cli", "engine"])


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("preset", [
    "basic",
    pytest.param("actions", marks=pytest.mark.slow),
    pytest.param("advanced", marks=pytest.mark.slow),
    pytest.param("advanced+actions", marks=pytest.mark.slow),
])
def test_arbiter_engine_passes_check_with_every_preset(preset):
    result = run("check", "--engine", ENGINE, "--ruleset", preset, "--budget", "14", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["verdict"] == "agree" and report["fault"] is None
    assert set(report["tallies"]) == {"leader", "qualifying", "legal_moves", "apply"}
    assert report["tallies"]["apply"]["vectors_run"] > 0
    assert all(t["random_run"] == t["random_passed"] > 0 for t in report["tallies"].values())


def test_a_disagreement_is_exit_1_with_the_position_and_the_rule(monkeypatch, tmp_path):
    (tmp_path / "weak_first.py").write_text(
        "from arbiter.model.red7.protocol import handle\n"
        "def engine(request):\n"
        "    answer = handle(request)\n"
        "    if 'cards' in answer:\n"
        "        answer['cards'].reverse()\n"
        "    return answer\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("check", "--engine-module", "weak_first:engine", "--ops", "qualifying", "--budget", "5")
    assert result.exit_code == 1
    assert "DISAGREEMENT in qualifying" in result.output
    assert "expected:" in result.output and "got:" in result.output and "rule:" in result.output
    assert "verdict: the engine disagrees with the model (exit 1)" in result.output


@pytest.mark.parametrize("args, words", [
    ([], "give exactly one of --engine"),
    (["--engine", "x", "--engine-module", "a:b"], "give exactly one of --engine"),
    (["--engine", ENGINE, "--ops", "leader,dance"], "bad --ops: unknown op 'dance'"),
    (["--engine", ENGINE, "--ruleset", "chess"], "bad --ruleset"),
    (["--engine", ENGINE, "--vectors", "/nonexistent/dir"], "bad --vectors"),
])
def test_bad_options_are_one_line_and_exit_2(args, words):
    result = run("check", *args)
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_vectors_export_writes_files_that_check_reads(tmp_path):
    result = run("vectors", "export", str(tmp_path))
    assert result.exit_code == 0 and "wrote" in result.output
    assert run("vectors", "export", str(tmp_path), "--check").exit_code == 0
    (tmp_path / "leader" / "ties.json").write_text("{}")
    result = run("vectors", "export", str(tmp_path), "--check")
    assert result.exit_code == 1 and "out of date: leader/ties.json" in result.output
