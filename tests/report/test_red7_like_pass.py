"""Entry 18 ("losing-play"): what its answer and recommendation say of play is computed
(report/red7/like_pass.py), and each sentence follows the counts; the counts and the witnesses
are the engine's, so a change in how it plays a losing play or a pass fails here."""

import copy
import os
from dataclasses import replace

import pytest
from arbiter.model.red7 import PRESETS, apply, legal_moves
from arbiter.model.red7.match import start
from arbiter.model.red7.notation import parse_text, position_to_json
from arbiter.report.red7 import like_pass
from arbiter.report.red7.catalogue import BY_ID
from arbiter.report.red7.play import Turns

SEED = 7  # the committed report's


@pytest.fixture(scope="module")
def result():
    return like_pass.compute(SEED, rounds=2, jobs=os.cpu_count() or 1)


def test_a_losing_play_is_what_the_reading_adds_and_leaves_the_rest_as_a_pass_does():
    """Player 0 can only stay in by discarding B2 (Blue: B2 is the only blue card); playing it to
    the Palette leaves R6 ahead under Red. That play is a turn under plays_only alone, puts player
    0 out, and leaves every other card where a pass does."""
    pos = parse_text("red 0 basic | B2 / R5 | G1 / R6")
    found = like_pass.losing_plays(pos)
    assert [str(m) for m, _ in found] == ["play B2"]
    assert "play B2" not in {str(m) for m in legal_moves(pos)}
    (_, after), passed = found[0], apply(pos, "pass")
    assert after.is_out(0) and passed.is_out(0) and after.is_over and after.winner == passed.winner == 1
    assert after.palettes[1:] == passed.palettes[1:] and after.hands[1:] == passed.hands[1:]
    assert after.deck == passed.deck and after.rule == passed.rule


def test_without_actions_every_losing_play_ends_the_round_as_a_pass(result):
    plain = like_pass.totals(result, ("basic", "advanced"))
    assert plain["plays"] > 100 and plain["same"] == plain["plays"] and plain["other_winner"] == 0
    assert plain["differ"] == {} and 0 < plain["solved"] == plain["solved_same"]


def test_with_actions_a_losing_1_and_7_end_some_rounds_otherwise(result):
    acts = like_pass.totals(result, like_pass.ACTION_SETTINGS)
    assert {"1", "7"} <= set(acts["differ"]) and acts["same"] < acts["plays"]
    assert set(acts["differ"]) <= {"1", "3", "7"}  # the 5 only plays on; the even cards have no action


def test_every_witness_replays_from_its_seeded_deal(result):
    """Its turns lead from the deal to its position, the play is one the reading adds there, and
    playing on after the play and after the pass with the recorded luck gives the recorded outcomes,
    which differ."""
    assert result["witnesses"]
    for w in result["witnesses"]:
        pos = start(w["players"], w["game"], PRESETS[w["preset"]]).position
        for t in w["turns"]:
            pos = apply(pos, t)
        assert position_to_json(pos) == w["position"]
        played, passed = w["outcomes"]
        moves = {str(m): nxt for m, nxt in like_pass.losing_plays(pos)}
        assert played["turn"] in moves and passed["turn"] == "pass"
        rules = PRESETS[w["preset"]].with_switches(**dict([like_pass.READING]))
        for turn, after, outcome in ((played["turn"], moves[played["turn"]], played),
                                     ("pass", apply(pos, "pass"), passed)):
            assert like_pass._outcome(replace(after, ruleset=rules), turn, w["luck"], Turns()) == outcome, turn
        assert not like_pass._same(played, passed)


def test_the_sentences_follow_the_counts(result):
    said = like_pass.sentences(result)
    assert said["answer"].startswith("Without the Action rule such a play ended the round as a pass did")
    assert "a losing 1, 3 or 7" in said["answer"] or "a losing 1 or 7" in said["answer"]
    refuted = copy.deepcopy(result)
    basic = next(r for r in refuted["settings"] if r["preset"] == "basic")
    basic["same"] -= 1
    basic["differ"] = {"4": 1}
    assert like_pass.sentences(refuted)["answer"].startswith("Even without the Action rule")
    assert "otherwise than a pass in 1 of" in like_pass.sentences(refuted)["recommendation"]
    quiet = copy.deepcopy(result)
    for r in quiet["settings"]:
        r["same"], r["differ"], r["other_winner"] = r["plays"], {}, 0
    assert "so did it with the Action rule" in like_pass.sentences(quiet)["answer"]
    assert "none of the" in like_pass.sentences(quiet)["recommendation"]


def test_the_report_writes_entry_18_from_its_appendix(report):
    """The entry's last sentences are the appendix data's, and the catalogue types none of them."""
    appendix = next(a for a in report["appendices"] if a["id"] == "like-pass")
    data = appendix["data"]
    assert data["seed"] == report["seed"] and data["rounds"] == like_pass.ROUNDS
    assert appendix == like_pass.appendix(data)
    entry = next(e for e in report["entries"] if e["id"] == like_pass.ENTRY)
    said, typed = like_pass.sentences(data), BY_ID[like_pass.ENTRY]
    assert entry["answer"] == f"{typed.answer} {said['answer']}"
    assert entry["recommendation"] == f"{typed.recommendation} {said['recommendation']}"
    assert "Action" not in typed.answer and "same way" not in typed.recommendation
