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
    # one cause under every rule but Red, whose single card has no order: one finding listing the rules
    assert ("FINDING 1 of 1 in qualifying: the qualifying cards are listed weakest first, not strongest first"
            in result.output)
    assert "under rules blue, green, indigo, orange, violet, yellow" in result.output
    assert "expected:" in result.output and "got:" in result.output and "rule:" in result.output
    assert "verdict: the engine disagrees in 1 way(s) (exit 1)" in result.output


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


def test_vectors_export_check_names_stray_files_and_export_removes_old_vector_files(tmp_path):
    assert run("vectors", "export", str(tmp_path)).exit_code == 0
    old = json.loads((tmp_path / "leader" / "ties.json").read_text())
    (tmp_path / "leader" / "renamed-topic.json").write_text(json.dumps(old))  # a topic the generator dropped
    (tmp_path / "notes.txt").write_text("mine")
    result = run("vectors", "export", str(tmp_path), "--check")
    assert result.exit_code == 1, result.output
    assert "out of date: leader/renamed-topic.json (stray)" in result.output
    assert "out of date: notes.txt (stray)" in result.output
    result = run("vectors", "export", str(tmp_path))
    assert "removed leader/renamed-topic.json" in result.output
    assert not (tmp_path / "leader" / "renamed-topic.json").exists() and (tmp_path / "notes.txt").exists()


def test_vectors_export_check_of_another_game_suggests_the_game(tmp_path):
    result = run("vectors", "export", str(tmp_path), "--check", "--game", "realms")
    assert result.exit_code == 1 and f"run arbiter vectors export {tmp_path} --game realms" in result.output


@pytest.fixture()
def copied_vectors(tmp_path):
    """The checked-in qualifying vectors, copied to a directory a test may spoil."""
    from arbiter.checker import vectors
    from arbiter.checker.red7 import PLUGIN

    cases = [c for c in vectors.cases(PLUGIN) if c["request"]["op"] == "qualifying"]
    (tmp_path / "q.json").write_text(json.dumps({"format": vectors.FORMAT, "game": "red7", "cases": cases}))
    (tmp_path / "index.json").write_text(json.dumps({"format": vectors.FORMAT, "files": [{"path": "q.json"}]}))
    return tmp_path


def test_vectors_dir_expectations_are_used_as_they_are(copied_vectors):
    obj = json.loads((copied_vectors / "q.json").read_text())
    obj["cases"][1]["expected"] = {"cards": ["V1"]}  # wrong on purpose: the model is not asked instead
    (copied_vectors / "q.json").write_text(json.dumps(obj))
    result = run("check", "--engine", ENGINE, "--ops", "qualifying", "--budget", "0", "--vectors", str(copied_vectors))
    assert result.exit_code == 1, result.output
    assert f"1 vector(s): {obj['cases'][1]['id']}" in result.output and 'expected: {"cards": ["V1"]}' in result.output


@pytest.mark.parametrize("spoil, words", [
    (lambda o: o["cases"][2].pop("request"), "q.json: case 2 (qualifying/bug-kinds/002): 'request' must be an object"),
    (lambda o: o["cases"][3]["request"].pop("palette"),
     "q.json: case 3 (qualifying/bug-kinds/003): not a well-formed qualifying request: 'palette'"),
    (lambda o: o["cases"][4]["request"].update(rule="pink"),
     "q.json: case 4 (qualifying/bug-kinds/004): not a well-formed qualifying request"),
    (lambda o: o["cases"][5].update(expected=7), "case 5 (qualifying/bug-kinds/005): 'expected' must be"),
    (lambda o: o["cases"].__setitem__(0, {"id": 3}), "q.json: case 0: missing 'id'"),
    (lambda o: o["cases"][1].update(id=o["cases"][0]["id"]), "case 1 (qualifying/bug-kinds/000): the id is used twice"),
])
def test_a_malformed_vector_case_is_one_line_naming_file_and_case(copied_vectors, spoil, words):
    obj = json.loads((copied_vectors / "q.json").read_text())
    spoil(obj)
    (copied_vectors / "q.json").write_text(json.dumps(obj))
    result = run("check", "--engine", ENGINE, "--vectors", str(copied_vectors))
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.output.splitlines()
    assert line.startswith("arbiter: bad --vectors: ") and words in line, line


@pytest.mark.parametrize("content, words", [
    ("[" * 100000, "index.json: not valid JSON"),
    ("{}", "format None, expected 'arbiter-conformance/2'"),
    ('{"format": "arbiter-conformance/2", "files": [{"path": "../x.json"}]}', "needs a relative 'path' inside"),
    ('{"format": "arbiter-conformance/2", "files": [{"path": "missing.json"}]}', "missing.json: no such file"),
    ('{"format": "arbiter-conformance/2", "game": "realms", "files": []}', "vectors of the game 'realms'"),
])
def test_a_malformed_vector_index_is_one_line(tmp_path, content, words):
    (tmp_path / "index.json").write_text(content)
    result = run("check", "--engine", ENGINE, "--vectors", str(tmp_path))
    assert result.exit_code == 2 and "Traceback" not in result.output
    (line,) = result.output.splitlines()
    assert words in line, line


def test_vectors_export_to_an_unwritable_place_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    for target in (str(blocker / "sub"), ""):
        result = run("vectors", "export", target)
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert len(result.output.splitlines()) == 1


def test_ctrl_c_is_exit_130_in_one_line(monkeypatch):
    import arbiter.cli.check as command

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "run_check", interrupted)
    result = run("check", "--engine", ENGINE)
    assert result.exit_code == 130 and result.output == "arbiter: interrupted\n"


def test_game_option_names_the_games_known():
    result = run("check", "--game", "chess", "--engine", ENGINE)
    from arbiter.checker.games import PLUGINS

    known = ", ".join(f"'{g}'" for g in sorted(PLUGINS))
    assert result.exit_code == 2 and f"'chess' is not one of {known}" in result.output


@pytest.mark.parametrize("phase", ["vectors", "random cases"])
def test_ctrl_c_during_a_real_check_is_exit_130_and_one_line(phase, tmp_path):
    import signal
    import subprocess
    import time
    from pathlib import Path

    from arbiter.checker.vectors import FORMAT

    slow = shlex.join([sys.executable, str(Path(__file__).parents[1] / "checker" / "fault_engine.py"),
                       "slow-but-in-time"])
    args = [sys.executable, "-m", "arbiter.cli", "check", "--engine", slow, "--budget", "100000"]
    if phase == "random cases":
        (tmp_path / "index.json").write_text(json.dumps({"format": FORMAT, "files": []}))
        args += ["--vectors", str(tmp_path)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (children.exists() and children.read_text().strip()):
        time.sleep(0.1)  # until the engine runs: a loaded machine may take seconds to start Python
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "" and err == "arbiter: interrupted\n", err


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["mutants:refuses_unreachable", "mutants:basic_only"])
def test_correct_engines_that_refuse_unreachable_input_or_serve_only_basic_pass_with_default_options(engine,
                                                                                                     monkeypatch):
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "checker"))
    result = run("check", "--engine-module", engine)
    assert result.exit_code == 0, result.output
    assert "verdict: the engine agrees with the model (exit 0)" in result.output
