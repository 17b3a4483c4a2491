"""Puzzle files, every game's: ``solve`` honours a puzzle's settings (a Realms puzzle's ``tricks``)
and ``solve --check PUZZLE`` holds the file's written answer and notation line to the solver."""

import json
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

PUZZLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "puzzles").rglob("*.json"))
REALMS = next(p for p in PUZZLES if p.name == "01-the-match-steals-it.json")


def run(*args):
    return CliRunner().invoke(cli, ["solve", *map(str, args)])


def test_every_game_has_puzzles():
    assert {p.parent.name for p in PUZZLES} == {"puzzles", "realms", "stick-to-colours"}


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_bundled_puzzle_checks(path):
    result = run("--check", path)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{path}: the written answer holds")
    obj = json.loads(run("--check", "--json", path).output)
    assert obj["holds"] is True and obj["differences"] == []


def test_solve_honours_a_realms_puzzles_tricks():
    # The file's answer is for one trick: guarantee 1 with Y9 only, R5 dead (over two tricks all is won).
    answer = json.loads(run("--json", REALMS).output)
    assert (answer["tricks"], answer["guaranteed"], answer["best_moves"], answer["dead_cards"]) == (1, 1, ["Y9"], ["R5"])
    asked = json.loads(run("--json", "--tricks", "2", REALMS).output)  # an explicit --tricks asks another question
    assert (asked["tricks"], asked["guaranteed"]) == (2, 2)


def _edited(tmp_path, path, **changes):
    puzzle = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if key == "answer":
            puzzle["answer"].update(value)
        else:
            puzzle[key] = value
    out = tmp_path / path.name
    out.write_text(json.dumps(puzzle), encoding="utf-8")
    return out


def test_a_wrong_written_answer_is_named_key_by_key(tmp_path):
    wrong = _edited(tmp_path, REALMS, answer={"guaranteed": 0, "dead_cards": []})
    result = run("--check", wrong)
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{wrong}: the written answer does not hold (tricks 1):",
                                          "  guaranteed: written 0, solved 1",
                                          '  dead_cards: written [], solved ["R5"]']
    red7 = _edited(tmp_path, PUZZLES[0], answer={"winning_moves": ["pass"]})
    assert "winning_moves: written [\"pass\"]" in run("--check", red7).output


def test_a_notation_line_that_is_not_the_position_is_named(tmp_path):
    notation = json.loads(REALMS.read_text())["notation"].replace("ruling=red", "ruling=blue")
    result = run("--check", _edited(tmp_path, REALMS, notation=notation))
    assert result.exit_code == 1 and "  notation: the notation line is not the position" in result.output.splitlines()


def test_an_answer_key_the_solver_does_not_give_is_named(tmp_path):
    result = run("--check", _edited(tmp_path, REALMS, answer={"winner": 0}))
    assert result.exit_code == 1 and "  winner: the solver gives no such answer (its keys: " in result.output


@pytest.mark.parametrize("args, message", [
    (("--check", "red 0 | B5 G2 / Y6 | R4 / R6"), "--check takes a puzzle file"),
    (("--check", "--tricks", "2", REALMS), "--tricks 2: the puzzle's answer is for tricks 1"),
])
def test_check_refuses_what_it_cannot_check(args, message):
    result = run(*args)
    assert (result.exit_code, result.stdout) == (2, "") and message in result.stderr


def test_a_bad_setting_in_a_puzzle_is_one_line(tmp_path):
    result = run(_edited(tmp_path, REALMS, tricks=0))
    assert result.exit_code == 2 and result.stderr == "arbiter: bad puzzle: tricks: a number of tricks, at least 1, got 0\n"
