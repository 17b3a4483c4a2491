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


def test_a_realms_puzzle_is_a_view_with_nothing_hidden():
    out = run(REALMS_PUZZLE, "--json")
    assert out.exit_code == 0, out.output
    answer = json.loads(out.output)
    assert answer["game"] == "realms" and answer["exact"] and answer["consistent_deals"] == answer["deals"] == 1


@pytest.mark.parametrize("args, words", [
    (["red 0 | R7 O3 / Y4 | 3 / V6", "--hide"], "--hide takes a whole position (all cards shown); this is already a view"),
    (["red 0 | R7 O3 / Y4 | 3 / V6", "--tricks", "2"], "--tricks is for Realms views"),
])
def test_other_games_and_views_given_to_hide_are_named(args, words):
    out = run(*args)
    assert out.exit_code == 2 and words in out.output and len(out.output.strip().splitlines()) == 1


@pytest.mark.parametrize("engine", ["c", "python"])
def test_interrupt_prints_partial_and_exits_130(engine, monkeypatch):
    """Ctrl-C during the fourth deal: the compiled core answers the piece's first three deals and
    "interrupted" (as its signal check does); the Python search raises KeyboardInterrupt from the deal."""
    from arbiter.model.red7.view import parse_view
    from arbiter.solver.red7 import core
    from arbiter.solver.search import PURE_PYTHON_ENV

    calls = []
    if engine == "c":
        monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
        if core.choose(parse_view(VIEW).position.ruleset)[0] != "c":
            pytest.skip("the compiled core is not built")
        real_core = core.CoreSearch.first_turns

        def ctrl_c(self, states, player, whole):
            calls.append(len(states))
            found, nodes, _ = real_core(self, states[:3], player, whole)
            return found, nodes, "interrupted"

        monkeypatch.setattr(core.CoreSearch, "first_turns", ctrl_c)
    else:
        monkeypatch.setenv(PURE_PYTHON_ENV, "1")
        real = advise_module._first_turns

        def flaky(*args):
            calls.append(1)
            if len(calls) == 4:
                raise KeyboardInterrupt
            return real(*args)

        monkeypatch.setattr(advise_module, "_first_turns", flaky)
    out = run(VIEW, "--samples", "50", "--jobs", "1")
    assert out.exit_code == 130 and calls
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


SMALL = "red 1 basic | I4 O2 Y1 / I5 | R5 B4 R1 / V5 | deck G3"  # small_deal(9, 2, 3, 1): a short round, whole


def test_best_defence_shows_the_win_share_beside_it_where_they_differ():
    out = run(SMALL, "--hide", "--best-defence")
    assert out.exit_code == 0, out.output
    assert "best-defence share" in out.output and "all 4 consistent deals (exact)" in out.output
    data = json.loads(run(SMALL, "--hide", "--best-defence", "--json").output)
    assert [m["name"] for m in data["measures"]] == ["defence", "win"]
    gaps = [m for m in data["moves"] if m["wins"] < m["win"]["total"]]
    assert all(m["wins"] <= m["win"]["total"] for m in data["moves"]) and gaps  # never above all cards known
    for m in gaps:
        assert f"win {100 * m['win']['mean']:.1f}%" in out.output


def test_best_defence_cut_by_timeout_claims_no_exact_value_it_did_not_find():
    out = run(SMALL, "--hide", "--best-defence", "--timeout", "0.000001")
    assert out.exit_code == 1, out.output
    rows = [line for line in out.output.splitlines() if "not finished" in line and line.startswith("  ")]
    assert rows and all(" ? " in line and "[" in line for line in rows)  # no value, its sure range
    assert "(exact)." not in out.output and f"the other {len(rows)} not finished" in out.output
    assert "partial result:" in out.output and "turns finished." in out.output


@pytest.mark.parametrize("args, words", [
    (["--exact"], "takes neither --exact"), (["--self-interested"], "takes neither"),
    (["--max-deals", "2"], "--best-defence: 4 consistent deals, more than the limit of 2")])
def test_best_defence_refusals(args, words):
    out = run(SMALL, "--hide", "--best-defence", *args)
    assert out.exit_code == 2 and words in out.output, out.output
    assert "--samples" not in out.output  # best defence takes no samples: the way out is to drop it


