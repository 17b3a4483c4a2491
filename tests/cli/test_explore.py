"""``arbiter deal``, ``moves`` and ``apply``, and the Python API they mirror (``model.red7.explore``)."""

import json
import random

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7 import explore
from arbiter.model.red7.game import MoveError, PositionError, apply, deal, legal_moves
from arbiter.model.red7.notation import format_text, parse_position, parse_text
from arbiter.model.red7.ruleset import ACTIONS
from click.testing import CliRunner


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_deal_is_seeded_and_parses():
    one = run("deal", "--players", "3", "--seed", "4", "--ruleset", "actions")
    assert one.exit_code == 0
    assert one.output == run("deal", "--players", "3", "--seed", "4", "--ruleset", "actions").output
    assert parse_text(one.output) == deal(3, 4, ACTIONS)
    assert one.output != run("deal", "--players", "3", "--seed", "5", "--ruleset", "actions").output
    as_json = run("deal", "--players", "3", "--seed", "4", "--ruleset", "actions", "--json")
    assert parse_position(as_json.output) == deal(3, 4, ACTIONS)


def test_pipeline_deal_apply_solve_through_stdin():
    dealt = run("deal", "--seed", "3").output
    after = run("apply", "-", "play R7", input=dealt)
    assert after.exit_code == 0
    assert parse_text(after.output) == apply(deal(2, 3), "play R7")
    solved = run("solve", "-", "--json", input=after.output)
    assert solved.exit_code == 0 and json.loads(solved.output)["to_move"] == 1
    listed = run("moves", "-", "--json", input=after.output)
    expected = [str(m) for m in legal_moves(parse_text(after.output))]
    assert [m["move"] for m in json.loads(listed.output)["moves"]] == expected


def test_moves_say_what_each_turn_does():
    text = "red 0 actions | R7 B3 / Y4 B2 | G1 / V6 | deck G3"
    out = run("moves", text)
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert lines[0] == "player 0 to move: 11 legal turns"
    by_move = {line.split("   ")[0].strip(): line for line in lines[1:]}
    assert set(by_move) == {str(m) for m in legal_moves(parse_text(text))}
    assert "rule yellow; Palette R7 B2" in by_move["play R7 canvas Y4"]
    assert "you go out; round over: player 1 wins" in by_move["pass"]
    took = explore.moves("red 0 actions | R1 / Y6 | G1 / O4 I2 | deck G3")
    described = [t.describe() for t in took if t.move == "play R1 take I2"]
    assert described == ["rule red; Palette Y6 R1; takes I2 from player 1"]


def test_apply_several_turns_and_json():
    text = "red 0 | R7 O3 / Y4 | B2 G5 / V6"
    out = run("apply", text, "play R7", "PLAY b2  DISCARD g5", "--json")
    assert out.exit_code == 0
    assert parse_position(out.output) == apply(apply(parse_text(text), "play R7"), "play B2 discard G5")


@pytest.mark.parametrize("args, words", [
    (["apply", "red 0 | R7 / Y4 | B2 / V6", "play R7", "play B2"], "turn 2: 'play B2' is not a legal turn"),
    (["apply", "red 0 | R7 / Y4 | B2 / V6", "play X9"], "unknown card 'X9'"),
    (["moves", "red 0 | R7 / Y4 | R7 / V6"], "R7 is in two places"),
    (["deal", "--players", "5"], "2 to 4 players"),
    (["deal", "--ruleset", "fancy"], "bad --ruleset"),
])
def test_bad_input_is_one_line_exit_2(args, words):
    out = run(*args)
    assert out.exit_code == 2 and words in out.output and len(out.output.strip().splitlines()) == 1


def test_python_api_takes_notation_or_positions():
    pos = explore.deal(2, 3)
    assert pos == deal(2, 3) and explore.deal(3, 1, "actions") == deal(3, 1, ACTIONS)
    text = format_text(pos)
    assert explore.apply(text, "play R7") == explore.apply(pos, "play R7") == apply(pos, "play R7")
    assert [t.move for t in explore.moves(text)] == [str(m) for m in legal_moves(pos)]
    assert str(pos) == text
    with pytest.raises(MoveError, match="turn 1"):
        explore.apply(text, "play V7")
    with pytest.raises(PositionError):
        explore.moves("red 0 | R7 / Y4")


