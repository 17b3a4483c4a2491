"""``arbiter advise``: the JSON shape, seeding, partial results with their exit codes, bad views."""

import json
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from arbiter.solver.red7 import advise as advise_module
from click.testing import CliRunner

VIEW = "red 0 basic | R7 O3 G1 / Y4 | 4 / V6 | canvas G3 B1"


def run(*args, input=None):
    return CliRunner().invoke(cli, ["advise", *args], input=input)


def test_json_shape_and_seed():
    out = run(VIEW, "--json", "--samples", "40", "--seed", "2")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) >= {"moves", "deals", "exact", "consistent_deals", "measure", "seed", "stopped"}
    assert data["exact"] is False and data["deals"] <= 40 and data["consistent_deals"] == 111930
    assert "forced win with all cards known" in data["measure"]
    for m in data["moves"]:
        assert set(m) >= {"move", "win_share", "interval", "wins"}
        assert m["interval"][0] <= m["win_share"] <= m["interval"][1]
    again = json.loads(run(VIEW, "--json", "--samples", "40", "--seed", "2").output)
    assert again["moves"] == data["moves"]


def test_text_says_what_the_measure_is_and_reads_stdin():
    out = run("-", "--exact", input="red 0 | G4 B2 / Y4 | 2 / V6 | deck 0 | canvas " + " ".join(
        c + n for c in "ROYGBIV" for n in "1234567" if c + n not in {"G4", "B2", "Y4", "V6", "R3", "O5", "V7"}))
    assert out.exit_code == 0, out.output
    assert "forced win with all cards known" in out.output and "all 3 consistent deals (exact)" in out.output
    assert "play B2 discard G4" in out.output and "0/3" in out.output


@pytest.mark.parametrize("args, words", [
    (["red 0 | 2 / Y4 | R7 / V6"], "bad view: players[0].hand: the player to move sees their own hand"),
    (["red 0 | R7 / Y4 | 2 / V6 | canvas V6"], "bad view: canvas: card V6 is in two places"),
    (["red 0 | R7 / Y4 | 2 / V6 | deck 47"], "49 hidden cards"),
    ([VIEW, "--exact"], "--exact: 111930 consistent deals, more than the limit of 20000"),
])
def test_bad_views_exit_2_with_one_line(args, words):
    out = run(*args)
    assert out.exit_code == 2 and words in out.output and len(out.output.strip().splitlines()) == 1


REALMS_PUZZLE = str(Path(__file__).resolve().parents[2] / "examples" / "puzzles" / "realms" / "01-the-match-steals-it.json")


@pytest.mark.parametrize("args, words", [
    ([REALMS_PUZZLE], "advise takes a Red7 view, got a Realms (trick-taking) one"),
    (["red 0 | R7 O3 / Y4 | 3 / V6", "--hide"], "--hide takes a whole position (all cards shown); this is already a view"),
])
def test_other_games_and_views_given_to_hide_are_named(args, words):
    out = run(*args)
    assert out.exit_code == 2 and words in out.output and len(out.output.strip().splitlines()) == 1


def test_interrupt_prints_partial_and_exits_130(monkeypatch):
    real = advise_module._first_turns
    calls = []

    def flaky(*args):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(advise_module, "_first_turns", flaky)
    out = run(VIEW, "--samples", "50", "--jobs", "1")
    assert out.exit_code == 130
    assert "interrupted: partial result after 3 deals" in out.output and "arbiter: interrupted" in out.output


def test_timeout_prints_partial_and_exits_1():
    out = run("red 0 actions | R7 O3 G1 B5 Y3 / Y4 | 7 / V6", "--timeout", "0.3", "--json")
    assert out.exit_code == 1
    data = json.loads(out.output)
    assert data["stopped"] == "timeout" and data["deals"] < 200


def test_hide_advises_a_whole_position_from_the_movers_seat():
    whole = "red 0 | B5 G2 V1 / Y6 | R4 G1 / R6 | deck O2 O3"
    seen = json.loads(run(whole, "--json").output)
    assert seen["consistent_deals"] == 1 and seen["exact"]
    hidden = json.loads(run(whole, "--hide", "--json").output)
    assert hidden["consistent_deals"] == 6  # the 2 hidden hand cards among R4 G1 O2 O3
    assert hidden["view"].startswith("red 0 basic | B5 G2 V1 / Y6 | 2 / R6 | deck 2 | canvas R7 O7 ")


def test_the_answer_is_the_same_for_any_jobs():
    """Deals go to the workers in pieces of ten, each piece with its own table: the same JSON (even
    the node count) but for the clock, however many processes solve them; early stopping too."""
    def answer(*args):
        out = run(VIEW, "--json", "--samples", "60", "--seed", "4", *args)
        assert out.exit_code == 0, out.output
        return json.loads(out.output) | {"seconds": 0}

    one = answer("--jobs", "1")
    assert answer("--jobs", "2") == one == answer("--jobs", "3")
    assert one["engine"] == "c" and one["deals"] == 60
    stopped = answer("--samples", "300", "--jobs", "1")
    assert stopped["stopped"] == "separated" and answer("--samples", "300", "--jobs", "2") == stopped
