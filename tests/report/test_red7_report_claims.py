"""Issue 23 for the Red7 report: every sentence about play is written from a computed result and
checked against it, every sentence about a source quotes it, every sentence of every source is
traced to what covers it, the suggested wordings share one vocabulary and their errata never
conflict, and the false statements of edition 2 stay gone (each pinned here)."""

import json
import random
from dataclasses import replace

import pytest
from arbiter.model.red7 import PRESETS, legal_moves, successors
from arbiter.model.red7.cards import parse_cards
from arbiter.model.red7.fast import KEYS, qualifying_mask
from arbiter.model.red7.game import banked_set, deal
from arbiter.model.red7.match import next_round, start
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import SWITCHES
from arbiter.report import claims, glossary, publisher, quotes, trace
from arbiter.report.entry import entry_json
from arbiter.report.red7 import narrate
from arbiter.report.red7.catalogue import BY_ID, CATALOGUE, FILES, VIEWS
from arbiter.report.red7.glossary import GLOSSARY
from arbiter.report.red7.trace import TRACES
from arbiter.report.red7.witness import random_position
from arbiter.report.render import to_json


def _entries(report):
    return {e["id"]: e for e in json.loads(to_json(report))["entries"]}


def test_every_story_says_what_its_data_computed(report):
    for e in _entries(report).values():
        for st in e["witness"]:
            about = st["claim"]["about"]
            assert claims.check(st, narrate.SAY, narrate.LEADS[about]) == [], (e["id"], st["title"])


def test_no_answer_or_headline_contradicts_the_entrys_own_examples(report):
    for e in _entries(report).values():
        assert claims.contradictions(e) == []
        h = e["headline"]
        named = [st for st in e["witness"] if claims.winner_changes(st["claim"])]
        assert (h["answer"] == "yes") == bool(named), e["id"]
        if h["answer"] == "no":
            assert BY_ID[e["id"]].same_in_play or not e["readings"], e["id"]


def test_every_entry_that_plays_has_an_example_that_differs_or_a_reason(report):
    for e in _entries(report).values():
        if not e["readings"]:
            continue
        shown = any(st["claim"]["differ"] for st in e["witness"])
        assert shown or BY_ID[e["id"]].same_in_play, f"{e['id']}: neither an example nor the reason"
    for entry_id in ("fr-during-turn", "fr-becomes-winner", "action-if-you-can"):  # had neither in edition 2
        assert any(st["claim"]["differ"] for st in _entries(report)[entry_id]["witness"]), entry_id


def test_sentences_about_a_source_quote_it():
    assert quotes.quote_problems(CATALOGUE, FILES) == []
    for e in CATALOGUE.entries:
        assert quotes.prose_problems(e, FILES, via=("digest", FILES["V1.1"])) == []


def test_a_sentence_naming_a_source_without_its_words_is_caught():
    wrong = replace(BY_ID["action7-advanced-draw"], recommendation="V1.1 gives the draw. FR 'never says so'.")
    found = quotes.prose_problems(wrong, FILES)
    assert any("without quoting" in p for p in found) and any("does not say 'never says so'" in p for p in found)


def test_every_sentence_of_every_source_is_traced():
    known = {"entry": [e.id for e in CATALOGUE.entries], "switch": list(SWITCHES)}
    assert trace.problems(TRACES, known) == []
    # each reading switch is named by some sentence's row (a switch covering no sentence would be invented)
    named = {ref[7:] for rows in TRACES.values() for row in rows for ref in row.by if ref.startswith("switch:")}
    assert set(SWITCHES) - {"actions", "advanced", "new_hand"} <= named | {"final_tie"}


def test_the_appendix_lists_every_sentence(report):
    appendix = next(a for a in report["appendices"] if a["id"] == "traceability")
    rows = sum(len(t["rows"]) for t in appendix["tables"])
    assert rows == sum(len(trace.source_sentences(name)) for name in TRACES)
    assert not [r for t in appendix["tables"] for r in t["rows"] if r[2] == "NOTHING"]


def test_suggested_wordings_use_the_glossary_and_errata_never_conflict(report):
    entries = list(_entries(report).values())
    assert GLOSSARY.problems(glossary.wordings(entries)) == []
    assert publisher.conflicts(entries) == []
    leading = [{**entries[0], "wording": {"en": "You must be leading.", "fr": "Une nouvelle main."}}]
    assert len(GLOSSARY.problems(glossary.wordings(leading))) == 2  # the two words edition 2 used


