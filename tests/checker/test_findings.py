"""The cases of issue 25 pinned on sample engines written for them (examples/engines/): each bug is
one finding stated in rule words with a witness no larger than the smallest known, a known reading is
named as a reading, inputs no game reaches never make a finding, and a crash does not end the check."""

import shutil
import sys
from pathlib import Path

import pytest
from arbiter.checker.engine import FunctionEngine, ProcessEngine
from arbiter.checker.report import AGREE, BROKEN, DISAGREE
from arbiter.checker.run import check
from arbiter.model.protocol import handle

ENGINES = Path(__file__).resolve().parents[2] / "examples" / "engines"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def js(*bugs):
    return ProcessEngine(["node", str(ENGINES / "red7.js"), *[w for b in bugs for w in ("--bug", b)]], timeout=10)


@needs_node
def test_orange_comparing_numbers_is_one_finding_with_a_three_card_witness():
    report = check(js("orange-compares-numbers"), ops=["leader"], budget=20, seed=1)
    (f,) = report.findings
    assert f.statement == "Orange compares numbers instead of group sizes" and f.rules == ["orange"]
    # the R1 O1 G2 vs B5 had four cards; no case of two cards can show it
    assert f.witness.cards == 3 and f.search.startswith("smallest possible"), report.to_text()


@needs_node
def test_an_indigo_off_by_one_is_not_hidden_behind_a_duplicate_run_bug():
    report = check(js("indigo-duplicate-breaks-run", "indigo-run-from-1-longer"), ops=["leader"], budget=20, seed=1)
    by_name = {f.name: f for f in report.findings}
    assert set(by_name) == {"indigo-duplicate-breaks-run", "indigo-run-from-1-longer"}, report.to_text()
    assert by_name["indigo-run-from-1-longer"].witness.cards == 2  # the R1 vs O7 shape
    assert by_name["indigo-duplicate-breaks-run"].witness.cards <= 4  # a duplicate, its neighbour, one card more


@needs_node
def test_a_blue_tie_bug_gets_a_witness_of_at_most_four_cards():
    report = check(js("blue-tie-by-strongest-colour"), ops=["leader"], budget=20, seed=1)
    (f,) = report.findings
    assert "Blue tie" in f.statement and f.witness.cards <= 4, report.to_text()
    assert f.second is not None and f.second.request != f.witness.request


@needs_node
def test_a_crash_when_a_player_is_out_is_one_finding_across_rules_and_the_other_ops_are_checked():
    report = check(js("crash-when-out"), budget=20, seed=1)
    assert report.exit_code == BROKEN and report.fault.restarts > 0
    (f,) = report.findings
    assert f.kind == "crash" and f.statement.endswith("when a player is out") and len(f.rules) > 1, report.to_text()
    assert f.witness.cards == 3  # three players, one out: the smallest request with a player out
    assert report.tallies["qualifying"].random_run > 0 and report.tallies["leader"].random_run > 0
    assert any("restarted" in n for n in report.notes)


@needs_node
def test_players_out_still_competing_is_one_reading_across_rules():
    report = check(js("out-still-compete"), ops=["leader"], budget=20, seed=1)
    (r,) = report.readings
    assert not report.findings and r.name == "out_palettes=compete" and len(r.rules) >= 5, report.to_text()
    assert "the engine follows `out_palettes=compete`" in report.to_text()


LAYERED = [sys.executable, str(ENGINES / "stick_to_colours_layered.py")]


def test_a_layered_stick_to_colours_scorer_is_named_as_a_reading_and_passes_under_it():
    report = check(ProcessEngine(LAYERED, timeout=20), game="stick-to-colours", budget=20, seed=1)
    (r,) = report.readings
    assert not report.findings and r.name == "run_split=layered" and r.pin == "default,run_split=layered"
    assert r.witness.request["cards"] == ["R1", "R2", "R3", "R3", "R4", "R5"]
    pinned = check(ProcessEngine(LAYERED, timeout=20), game="stick-to-colours", budget=20, seed=1,
                   ruleset={"preset": "default", "run_split": "layered"})
    assert pinned.exit_code == AGREE, pinned.to_text()


def wrong_when_one_player_is_in(request):
    """Correct on every question a game asks; nonsense where only one player is still in."""
    answer = handle(request)
    if request.get("op") == "leader" and len(request["palettes"]) - len(request.get("out", [])) < 2:
        answer["leader"] = None
    return answer


def test_an_engine_wrong_only_where_no_game_asks_passes():
    report = check(FunctionEngine(wrong_when_one_player_is_in), ops=["leader"], budget=60, seed=2)
    assert report.exit_code == AGREE, report.to_text()


def realms_phoenix_only(request):
    """A Realms engine where only the Phoenix beats a colour match, declaring the default ruleset."""
    if request.get("op") == "trick":
        return handle({**request, "ruleset": {"special_vs_match": "phoenix_only"}})
    answer = handle(request)
    if request.get("op") == "hello":
        answer = {"id": answer["id"], "protocol": answer["protocol"], "game": "realms", "ops": ["hello", "trick"]}
    return answer


def test_a_realms_engine_following_a_reading_is_named_as_that_reading():
    report = check(FunctionEngine(realms_phoenix_only), game="realms", budget=20, seed=1)
    assert report.exit_code == DISAGREE
    (r,) = report.readings
    assert r.name == "special_vs_match=phoenix_only" and not report.findings, report.to_text()
    assert "Giant and the Warlock" in r.sentences[0]


@needs_node
def test_a_reading_and_a_bug_together_are_one_reading_and_one_finding():
    # where both show (Orange with a player out), the misreading on top of the reading explains the answer
    report = check(js("out-still-compete", "orange-compares-numbers"), ops=["leader"], budget=20, seed=1)
    assert [r.name for r in report.readings] == ["out_palettes=compete"], report.to_text()
    assert [f.name for f in report.findings] == ["count-ignored"], report.to_text()
    assert report.readings[0].agreed < report.readings[0].changed
