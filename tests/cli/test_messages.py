"""Each bad input a newcomer met is one line that names the real problem (exit 2): deep nesting,
binary data, another game's file, a card in the case it was typed, a vector folder of another game,
a directory whose parent is missing (never made silently)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"players": ' + DEEP + "}"


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def one_line(result, code=2):
    assert result.exit_code == code, result.output
    assert result.stdout == "" and result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr


@pytest.mark.parametrize("command", [["show"], ["moves"], ["solve"], ["advise"], ["apply", "-", "pass"]])
@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT])
def test_deep_nesting_is_said_to_nest_too_deeply(command, text, tmp_path):
    line = one_line(run(*command[:1], "-", *command[2:], stdin=text))
    assert "nested too deeply" in line, line
    path = tmp_path / "deep.json"
    path.write_text(text)
    assert "nested too deeply" in one_line(run(command[0], str(path), *command[2:]))


def test_a_json_array_is_said_not_to_be_an_object():
    assert one_line(run("show", "[1, 2]")) == "arbiter: bad position: position: must be a JSON object, got list\n"


@pytest.mark.parametrize("args", [["show", "-"], ["solve", "-"], ["solve", "--batch", "-"], ["annotate", "-"]])
def test_binary_on_stdin_is_called_binary_and_not_echoed(args):
    data = Path(sys.executable).read_bytes()[:300]  # an ELF header: NUL bytes and bytes that are no UTF-8
    proc = subprocess.run([sys.executable, "-m", "arbiter.cli", *args], input=data, capture_output=True, timeout=60,
                          check=False)
    assert (proc.returncode, proc.stdout) == (2, b"")
    assert proc.stderr.count(b"\n") == 1 and b"stdin holds binary data" in proc.stderr
    assert not any(b < 32 and b != 10 for b in proc.stderr), proc.stderr


def test_a_realms_puzzle_to_annotate_is_read_as_realms_and_has_no_turns():
    # annotate takes every game: a puzzle names its game in its position, and has no turns to mark
    puzzle = ROOT / "examples" / "puzzles" / "realms" / "01-the-match-steals-it.json"
    line = one_line(run("annotate", str(puzzle)))
    assert line == "arbiter: bad game: round 1: turns must be a list of turn texts\n"


@pytest.mark.parametrize("typed, named", [("play R9", "'R9'"), ("PLAY Q3", "'Q3'"), ("play r9", "'r9'")])
def test_an_unknown_card_is_named_as_typed(typed, named):
    line = one_line(run("apply", "red 0 basic | R7 O3 / Y4 | B2 / V6", typed))
    assert line.startswith(f"arbiter: bad move: turn 1: unknown card {named} ")  # apply numbers the moves it takes


def test_a_vector_check_of_another_games_folder_names_both_games(tmp_path):
    red7 = tmp_path / "red7"
    red7.mkdir()
    shutil.copy(ROOT / "conformance" / "red7" / "index.json", red7)  # the index names the game
    result = run("vectors", "export", "--check", str(red7), "--game", "realms")
    assert result.exit_code == 1
    assert result.output == (f"{red7}: holds the vectors of red7, not of realms; check them with "
                             f"arbiter vectors export --check {red7} --game red7\n")


def test_a_vector_check_says_how_to_write_the_game_it_was_asked_for(tmp_path):
    result = run("vectors", "export", "--check", str(tmp_path), "--game", "realms")
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"{tmp_path}: out of date, run arbiter vectors export {tmp_path} --game realms"


def test_vectors_export_refuses_a_path_whose_parent_is_missing_and_makes_nothing(tmp_path):
    target = tmp_path / "missing" / "a" / "b"
    line = one_line(run("vectors", "export", str(target)))
    assert line == f"arbiter: bad DIRECTORY: '{tmp_path / 'missing' / 'a'}' does not exist (make it first to write in '{target}')\n"
    assert not (tmp_path / "missing").exists()
    assert run("vectors", "export", str(tmp_path / "new"), "--game", "realms").exit_code == 0  # one new folder is made


@pytest.mark.parametrize("command", [["deal"], ["play"], ["advise", "red 0 basic | R1 / ? ? | / B1 | deck ? ?"],
                                     ["interactions"], ["report"], ["check", "--engine", "true"]])
def test_a_negative_seed_is_refused(command):
    """Python's random takes -3 as 3: a negative seed would quietly repeat another seed's output."""
    line = one_line(run(*command, "--seed", "-3"))
    assert "--seed" in line and "-3" in line, line


def test_a_game_record_without_its_position_is_said_to_have_none(tmp_path):
    path = tmp_path / "record.json"
    path.write_text('{"game": "red7", "turns": []}')
    line = one_line(run("annotate", str(path)))
    assert 'no "position"' in line and "NoneType" not in line, line