def test_best_defence_for_realms_is_the_trick_share_beside_all_hands_known():
    # small_deal(3, 3, 2, 1) of solver/realms/defence.py: the other hands and a 1-card pile unseen, 30 deals
    view = ("realms default phase=play round=1 dealer=2 leader=0 ruling=red scores=0,0,0 | trick - | hands R2 YSo / 2 / 2 | draw 1 | shuffled - "
            "| discard R1 R3 R4 R5 R7 R8 R9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1 B2 B5 B6 "
            "B7 B8 B9 G1 G3 G4 G5 G6 G7 G8 G9 RRe RDr RSo RGu RTr YRe YDr YGu YTr BRe BDr BSo BGu BTr GDr GSo GGu GTr PHX GNT WLK CYC TRE P1 P2 P3 P4")
    data = json.loads(run(view, "--best-defence", "--json").output)
    assert [m["name"] for m in data["measures"]] == ["defence", "trick"]
    assert all(m["wins"] <= m["trick"]["total"] for m in data["moves"]) and data["deals"] == data["consistent_deals"]
    out = run(view, "--best-defence")
    assert out.exit_code == 0 and "best-defence trick share" in out.output, out.output
    out = run(view, "--best-defence", "--max-deals", "2")
    assert out.exit_code == 2 and "--best-defence: 30 consistent deals, more than the limit of 2" in out.output


# small_view(13, won=3, market=2): the bot's and the other player's 2 dealt cards unseen, 6 deals
STICK_SMALL = ("stick-to-colours default | players 2 dealer 0 passes - | deck 0 | market R4 RJ | hands R2 B3 B4 BJ G1 / "
               "?2 R3 R6 B1 holds 5 / bot ?2 R7 B7 G1 holds 5 | discard R1 R1 R2 R3 R5 R5 R6 R8 R9 B1 B2 B2 B3 B4 B5 B5 "
               "B6 B6 B9 G2 G2 G3 G3 G4 G4 G5 G6 G6 G7 G8 G9 | auction - | seat 0")


def test_best_defence_for_stick_to_colours_shows_the_margin_beside_it():
    data = json.loads(run(STICK_SMALL, "--best-defence", "--json").output)
    assert [m["name"] for m in data["measures"]] == ["defence", "margin"] and data["deals"] == 6
    assert all(m["wins"] <= m["margin"]["total"] for m in data["moves"])  # never above all cards known
    gaps = [m for m in data["moves"] if m["wins"] < m["margin"]["total"]]
    assert gaps
    out = run(STICK_SMALL, "--best-defence")
    assert out.exit_code == 0, out.output
    assert "best-defence margin" in out.output and "all 6 consistent deals (exact)" in out.output
    for m in gaps:
        line = next(x for x in out.output.splitlines() if x.strip().startswith(m["move"] + " "))
        assert f"{m['win_share']:+.2f}" in line and f"margin {m['margin']['mean']:+.2f}" in line


STICK_DECK = ("stick-to-colours default | players 2 dealer 0 passes - | deck 3 | market R6 B3 B6 | hands R1 R1 B3 G1 G3 / "
              "?2 R4 R7 B7 holds 5 / bot ?2 R3 G6 G9 holds 5 | discard R2 R2 R3 R4 R5 R5 R8 B1 B1 B2 B2 B4 B5 B5 B6 B8 "
              "B9 BJ G1 G2 G2 G3 G4 G4 G5 G5 G6 | auction - | seat 0")  # small_view(0, deck=3)


@pytest.mark.parametrize("change, words", [
    ((), "--best-defence: 6 consistent deals, more than the limit of 2"),
    ((STICK_SMALL, STICK_DECK), "--best-defence: 1260 consistent deals, more than the limit of 200"),
    (("seat 0", "seat 1"), "bad view: seat")])
def test_best_defence_for_stick_to_colours_refusals(change, words):
    view = STICK_SMALL.replace(*change) if change else STICK_SMALL
    out = run(view, "--best-defence", *(() if change else ("--max-deals", "2")))
    assert out.exit_code == 2 and words in out.output and "Traceback" not in out.output, out.output


REALMS3 = ("realms default phase=play round=1 dealer=2 leader=0 ruling=green scores=0,0,0 | trick GDr | hands 6 / "
           "R6 Y3 B6 G7 YRe GRe WLK / 7 | draw 44 | shuffled - | discard -")
STICK3 = ("stick-to-colours default | players 3 dealer 1 passes - | deck 3 | market B1 B2:x0 B5:x0 BJ:x0 G1 | hands "
          "?2 R2 R3 R5 R6 RJ B7 B9 G4 G5 G5 G8 GJ holds 3 / R5 G2 G6 / ?2 R6 R8 R9 B1 B2 B3 B4 G2 G3 G4 G9 holds 3 | "
          "discard R1 R3 R4 R4 R7 B6 B8 G3 G6 G7 | auction - | seat 1")


