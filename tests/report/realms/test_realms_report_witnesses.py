"""The Realms report's catalogue and witnesses: every entry quotes the rule text word for word and
names a kind; every witness is the first trick of a deal or a step of a seeded game, replays
through the engine under each reading and shows the difference it claims."""

import json
import re
from dataclasses import replace

import pytest
from arbiter.model import sources
from arbiter.model.realms.game import HAND_SIZE, RULING, apply, chance_outcomes, deal, legal_moves
from arbiter.model.realms.notation import position_from_json, position_to_json
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES, Ruleset
from arbiter.report.entry import KINDS
from arbiter.report.realms import narrate, witness
from arbiter.report.realms.catalogue import CATALOGUE, EXAMPLE, FOLLOW, GAME, STEAL, TRICK, WITNESS_KIND
from arbiter.report.realms.play import play
from arbiter.report.render import to_json

RULES = "realms-trick-taking.en.txt"
PLAYING = [e for e in CATALOGUE.entries if e.plays]


def _entries(report):
    return {e["id"]: e for e in json.loads(to_json(report))["entries"]}


def _normal(text):
    return re.sub(r"\s+", " ", text).strip()


def test_at_least_20_entries_each_of_a_known_kind_few_of_wording_only():
    assert len(CATALOGUE.entries) >= 20
    assert {e.kind for e in CATALOGUE.entries} <= set(KINDS) and "contradiction" in {e.kind for e in CATALOGUE.entries}
    assert len(CATALOGUE.entries) - len(PLAYING) <= 3
    assert KINDS["contradiction"] == "contradiction between sentences of one text"


def test_every_quote_is_word_for_word_in_the_rule_text_and_named_as_the_folder_names_it():
    for e in CATALOGUE.entries:
        for q in e.sources:
            assert q.source == RULES and not q.paraphrase
            assert sources.says(RULES, q.text), (e.id, q.text)


def test_readings_are_switches_of_the_model_default_first_and_every_switch_has_an_entry():
    for e in PLAYING:
        assert len(e.readings) == 2
        (name, first), = e.readings[0].switches
        assert name == e.switch and first == getattr(DEFAULT, name)
        for r in e.readings:
            for k, v in r.switches:
                assert v in SWITCHES[k]
            Ruleset.parse(str(r.ruleset(DEFAULT)))
    assert {e.switch for e in PLAYING} == set(SWITCHES)


def test_every_entry_with_readings_has_a_witness_and_a_frequency(realms_report):
    entries = _entries(realms_report)
    for e in CATALOGUE.entries:
        got = entries[e.id]
        if e.plays:
            assert len(got["witness"]) == 1 and got["frequency"] is not None, e.id
            assert got["witness"][0]["data"]["kind"] == WITNESS_KIND[e.id]
        else:
            assert got["witness"] == [] and got["frequency"] is None


def _replay_outcome(kind, pos, moves, rules):
    after = witness.replay(pos, moves, rules)
    if kind == FOLLOW:
        return {"to_move": after.to_move, "legal": [str(m) for m in legal_moves(after)]}
    if kind == STEAL:
        return {"steals": [[round(p, 4), label] for p, label, _ in chance_outcomes(after)]}
    before = replace(pos, ruleset=rules)
    gained = [i for i in range(after.players) if after.scores[i] > before.scores[i]]
    return {"winner": gained[0] if gained else None, "ruling": ("red", "yellow", "blue", "green")[after.ruling],
            "leads_next": after.leader}


