"""Every example in the Stick to Colours report replays from its seeded deal through the engine and
shows, under each reading, the difference it claims; the catalogue quotes the rule text word for word,
covers every switch and numbers its entries for good."""

import json
import re
from dataclasses import replace

import pytest
from arbiter.model import sources
from arbiter.model.stick_to_colours import DEFAULT, Ruleset, apply, deal, fast, legal_moves, parse_cards, scoring_spec
from arbiter.model.stick_to_colours.cards import codes
from arbiter.model.stick_to_colours.notation import position_from_json, position_to_json
from arbiter.model.stick_to_colours.ruleset import SOURCE, SWITCHES
from arbiter.report.render import to_json
from arbiter.report.stick_to_colours.catalogue import CATALOGUE
from arbiter.report.stick_to_colours.play import game_deal, play, replay


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def rulesets(entry) -> list[Ruleset]:
    return [DEFAULT.with_switches(**r["switches"]) for r in entry["readings"]]


def test_catalogue_has_14_entries_covering_every_switch():
    CATALOGUE.check()
    assert len(CATALOGUE.entries) >= 14
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
    assert position_to_json(pos) == d["position"]
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
        after = [replace(apply(p, d["move"]), ruleset=DEFAULT) for p in under]
        assert any(a != after[0] for a in after[1:])


def _check_collection(entry, d):
    rules = rulesets(entry)
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
    assert end.is_over and position_to_json(end) == d["position"]
    winners = [list(replace(end, ruleset=r).winners) for r in rulesets(entry)]
    assert winners == [o["winners"] for o in d["outcomes"]] and any(x != winners[0] for x in winners[1:])


def _check_game(entry, d):
    results = []
    for r, o in zip(rulesets(entry), d["outcomes"], strict=True):
        end = play(d["players"], d["seed"], r)[-1][1]  # the whole game from its deal, no shortcut
        got = {"scores": list(end.scores), "winners": list(end.winners) if end.is_over else None, "over": end.is_over}
        assert got == {k: o[k] for k in got}, (entry["id"], r)
        results.append(got["winners"])
    assert d["changed"] == any(x != results[0] for x in results[1:])


CHECKS = {"legal_moves": _check_move, "result": _check_move, "collection": _check_collection, "end": _check_end,
          "game": _check_game}


def check_witnesses(report) -> int:
    n = 0
    for entry in json.loads(to_json(report))["entries"]:
        for story in entry["witness"]:
            CHECKS[story["data"]["kind"]](entry, story["data"])
            n += 1
    return n


def test_every_witness_of_the_quick_report_replays(stick_report):
    assert check_witnesses(stick_report) >= 12
    kinds = {st["data"]["kind"] for e in stick_report["entries"] for st in e["witness"]}
    assert {"legal_moves", "result", "collection", "game"} <= kinds


def test_a_changed_game_really_changes_its_winner(stick_report):
    changed = [st["data"] for e in stick_report["entries"] for st in e["witness"]
               if st["data"]["kind"] == "game" and st["data"]["changed"]]
    assert changed
    for d in changed:
        assert len({json.dumps(o["winners"]) for o in d["outcomes"]}) > 1


def test_the_default_deal_is_the_model_deal_and_the_46_card_deal_the_same_shuffle():
    for players in (2, 3, 4):
        assert game_deal(players, 5, DEFAULT) == deal(players, 5, DEFAULT)
    small = game_deal(3, 5, DEFAULT.with_switches(deck="46"))
    assert sum(small.all_cards()) == 46 and not small.all_cards()[19] and not small.all_cards()[29]


@pytest.mark.slow
def test_every_witness_of_the_committed_report_replays(stick_doc_report):
    assert check_witnesses(stick_doc_report) >= 14
    assert all(e["witness"] for e in stick_doc_report["entries"]), [e["id"] for e in stick_doc_report["entries"]
                                                                    if not e["witness"]]


def test_position_json_of_a_witness_round_trips(stick_report):
    for e in stick_report["entries"]:
        for st in e["witness"]:
            if "position" in st["data"]:
                assert position_to_json(position_from_json(st["data"]["position"])) == st["data"]["position"]
