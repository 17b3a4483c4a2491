"""``arbiter play``: seeded games of random legal turns, logged; Advanced plays a whole match."""

import json

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7 import apply
from arbiter.model.red7.cards import parse_cards
from arbiter.model.red7.game import TARGETS
from arbiter.model.red7.notation import parse_text, position_from_json
from click.testing import CliRunner


def run(*args):
    return CliRunner().invoke(cli, ["play", *args])


def test_log_is_seeded_and_turn_by_turn():
    first = run("--players", "3", "--seed", "11")
    assert first.exit_code == 0
    assert first.output == run("--players", "3", "--seed", "11").output
    assert first.output != run("--players", "3", "--seed", "12").output
    lines = first.output.splitlines()
    assert lines[0].startswith("Round 1: red ") and lines[1].startswith("    1. player ")
    assert lines[-1].startswith("Game over (the round is over): player ")


def test_json_log_replays_legally():
    """Every logged turn is legal: replaying the texts through apply reaches the logged winner."""
    data = json.loads(run("--players", "4", "--seed", "3", "--ruleset", "actions", "--json").output)
    assert data["players"] == 4 and data["seed"] == 3 and data["ruleset"] == "actions"
    (only,) = data["rounds"]
    pos = position_from_json(only["position"])
    assert parse_text(only["start"]) == pos
    for turn in only["turns"]:
        assert turn["player"] == pos.to_move
        pos = apply(pos, turn["move"])
        assert [i for i in turn["out"] if pos.is_out(i)] == turn["out"]
    assert pos.is_over and pos.winner == only["winner"] == data["winners"][0]
    assert data["reason"] == "round" and data["scores"] is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_plays_a_whole_match(players):
    data = json.loads(run("--players", str(players), "--seed", "1", "--ruleset", "advanced", "--json").output)
    rounds = data["rounds"]
    assert len(rounds) > 1
    banked = 0
    for r in rounds:
        start = position_from_json(r["position"])
        assert start.cards_in_play() & banked == 0  # banked cards are out of later deals
        banked |= parse_cards(r["banked"])
    assert data["scores"] == rounds[-1]["scores"]
    assert sum(r["points"] for r in rounds) == sum(data["scores"])
    if data["reason"] == "target":
        assert max(data["scores"]) >= TARGETS[players]


def test_advanced_text_log_shows_banking_scores_and_the_winner():
    out = run("--players", "3", "--seed", "2", "--ruleset", "advanced").output
    assert "Round 2: " in out
    assert "Round 1 won by player 0; banks B3 O1 G1 (5 points); scores 5 0 0" in out
    assert out.splitlines()[-1] == "Game over (a player reached the target score): player 2 wins."


def test_ruleset_switches_are_accepted():
    result = run("--ruleset", "advanced+actions,final_tie=most_cards", "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["ruleset"] == {"preset": "advanced+actions", "final_tie": "most_cards"}


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "1"], "bad --players: Red7 takes 2 to 4 players, got 1"),
    (["--players", "5"], "bad --players: Red7 takes 2 to 4 players, got 5"),
    (["--ruleset", "expert"], "bad --ruleset: unknown ruleset 'expert'"),
    (["--ruleset", "basic,colour_blind=true"], "bad --ruleset: unknown switch 'colour_blind'"),
    (["--ruleset", "advanced,advanced_draw=never"], "bad --ruleset: switch 'advanced_draw' takes"),
])
def test_bad_options_are_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"arbiter: {message}")


@pytest.mark.parametrize("args", [["--bots", "advise"], ["--bots", "solver", "--game", "realms"],
                                  ["--bots", "random", "--seed", "3"]])
def test_bots_without_a_human_seat_is_refused(args):
    # Without --human every seat plays at random: a --bots choice would be silently ignored.
    result = CliRunner().invoke(cli, ["play", *args])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("arbiter: --bots chooses how the other seats play against --human SEAT")