@pytest.mark.parametrize("game, players", [("realms", 3), ("stick-to-colours", 3)])
def test_moves_and_apply_walk_the_other_games_as_the_model_does(game, players):
    from arbiter.model import games

    model = games.model(game)
    pos = model.deal(players, 5)
    text = model.format_text(pos)
    listed = json.loads(run("moves", text, "--json").output)
    assert listed["moves"] == [str(m) for m in model.legal_moves(pos)] and listed["moves"]
    first, last = listed["moves"][0], listed["moves"][-1]
    out = run("apply", text, first, "--json")
    assert out.exit_code == 0, out.output
    assert model.position_from_json(json.loads(out.output)) == model.apply(pos, first)
    # Two moves in a row, through stdin, as text.
    after = model.apply(pos, last)
    second = str(model.legal_moves(after)[0])
    out = run("apply", "-", last, second, input=text)
    assert out.exit_code == 0 and out.output.strip() == model.format_text(model.apply(after, second))
    bad = run("apply", text, "no such move")
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1 and "bad move 1" in bad.output


@pytest.mark.parametrize("game, args, players", [("realms", [], None), ("stick-to-colours", ["--players", "2"], 2)])
def test_deal_deals_the_other_games_by_their_model(game, args, players):
    from arbiter.model import games

    model = games.model(game)
    out = run("deal", "--game", game, "--seed", "4", *args, "--json")
    assert out.exit_code == 0, out.output
    want = model.deal(seed=4) if players is None else model.deal(players, 4)
    assert model.position_from_json(json.loads(out.output)) == want
    bad = run("deal", "--game", game, "--players", "9")
    assert bad.exit_code == 2 and "bad --players" in bad.output


def test_apply_takes_a_step_and_goes_on_from_the_turn_in_progress():
    text = "red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5"
    mid = run("apply", text, "play R3 draw ...")
    assert mid.exit_code == 0 and mid.output.strip() == text + " | turn play R3 draw ..."
    done = run("apply", mid.output.strip(), "discard V1")
    assert done.exit_code == 0 and done.output == run("apply", text, "play R3 draw discard V1").output
    assert run("apply", text, "play R3 draw ...", "discard V1").output == done.output
    whole = run("apply", text, "play R3 draw")  # the whole turn that discards nothing after the draw
    assert whole.exit_code == 0 and "turn" not in whole.output
    as_json = json.loads(run("apply", text, "play R3 draw ...", "--json").output)
    assert as_json["turn"] == ["play R3 draw ..."]
    bad = run("apply", mid.output.strip(), "discard G5")
    assert bad.exit_code == 2 and "is neither a legal step nor a legal turn here" in bad.output


@pytest.mark.parametrize("as_json", [False, True])
def test_moves_lists_a_turn_in_progress_steps_and_the_others_say_why_they_refuse_it(as_json):
    """A turn in progress printed by apply: moves lists the steps apply takes next (each one
    applies), and show, solve and advise refuse it naming what it is, not 'unknown key'."""
    text = "red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5"
    mid = run("apply", text, "play R3 draw ...", *(["--json"] if as_json else [])).output
    listed = run("moves", "-", "--json", input=mid)
    assert listed.exit_code == 0, listed.output
    left = json.loads(listed.output)["steps"]
    assert left and all(run("apply", "-", step, input=mid).exit_code == 0 for step in left)
    assert run("apply", "-", "discard G5", input=mid).exit_code == 2  # a step not listed is refused
    assert "discard B2" in run("moves", "-", input=mid).output
    for command in ("show", "solve", "advise"):
        out = run(command, "-", input=mid)
        assert out.exit_code == 2 and "a turn in progress" in out.output and "unknown key" not in out.output, command


def test_advise_json_move_texts_are_what_apply_takes():
    """Issue 29: advise --json said 'play R3 draw' for the turn cut at the draw, which apply reads as
    the whole turn that discards nothing; the JSON now has the step, marked as the text is."""
    from arbiter.model.red7.view import parse_view

    view = "blue 1 actions | 2 / I7 V3 R7 | V7 R3 I6 / O4 | deck 3 | canvas B1"
    out = run("advise", view, "--json", "--samples", "30", "--seed", "1")
    assert out.exit_code == 0, out.output
    moves = json.loads(out.output)["moves"]
    cut = [m for m in moves if m.get("continues_after_draw")]
    assert cut and all(m["move"].endswith(" ...") for m in cut)
    assert all(not m["move"].endswith(" ...") for m in moves if m not in cut)
    text = run("advise", view, "--samples", "30", "--seed", "1").output
    assert all(m["move"] in text for m in moves)  # the same texts in both outputs
    deal = parse_view(view).sample(random.Random(2))
    for m in moves:
        assert run("apply", format_text(deal), m["move"]).exit_code == 0, m["move"]