@pytest.mark.parametrize("entry_id", [e.id for e in PLAYING])
def test_witness_replays_under_each_reading_and_the_readings_differ(realms_report, entry_id):
    entry = _entries(realms_report)[entry_id]
    (story,) = entry["witness"]
    w = story["data"]
    readings = {r["label"]: r for r in entry["readings"]}
    seen = []
    for o in w["outcomes"]:
        rules = DEFAULT.with_switches(**readings[o["reading"]]["switches"])
        pos = position_from_json(w["position"])
        if w["kind"] == GAME:
            game = play(w["players"], w["seed"], DEFAULT)
            if w["what"] == "deal":
                assert position_to_json(deal(w["players"], w["seed"])) == w["position"]
                got = {"leader": deal(w["players"], w["seed"], rules).leader}
            else:
                before, what, _ = game.steps[w["step"]]
                assert position_to_json(before) == w["position"] and what == w["what"]  # reached in the game
                got = witness.step_outcome(before, what, rules)["after"]
                if before.phase == "play":
                    got_after = apply(replace(before, ruleset=rules), what)
                    assert got_after.phase == got["phase"]
            assert {k: o["after"][k] for k in got} == got
            seen.append(json.dumps(got, sort_keys=True))
            continue
        got = _replay_outcome(w["kind"], pos, w["moves"], rules)
        assert {k: o[k] for k in got} == got
        key = {TRICK: "winner", EXAMPLE: "winner", FOLLOW: "legal", STEAL: "steals"}[w["kind"]]
        seen.append(json.dumps(got[key]))
    assert len(set(seen)) == len(seen) == 2, f"{entry_id}: the readings do not differ as claimed"


@pytest.mark.parametrize("entry_id", [e.id for e in PLAYING if WITNESS_KIND[e.id] != GAME])
def test_trick_witnesses_start_from_a_deal(realms_report, entry_id):
    """Any order of the shuffled deck can be dealt, so a deal is reachable: seven cards a hand, the
    rest the draw pile, nothing played, the dealer (the last player) to choose the colour."""
    w = _entries(realms_report)[entry_id]["witness"][0]["data"]
    pos = position_from_json(w["position"]).validate()
    assert pos.phase == RULING and pos.round == 1 and not pos.trick and not pos.discard and not pos.shuffled
    assert all(h.bit_count() == HAND_SIZE for h in pos.hands) and set(pos.scores) == {0}
    assert pos.dealer == pos.players - 1 and pos.leader == 0
    assert w["moves"][0].startswith("ruling=")


def test_trick_witnesses_are_the_smallest_the_search_finds():
    """The search tries tricks by size: no 2-card trick separates the Timing Rule from the Nuance on
    a matched Number, so its witness has three cards, and the Purple and Realm points need two."""
    sizes = {e.id: len(witness.find(e, 7)["moves"]) - 1 for e in PLAYING if WITNESS_KIND[e.id] == TRICK}
    assert sizes["timing-vs-matched-number"] == 3 and sizes["purple-colour"] == 2 and sizes["realm-shadow"] == 2
    assert witness.find_trick(CATALOGUE.by_id()["timing-vs-matched-number"], max_cards=2) is None
    # Without a Purple a match already of the ruling colour needs an earlier card of another colour to match.
    assert sizes["same-colour-match"] == 3
    assert witness.find_trick(CATALOGUE.by_id()["same-colour-match"], max_cards=2) is None


def test_contradictions_name_the_two_sentences_and_their_winners(realms_report):
    entries = _entries(realms_report)
    for e in CATALOGUE.entries:
        if e.kind != "contradiction":
            continue
        story = entries[e.id]["witness"][0]
        assert e.sources[0].text in story["summary"] and e.sources[1].text in story["summary"]
        if story["data"]["kind"] in (TRICK, EXAMPLE):
            assert story["summary"].startswith("These two sentences name different winners for this trick")


def test_the_third_example_is_the_rule_texts_own_trick(realms_report):
    w = _entries(realms_report)["example-vs-nuance"]["witness"][0]["data"]
    assert w["moves"][1:] == ["YDr", "RDr", "R5", "B5"]
    assert [o["winner"] for o in w["outcomes"]] == [3, 1]  # the Blue 5 as printed; the Red Dragon under the Nuance


def test_a_match_that_does_not_shift_the_colour_is_told_so():
    """The story of the colour_match witness: the Red 1 matches the Yellow 1, the marker stays Red."""
    e = CATALOGUE.by_id()["same-colour-match"]
    w = witness.find(e, 7)
    words = narrate.plays_in_words(w["position"], w["moves"], e.base)
    assert words[-1] == "Player 3 plays the Red 1: it matches the Yellow 1, and the ruling colour is already Red."
    assert words[-2] == "Player 2 plays the Yellow 1."
