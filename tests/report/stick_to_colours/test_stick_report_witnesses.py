"""Every example in the Stick to Colours report replays from its seeded deal through the engine and
shows, under each reading, the difference it claims; the catalogue quotes the rule text word for word,
covers every switch and numbers its entries for good."""

import json
import re
from dataclasses import replace

from arbiter.model import sources
from arbiter.model.stick_to_colours import DEFAULT, Ruleset, apply, deal, fast, legal_moves, parse_cards, scoring_spec
from arbiter.model.stick_to_colours.cards import codes
from arbiter.model.stick_to_colours.game import unrecorded
from arbiter.model.stick_to_colours.notation import position_from_json, position_to_json
from arbiter.model.stick_to_colours.ruleset import SOURCE, SWITCHES
from arbiter.report import claims
from arbiter.report.render import to_json
from arbiter.report.stick_to_colours import narrate
from arbiter.report.stick_to_colours.catalogue import CATALOGUE
from arbiter.report.stick_to_colours.play import game_deal, play, play_from, replay
from arbiter.report.stick_to_colours.theorems import one_colour_split
from arbiter.report.stick_to_colours.witness import settled


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def rulesets(entry) -> list[Ruleset]:
    return [DEFAULT.with_switches(**r["switches"]) for r in entry["readings"]]


def test_catalogue_has_16_entries_covering_every_switch():
    CATALOGUE.check()
    assert len(CATALOGUE.entries) >= 16
    assert sorted(e.number for e in CATALOGUE.entries) == list(range(1, len(CATALOGUE.entries) + 1))
    covered = {name for e in CATALOGUE.entries for r in e.readings for name, _ in r.switches}
    assert covered == set(SWITCHES)
    for e in CATALOGUE.entries:  # the readings are the switch's values, the model's default first
        assert [dict(r.switches)[e.switch] for r in e.readings] == list(SWITCHES[e.switch])
        assert e.wording_en and e.wording_fr and e.answer and e.recommendation


def test_every_quote_is_in_the_rule_file_word_for_word():
    for e in CATALOGUE.entries:
        assert e.sources
        for q in e.sources:
            assert q.source == "EN" and not q.paraphrase
            assert sources.says(SOURCE, q.text), (e.id, q.text)


def _check_move(entry, d):
    rules = rulesets(entry)
    pos = replay(d["players"], d["seed"], DEFAULT, d["turns"])  # reached from the seeded deal by legal moves
    assert position_to_json(unrecorded(pos)) == d["position"]
    assert [t for t, _ in play(d["players"], d["seed"], DEFAULT)[1:len(d["turns"]) + 1]] == d["turns"]
    under = [replace(pos, ruleset=r) for r in rules]
    moves = [{str(m) for m in legal_moves(p)} for p in under]
    if d["kind"] == "legal_moves":
        assert any(m != moves[0] for m in moves[1:])
        everywhere = set.intersection(*moves)
        for o, ms in zip(d["outcomes"], moves, strict=True):
            assert o["moves"] == len(ms) and o["only_here"] == len(ms - everywhere)
            assert set(o["shown"]) <= ms - everywhere
    else:
        assert all(d["move"] in ms for ms in moves)
        after = [position_to_json(unrecorded(settled(apply(p, d["move"])))) for p in under]
        assert after == [o["state"] for o in d["outcomes"]] and any(a != after[0] for a in after[1:])


def _check_collection(entry, d):
    rules = rulesets(entry)
    if d.get("searched") != "one colour":  # else: found among every one-colour collection
        end = play(d["players"], d["seed"], DEFAULT)[-1][1]
        assert codes(end.hands[d["seat"]]) == d["from"]
    small = parse_cards(d["collection"])
    full = parse_cards(d["from"])
    assert all(a <= b for a, b in zip(small, full, strict=True))
    points = [fast.points(small, scoring_spec(r)) for r in rules]
    assert points == [o["points"] for o in d["outcomes"]] and len(set(points)) > 1
    for code in set(d["collection"]):  # no card can be taken away
        rest = list(d["collection"])
        rest.remove(code)
        assert len({fast.points(parse_cards(rest), scoring_spec(r)) for r in rules}) == 1, code


