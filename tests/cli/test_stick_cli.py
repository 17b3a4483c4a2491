"""The Stick to Colours commands: arbiter score, show, play --game stick-to-colours, solve (one position
and --batch on the workers) and value; bad input is one line and exit 2."""

import json
import random
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from arbiter.model.stick_to_colours import apply, deal, format_text, position_from_json, position_to_json, successors
from arbiter.solver.stick_to_colours import solve as solve_one
from click.testing import CliRunner


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_score_prints_points_arrangement_and_each_reading():
    r = run("score", "r1", "R2", "R3", "RJ")
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith("4 points")
    assert "RJ=4" in r.output and "sharing=several_runs: 10 points (+6)" in r.output


def test_score_json():
    r = run("score", "R1 R2 R3 R3 R4 R5", "--json")
    out = json.loads(r.output)
    assert out["points"] == 6 and [s["cards"] for s in out["sets"]] == [["R1", "R2", "R3"], ["R3", "R4", "R5"]]
    assert {"switch": "run_split", "value": "layered", "points": 5} in out["switches"]


def test_score_under_a_ruleset():
    assert json.loads(run("score", "R1 R2 R4 R5", "--ruleset", "default,runs=ascending", "--json").output)["points"] == 4


@pytest.mark.parametrize("args, message", [
    (["score", "R7", "R7"], "R7 appears 2 times"),
    (["score", "X1"], "unknown card"),
    (["score", "BJ", "--ruleset", "default,deck=46"], "BJ appears 1 times but is not in the deck"),
    (["score", "R1", "--ruleset", "nope"], "bad --ruleset"),
    (["score"] + ["R1"] * 49, "at most 48 cards"),
    (["play", "--game", "stick-to-colours", "--players", "5"], "2 to 4 players"),
    (["play", "--game", "stick-to-colours", "--ruleset", "default,market_clear=never"], "need not end"),
    (["show", "stick-to-colours default | nothing"], "bad position"),
    (["show", '{"game": "stick-to-colours", "players": []}'], "bad position: players"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.output and len(r.output.strip().splitlines()) == 1


def test_show_text_and_json():
    pos = apply(deal(3, 1), "auction R2 refuse G2")
    r = run("show", format_text(pos))
    assert r.exit_code == 0 and "auction of R2" in r.output and "player 1 to move" in r.output
    out = json.loads(run("show", json.dumps(position_to_json(pos)), "--json").output)
    assert out["notation"] == format_text(pos) and out["to_move"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_is_seeded_and_ends(players):
    a = run("play", "--game", "stick-to-colours", "--players", str(players), "--seed", "3", "--json")
    b = run("play", "--game", "stick-to-colours", "--players", str(players), "--seed", "3", "--json")
    assert a.exit_code == 0 and a.output == b.output
    out = json.loads(a.output)
    assert out["end"]["deck"] == [] and out["end"]["market"] == [] and out["winners"]
    text = run("play", "--game", "stick-to-colours", "--players", str(players), "--seed", "3")
    assert text.output.splitlines()[-1].startswith("Game over:") and len(out["moves"]) + 3 == len(
        text.output.splitlines())


PUZZLE = str(Path(__file__).resolve().parents[2] / "examples/puzzles/stick-to-colours/03-the-bot-and-the-nine.json")


def test_solve_a_stick_to_colours_puzzle():
    r = run("solve", PUZZLE)
    assert r.exit_code == 0 and "shared victory" in r.output and "auction B9 refuse R2" in r.output
    out = json.loads(run("solve", PUZZLE, "--json").output)
    assert out["outcome"] == "shared" and out["margin"] == 0 and out["line"]


def test_solve_with_a_limit_is_unknown_exit_1():
    r = run("solve", PUZZLE, "--max-nodes", "3")
    assert r.exit_code == 1 and "unknown" in r.output


def test_solve_says_a_finished_game_is_over():
    end = json.loads(run("play", "--game", "stick-to-colours", "--seed", "1", "--json").output)["end"]
    r = run("solve", json.dumps(end))
    assert r.exit_code == 0 and r.output.startswith("Verdict: the game is over: ")


def test_value_says_what_a_card_adds_to_each_collection():
    position = json.dumps(json.loads(Path(PUZZLE).read_text())["position"])
    out = json.loads(run("value", position, "b9", "--json").output)
    assert out["card"] == "B9"
    assert [(r["player"], r["adds"]) for r in out["collections"]] == [(0, 6), (1, 3), ("bot", 0)]
    bad = run("value", position, "X1")
    assert bad.exit_code == 2 and "unknown card" in bad.output
    red7 = run("value", "red 0 | B5 G2 V1 / Y6 | R4 / R6", "R1")
    assert red7.exit_code == 2 and "Stick to Colours position" in red7.output


def test_value_gives_the_card_s_worth_in_refusals_to_the_player_to_move():
    first = Path(PUZZLE).parent / "01-a-worthless-card-outbids-the-seven.json"
    pos = apply(position_from_json(json.loads(first.read_text())["position"]), "auction R7 refuse B1")
    text = json.dumps(position_to_json(pos))
    out = json.loads(run("value", text, "R7", "--json").output)["in_refusals"]
    assert (out["player"], out["result"], out["refusals"], out["bid_margin"], out["without_margin"]) == (
        1, "solved", 2, 0, -6)
    assert "In refusals, to player 1: 2" in run("value", text, "r7").output
    other = json.loads(run("value", text, "B1", "--json").output)["in_refusals"]
    assert other["refusals"] is None and "auction in progress is for R7" in other["reason"]
    cut = run("value", text, "R7", "--max-nodes", "2")
    assert cut.exit_code == 1 and "not known" in cut.output


def _batch(tmp_path, positions) -> str:
    path = tmp_path / "endgames.jsonl"
    path.write_text("".join(json.dumps(position_to_json(p)) + "\n" for p in positions))
    return str(path)


def _endgames():
    out = []
    for players in (2, 3, 4):
        rng = random.Random(players)
        pos = deal(players, players)
        while len(pos.deck) + len(pos.market) > 2:
            pos = rng.choice(successors(pos))[1]
        out.append(pos)
    return out


def test_solve_batch_runs_on_the_workers_with_the_same_output_for_any_jobs(tmp_path):
    positions = _endgames()
    path = _batch(tmp_path, positions)
    outs = [run("solve", "--batch", path, "--json", "--jobs", jobs) for jobs in ("1", "2")]
    assert [o.exit_code for o in outs] == [0, 0]
    lines = [[{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in o.output.splitlines()]
             for o in outs]
    assert lines[0] == lines[1] and len(lines[0]) == len(positions)
    for got, pos in zip(lines[0], positions, strict=True):
        alone = solve_one(pos)
        assert (got["game"], got["players"], got["margin"], got["best_moves"]) == (
            "stick-to-colours", pos.players, alone.margin, alone.best_moves)
    text = run("solve", "--batch", path, "--jobs", "1").output.splitlines()
    assert len(text) == len(positions) and text[0].startswith("1: player ")


def test_solve_batch_bad_lines_and_limits(tmp_path):
    path = _batch(tmp_path, _endgames())
    cut = run("solve", "--batch", path, "--max-nodes", "2", "--jobs", "1")
    assert cut.exit_code == 1 and "unknown" in cut.output
    bad = tmp_path / "bad.jsonl"
    first = Path(path).read_text().splitlines()[0]
    bad.write_text(first + "\n" + first.replace('"dealer": ', '"dealer": 7') + "\n")
    r = run("solve", "--batch", str(bad))
    assert r.exit_code == 1 and r.stdout.startswith("1: player ") and r.stdout.splitlines()[1].startswith("2: bad ")
    end = json.loads(run("play", "--game", "stick-to-colours", "--seed", "1", "--json").output)["end"]
    bad.write_text(first + "\n" + json.dumps(end) + "\n")
    r = run("solve", "--batch", str(bad))
    assert r.exit_code == 1 and r.stdout.splitlines()[1].startswith("2: the game is over: ")