def test_the_first_page_lists_every_erratum_and_ten_entries_by_frequency(report):
    page = report["first_page"]
    assert page == publisher.first_page(report["entries"])
    assert len(page["likely"]) == 10
    shares = [x["arises"]["share"] for x in page["likely"]]
    assert shares == sorted(shares, reverse=True)
    replaced = {x["replace"]["text"] for x in page["errata"] if x["replace"]}
    assert "Jouez une carte impaire sur votre Palette active un effet particulier :" in replaced


# -- the false statements of edition 2, pinned ----------------------------------------------------

def test_entry_33_the_readings_of_if_you_can_differ_in_play(report):
    pos = parse_text("violet 0 actions | V5 B4 / B6 | / R1 O2")
    turns = {v: [str(m) for m in legal_moves(replace(pos, ruleset=pos.ruleset.with_switches(action_mode=v)))]
             for v in ("mandatory", "if_it_keeps_you_in")}
    assert turns == {"mandatory": ["pass"], "if_it_keeps_you_in": ["pass", "play V5 discard B4"]}
    e = _entries(report)["action-if-you-can"]
    assert [r["switches"] for r in e["readings"]] == [{"action_mode": "mandatory"},
                                                      {"action_mode": "if_it_keeps_you_in"}]
    assert e["frequency"] is not None and e["frequency"]["measure"] == "replay"


def _played_actions(seeds, players=(2, 3, 4)):
    """Every (position, its turns) of seeded random Actions rounds."""
    for seed in seeds:
        n = players[seed % len(players)]
        pos, rng = deal(n, seed, PRESETS["actions"]), random.Random(seed)
        while not pos.is_over:
            options = successors(pos)
            yield pos, options
            pos = rng.choice(options)[1]


def _played_games(seeds, players=3):
    """Every (position, its turns) of seeded random whole Advanced games with Actions: the later
    rounds are dealt from fewer cards, so their decks run out."""
    for seed in seeds:
        m, rng = start(players, seed, PRESETS["advanced+actions"]), random.Random(seed)
        while True:
            pos = m.position
            while not pos.is_over:
                options = successors(pos)
                yield pos, options
                pos = rng.choice(options)[1]
            m = replace(m, position=pos)
            if m.is_over:
                break
            m = next_round(m)


def test_entry_13_names_impossible_actions_that_games_reach_and_not_the_7_alone():
    """Scope: every position of 100 seeded random Actions rounds and 40 whole Advanced games with
    Actions (3 players), every legal turn."""
    answer = BY_ID["action-mode"].answer
    assert "a 7 alone" not in answer and "nothing to move" not in answer
    seen = set()
    for pos, options in [*_played_actions(range(100)), *_played_games(range(40))]:
        me = pos.to_move
        for move, _ in options:
            steps = [(v, c) for v, c in move]
            if steps[0][0] != "play":
                continue
            number = steps[0][1] // 7 + 1
            follow = steps[1][0] if len(steps) > 1 else None
            if number == 7:
                assert follow in ("canvas", "deck"), f"a 7 with nothing to move: {pos} {move}"
            elif number == 1 and follow != "take":
                seen.add("a 1 with no eligible opponent")
            elif number == 3 and follow != "draw" and not pos.deck:
                seen.add("a 3 on an empty deck")
            elif number == 5 and follow != "play" and pos.hands[me].bit_count() == 1:
                seen.add("a 5 with no card left in hand")
    assert seen == {"a 1 with no eligible opponent", "a 3 on an empty deck", "a 5 with no card left in hand"}
    assert all(case in answer for case in seen)


def test_entries_17_and_22_count_the_rounds_before_the_last(report):
    for entry_id in ("final-tie", "new-hand"):
        story = next(st for st in _entries(report)[entry_id]["witness"] if "start" in st["data"])
        banked = story["data"]["start"]["banked"]
        winners = sum(bool(b) for b in banked)
        assert f"at least {winners} rounds came before" in story["steps"][0]
        assert "for round 2" not in story["steps"][0] and story["data"]["start"]["round"] == winners + 1