def _check_end(entry, d):
    end = play(d["players"], d["seed"], DEFAULT)[-1][1]
    assert end.is_over and position_to_json(unrecorded(end)) == d["position"]
    winners = [list(replace(end, ruleset=r).winners) for r in rulesets(entry)]
    assert winners == [o["winners"] for o in d["outcomes"]] and any(x != winners[0] for x in winners[1:])


def _check_game(entry, d):
    """A game played from its deal under each reading, or (``at``) a sampled game played on from where
    the readings part under each reading with one new luck."""
    path = play(d["players"], d["seed"], DEFAULT)
    for r, o in zip(rulesets(entry), d["outcomes"], strict=True):
        if "at" in d and entry["technical"]["switch"] in ("deck", "two_player"):  # from the reading's own deal
            end = play_from(play(d["players"], d["seed"], r, max_turns=0), d["seed"], r, other_luck=True)[-1][1]
        elif "at" in d:
            assert d["at"] < len(path)
            end = play_from(path[:d["at"] + 1], d["seed"], r, other_luck=True)[-1][1]
        else:
            end = play(d["players"], d["seed"], r)[-1][1]  # the whole game from its deal, no shortcut
        got = {"scores": list(end.scores), "winners": list(end.winners) if end.is_over else None, "over": end.is_over}
        assert got == {k: o[k] for k in got}, (entry["id"], r)


def _check_split(entry, d):
    found = one_colour_split()
    for r, o in zip(rulesets(entry), d["outcomes"], strict=True):
        assert o["collections"] == found["collections"]
        assert o["below_best"] == (found["differ"] if r.run_split == "layered" else 0)


CHECKS = {"legal_moves": _check_move, "result": _check_move, "collection": _check_collection, "end": _check_end,
          "game": _check_game, "split": _check_split}


def check_witnesses(report) -> int:
    n = 0
    for entry in json.loads(to_json(report))["entries"]:
        for story in entry["witness"]:
            told = [o["reading"] for o in story["data"]["outcomes"]]  # an entry of 3 readings: one pair a story
            readings = [r for r in entry["readings"] if r["label"] in told]
            assert [r["label"] for r in readings] == told
            CHECKS[story["data"]["kind"]]({**entry, "readings": readings}, story["data"])
            n += 1
    return n


def test_every_witness_of_the_quick_report_replays(stick_report):
    assert check_witnesses(stick_report) >= 12
    kinds = {st["data"]["kind"] for e in stick_report["entries"] for st in e["witness"]}
    assert {"legal_moves", "result", "collection", "game"} <= kinds


def test_every_heading_and_headline_is_written_from_the_examples_values(stick_report):
    for e in stick_report["entries"]:
        for st in e["witness"]:
            assert claims.check(st, narrate.SAY) == [], e["id"]
        assert claims.contradictions(e) == [], e["id"]


def test_the_default_deal_is_the_model_deal_and_the_46_card_deal_the_same_shuffle():
    for players in (2, 3, 4):
        assert game_deal(players, 5, DEFAULT) == deal(players, 5, DEFAULT)
    small = game_deal(3, 5, DEFAULT.with_switches(deck="46"))
    assert sum(small.all_cards()) == 46 and not small.all_cards()[19] and not small.all_cards()[29]


def test_position_json_of_a_witness_round_trips(stick_report):
    for e in stick_report["entries"]:
        for st in e["witness"]:
            if "position" in st["data"]:
                assert position_to_json(position_from_json(st["data"]["position"])) == st["data"]["position"]


# The false statements of edition 1 (issue 23), each pinned.