@pytest.mark.parametrize("view, plain", [(REALMS3, "trick"), (STICK3, "margin")])
def test_self_interested_for_every_game(view, plain):
    # Against opponents who each play for themselves a move gets at least what it forces against all
    # of them together, deal by deal, so on the same deals its mean is never lower.
    out = run(view, "--self-interested", "--samples", "6", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [m["name"] for m in data["measures"]] == ["self", plain]
    assert data["measure"].startswith("self-interested")
    for m in data["moves"]:
        assert m["win_share"] >= m[plain]["mean"] - 1e-9, m
    text = run(view, "--self-interested", "--samples", "6").output
    assert "Measure: self-interested" in text and f"Beside a turn where it differs: {plain}" in text


def test_self_interested_needs_three_players():
    two = ("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 | trick - | hands R8 B7 / 2 "
           "| draw 0 | shuffled - | discard -")
    out = run(two, "--self-interested")
    assert out.exit_code == 2 and "with two players" in out.output, out.output


@pytest.mark.parametrize("view, plain, units", [(REALMS3, "trick", ["expected tricks", "share of deals"]),
                                                (STICK3, "margin", ["margin", "margin"])])
def test_json_names_each_measure_with_its_unit(view, plain, units):
    # per-measure entries (issue 27): the old win_share/wins hold the first measure (the one ranking),
    # whatever its unit; "values" names each measure with its unit, value, interval and bounded deals
    data = json.loads(run(view, "--self-interested", "--samples", "6", "--json").output)
    assert data["ranked_by"] == "self" and [m["unit"] for m in data["measures"]] == units
    assert 0 <= data["bounded_deals"] <= data["deals"]
    for m in data["moves"]:
        first, second = m["values"]
        assert [first["measure"], second["measure"]] == ["self", plain]
        assert [first["unit"], second["unit"]] == units
        assert first["value"] == m["win_share"] and first["interval"] == m["interval"]
        assert second["value"] == m[plain]["mean"] and second["interval"] == m[plain]["interval"]
        for v in (first, second):
            assert 0 <= v["bounded"] <= data["deals"]
            assert v["interval"][0] <= v["range"][0] <= v["value"] <= v["range"][1] <= v["interval"][1]


def test_a_bounded_self_interested_answer_says_so():
    # a Red7 3-player first turn is beyond an exact max-n per deal: each deal's value is a sure range
    # (solver/maxn.py's node bound), counted in text and JSON, the coalition's measure still exact
    deal = CliRunner().invoke(cli, ["deal", "--players", "3", "--seed", "1"]).output
    data = json.loads(run("-", "--hide", "--self-interested", "--samples", "2", "--json", input=deal).output)
    assert data["ranked_by"] == "self" and data["measures"][0]["unit"] == "win chance"
    assert 0 < data["bounded_deals"] <= data["deals"] == 2
    assert any(m["values"][0]["bounded"] for m in data["moves"])
    for m in data["moves"]:
        own, win = m["values"]
        assert win["bounded"] == 0 and win["range"] == [win["value"], win["value"]]
        assert own["range"][0] <= own["value"] <= own["range"][1]
        assert own["range"][0] >= win["value"] - 1e-9  # never below what the turn forces
    text = run("-", "--hide", "--self-interested", "--samples", "2", input=deal).output
    assert f"Bounded: {data['bounded_deals']} of 2 deals bounded" in text and "bounded: range" in text


def test_best_defence_for_realms_refuses_a_horizon_whose_draws_reshuffle_the_discard_pile():
    # small_deal(0) of solver/realms/defence.py: hands of 2, so after the first trick each draws to 7
    view = "realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 | trick - | hands RRe BSo / 2 | draw 1 | shuffled - | discard R1 R2 R3 R4 R5 R6 R7 R9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1 B2 B3 B4 B5 B6 B7 B8 B9 G1 G2 G3 G4 G5 G6 G7 G8 G9 RDr RSo RGu RTr YRe YSo YGu YTr BRe BDr BGu BTr GRe GSo GGu GTr PHX GNT WLK CYC TRE P1 P2 P3 P4"
    out = run(view, "--best-defence", "--tricks", "2")
    assert out.exit_code == 2 and "--best-defence: over 2 tricks" in out.output and "reshuffled" in out.output
    assert "Traceback" not in out.output
    assert run(view, "--best-defence", "--tricks", "1").exit_code == 0