def test_entry_6_examples_tell_the_readings_apart_while_the_round_goes_on(report):
    for st in _entries(report)["action1-destination"]["witness"]:
        texts = [o["text"] for o in st["outcomes"]]
        assert len(set(texts)) == len(texts), st["title"]
        if st["data"]["kind"] == "outcome":
            assert all(not o["result"]["players"] or sum(not p.get("out") for p in o["result"]["players"]) > 1
                       for o in st["data"]["outcomes"])


def test_entries_2_and_10_say_what_the_digest_says_of_v11():
    discard = BY_ID["losing-discard"].recommendation
    assert "reads the same way" not in discard and "'you lose'" in discard
    draw = BY_ID["action7-advanced-draw"].recommendation
    assert "gives the draw" not in draw and "'unsaid'" in draw
    row = next(q for q in BY_ID["action7-advanced-draw"].sources if "7: Advanced draw" in q.text)
    assert row.paraphrase and row.text.endswith("7: Advanced draw | unsaid | no draw | unsaid")


def test_headings_promise_only_what_the_solution_shows(report):
    for e in _entries(report).values():
        for st in e["witness"]:
            if st["claim"]["about"] != "forced":
                continue
            assert "ends differently" not in st["summary"]
            if any(v["winner"] is None for v in st["claim"]["values"]):
                assert "nobody can force the round" in st["summary"], e["id"]


def test_entry_26_readings_never_differ_under_the_recommended_count():
    """The scope of entry 26's reason: every position of 60 seeded Actions rounds (2-4 players) and
    3000 random small positions. With the other count of entry 5 the readings do differ."""
    entry = BY_ID["action1-only-card"]
    rules = [r.ruleset(entry.base) for r in entry.readings]

    def differ(pos):
        got = [{str(m): nxt.palettes for m, nxt in successors(replace(pos, ruleset=rs))} for rs in rules]
        return got[0] != got[1]
    assert not any(differ(pos) for pos, _ in _played_actions(range(60)))
    rng = random.Random(26)
    assert not any(differ(random_position(rng, entry)) for _ in range(3000))
    before = parse_text("red 0 actions | R1 / V2 | O6 / O2 | deck G1")
    assert not differ(before)
    counted_before = [r.ruleset(entry.base).with_switches(action1_count="before_play") for r in entry.readings]
    assert len({str(legal_moves(replace(before, ruleset=rs))) for rs in counted_before}) == 2


@pytest.mark.parametrize("rule, palette, counted", [
    ("indigo", "R4 B5 G6", "R4 B5 G6"),  # FR "(exemple : 4, 5, 6 ; pas besoin d'être dans la même couleur)"
    ("green", "R2 O4 Y6 G1 B3", "R2 O4 Y6"),  # EN-REF "compare all even cards (2, 4, 6)"
    ("violet", "R1 O2 Y3 G4", "R1 O2 Y3"),  # FR "(valeur 1, 2 ou 3)"; EN-REF "all cards below 4 (1, 2, 3)"
])
def test_examples_in_the_texts_replay_under_every_reading(rule, palette, counted):
    from arbiter.model.red7.cards import COLOUR_NAMES
    r = COLOUR_NAMES.index(rule)
    m = parse_cards(palette.split())
    assert qualifying_mask(r, m) == parse_cards(counted.split())
    for view in VIEWS.values():  # the Palette view of entry 15's other reading counts the same cards
        assert KEYS[r](view(m)) == KEYS[r](m)


def test_under_blue_the_highest_card_of_each_colour_is_banked():
    """The digest: "(under Blue: the highest card of each colour)"."""
    from arbiter.model.red7 import apply
    end = apply(parse_text("blue 1 advanced | R1 / R7 R5 B2 | V1 / O1"), "pass")
    assert end.is_over and end.winner == 0 and banked_set(end) == parse_cards(["R7", "B2"])


def test_every_entry_json_keeps_the_fields_of_edition_2(report):
    old = {"id", "number", "since", "title", "question", "answer", "kind", "kind_text", "recommendation", "wording",
           "sources", "readings", "related", "changes", "technical", "witness", "frequency"}
    for e in _entries(report).values():
        assert old <= set(e) and set(entry_json(BY_ID[e["id"]])) <= set(e)