def test_entry_8_each_example_differs_and_is_told_differently(stick_report):
    e = next(e for e in stick_report["entries"] if e["id"] == "market-clearing")
    searched = [st for st in e["witness"] if st["title"] != "From a game"]
    assert len(searched) == 2  # one per reading after the recommended one
    for st in searched:
        assert st["claim"]["differ"] and len({o["text"] for o in st["outcomes"]}) == 2


def test_entry_10_wording_does_not_lay_the_bot_pile_face_up():
    e = CATALOGUE.by_id()["bot-pile"]
    assert "face up" not in e.wording_en and "face visible" not in e.wording_fr
    assert "may look" in e.wording_en and any("may not look" in q.text for q in e.sources)


def test_entry_11_names_no_negative_game_number(stick_report):
    text = json.dumps([st["summary"] for e in stick_report["entries"] for st in e["witness"]])
    assert not re.search(r"number -\d", text) and not re.search(r"game -\d", text)


def test_entry_14_states_what_arbiter_computed_not_what_another_implementation_does(stick_report):
    e = CATALOGUE.by_id()["run-split"]
    assert "known online implementation does" not in e.recommendation
    split = next(st for x in stick_report["entries"] if x["id"] == "run-split" for st in x["witness"]
                 if st["title"] == "Every one-colour collection")
    found = one_colour_split()
    assert f"{found['differ']} of the {found['collections']}" in split["summary"] and found["above"] == 0


def _collection(report, entry_id):
    e = next(e for e in report["entries"] if e["id"] == entry_id)
    return next(st["data"] for st in e["witness"] if st["data"]["kind"] == "collection")


def _words(codes_):
    return ", ".join(narrate.card(c.split("=")[0]) for c in codes_)


def test_entries_12_and_14_ask_about_their_own_collections(stick_report):
    """Edition 2 asked about Red 1, Red 2, Red 4 and Red 1 2 3 3 4 5; the examples are other cards."""
    by = CATALOGUE.by_id()
    assert f"Does {_words(_collection(stick_report, 'runs')['collection'])} make a run?" in by["runs"].question
    assert f"({_words(_collection(stick_report, 'run-split')['collection'])})" in by["run-split"].question


def test_entry_2_cites_the_run_its_joker_completes(stick_report):
    d = _collection(stick_report, "joker-values")
    (run,) = [s["cards"] for s in d["outcomes"][0]["sets"]]
    value = next(c.split("=")[1] for c in run if "=" in c)
    assert int(value) >= 7 and f"(the {value} of the run {_words(run)}, say)" in CATALOGUE.by_id()["joker-values"].question


def test_entry_15_cites_the_copies_of_its_example(stick_report):
    """Edition 2 asked about two Red 5s; the example's second copy is a joker standing for a Blue 8."""
    d = _collection(stick_report, "value-copies")
    second = next(c for s in d["outcomes"][1]["sets"] for c in s["cards"] if "=" in c)
    joker, value = second.split("=")
    twin = next(c for c in d["collection"] if c[0] == joker[0] and c[1:] == value)
    others = [c for c in d["collection"] if c not in (joker, twin)]
    e = CATALOGUE.by_id()["value-copies"]
    assert f"(the {narrate.card(twin)} and the {narrate.card(joker)} as an {value})" in e.question
    assert f"sharing the {' and the '.join(narrate.card(c) for c in others)}" in e.question
    assert [o["points"] for o in d["outcomes"]] == [6, 12] and "(6 points)" in e.question and "(12)" in e.question


def test_entry_16_cites_the_copy_its_joker_makes(stick_report):
    d = _collection(stick_report, "joker-copies")
    joker = next(c for s in d["outcomes"][0]["sets"] for c in s["cards"] if "=" in c)
    value = joker.split("=")[1]
    held = d["collection"].count(joker[0] + value)
    assert held == (2 if int(value) <= 6 else 1)  # the colour holds it as often as the deck has it
    nth = {2: "a third", 1: "a second"}[held]
    assert f"{nth} {narrate.card(joker[0] + value)}" in CATALOGUE.by_id()["joker-copies"].question
