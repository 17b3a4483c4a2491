"""The shared report layer on made-up data: claims written from computed values (and caught when
they are not), the paired effect against the baseline of chance, the sentence splitter and the
traceability check, the glossary check, the publisher's first page, inline Markdown in HTML, and
the generic sampler with its digests."""

from dataclasses import dataclass

import html5lib
import pytest
from arbiter.report import claims, glossary, publisher, sample, trace
from arbiter.report.entry import Entry, Reading
from arbiter.report.frequency import effect, frequency, paired_difference
from arbiter.report.render import _m, face, to_html

SAY = {"forced": lambda v: "nobody can force the round" if v["winner"] is None else f"Player {v['winner']} can force it"}


def _story(values, texts=None, summary=None):
    outcomes = [{"reading": f"r{k}", "winner": v} for k, v in enumerate(values)]
    c = claims.compare("forced", ["winner"], outcomes, winner="winner")
    lead = "Played perfectly"
    return {"title": "Example", "summary": summary or claims.summary(c, SAY["forced"], lead), "claim": c,
            "data": {"outcomes": outcomes},
            "outcomes": [{"text": t} for t in (texts or [SAY["forced"]({"winner": v}) for v in values])]}


def test_a_heading_is_written_from_the_values():
    st = _story([0, None])
    assert st["summary"] == ("Played perfectly, the readings differ: under reading 1 (recommended), Player 0 can "
                             "force it; under reading 2, nobody can force the round.")
    assert claims.check(st, SAY, "Played perfectly") == []
    same = _story([1, 1])
    assert not same["claim"]["differ"] and "every reading gives the same" in same["summary"]


def test_a_typed_heading_or_a_claim_that_is_not_the_datas_is_caught():
    typed = _story([0, None], summary="Played perfectly, the round ends differently under each reading.")
    assert any("heading" in p for p in claims.check(typed, SAY, "Played perfectly"))
    st = _story([0, 1])
    st["data"]["outcomes"][1]["winner"] = 0  # the data says the readings agree; the claim says they differ
    assert any("not the data's" in p for p in claims.check(st, SAY, "Played perfectly"))
    alike = _story([0, 1], texts=["The round is over.", "The round is over."])
    assert any("told alike" in p for p in claims.check(alike, SAY, "Played perfectly"))


def test_headline_says_yes_only_with_an_example_naming_other_winners():
    assert claims.headline([_story([0, None])], SAY, "not shown: none")["answer"] == "yes"
    assert claims.headline([_story([1, 1])], SAY, "no: proved")["text"] == "no: proved"
    entry = {"id": "x", "answer": "The readings do not differ in play.", "witness": [_story([0, 1])],
             "headline": {"answer": "yes", "witness": None}}
    assert len(claims.contradictions(entry)) == 2


def test_paired_difference_is_symmetric_contains_the_difference_and_narrows_with_agreement():
    diff, low, high = paired_difference(12, 9, 2, 44)
    assert round(diff, 4) == round(7 / 44, 4) and low < diff < high
    back = paired_difference(12, 2, 9, 44)  # swapping the two measures mirrors the interval
    assert (round(back[0], 9), round(back[1], 9), round(back[2], 9)) == (round(-diff, 9), round(-high, 9),
                                                                          round(-low, 9))
    agree = paired_difference(40, 0, 0, 100)  # every game counted by both or neither: no effect, a tight interval
    loose = paired_difference(16, 24, 24, 100)  # the same shares, the pairs disagreeing
    assert agree[0] == loose[0] == 0 and agree[2] - agree[1] < loose[2] - loose[1]
    same = effect(both=30, changes=30, baseline=30, tested=100)
    assert same["difference"] == 0 and same["low"] <= 0 <= same["high"]


def test_frequency_with_a_baseline_says_the_effect():
    rows = [{"setting": "s", "games": 10, "arises": 8, "tested": 8, "changes": 6, "baseline": 2, "both": 2}]
    f = frequency(rows, "replay", "games", "Replaying those {tested},", what="round winner")
    assert f["baseline"]["count"] == 2 and f["effect"]["difference"] == 0.5
    assert "same new luck (chance alone), the round winner changed in 2" in f["text"] and "+50 points" in f["text"]
    assert "baseline" not in frequency([{k: v for k, v in rows[0].items() if k not in ("baseline", "both")}],
                                       "replay", "games", "x")


def test_sentences_split_prose_bullets_and_table_cells():
    text = "# Head\n\nOne card. Two *cards* here; still two.\n- A bullet.\n| a | b |\n|---|---|\n| c | One card. |\n"
    assert trace.sentences(text) == ["Head", "One card.", "Two cards here; still two.", "A bullet.", "a | b",
                                     "c | One card."]
    wrapped = "- A bullet that\n  goes on. And a second\n  sentence.\n\nA paragraph\nwrapped."
    assert trace.sentences(wrapped, wrapped=True) == ["A bullet that goes on.", "And a second sentence.",
                                                      "A paragraph wrapped."]
    assert trace.sentences(wrapped) == ["A bullet that", "goes on.", "And a second", "sentence.", "A paragraph",
                                        "wrapped."]


def test_traceability_names_what_is_covered_by_nothing():
    rows = (trace.Trace(trace.literal("Red 1."), ("clause: cards",)), trace.Trace(r"nothing matches this", ()))
    found = trace.problems({"red7-card-reference.en.txt": rows}, {"entry": (), "switch": ()})
    assert any("covered by nothing: 'Cards & Components'" in p for p in found)
    assert any("matches no sentence" in p for p in found) and any("row 1 is covered by nothing" in p for p in found)
    bad = (trace.Trace(".*", ("entry:missing", "thing:x"), (("nope", "x"),)),)
    found = trace.problems({"red7-rules.fr.txt": bad}, {"entry": (), "switch": ()})
    assert any("no entry named 'missing'" in p for p in found) and any("'thing:x'" in p for p in found)
    assert any("no checklist question 'nope'" in p for p in found)
    assert not [p for p in found if "covered by nothing" in p]


def test_glossary_flags_a_replaced_word_as_a_whole_word():
    g = glossary.Glossary((glossary.Term("winning", "vainqueur", "ahead under the rule", ("leading",), ("en tête",)),))
    found = g.problems([("a", "en", "The player leading is out."), ("b", "en", "Misleading."),
                        ("c", "fr", "Le joueur en tête.")])
    assert [p.split(" ")[0] for p in found] == ["a", "c"]


def _entry(number, share, fr="Nouveau.", replaces=None):
    return {"number": number, "id": f"e{number}", "title": f"T{number}", "answer": "A.",
            "wording": {"en": "(English text unchanged.)", "fr": fr}, "replaces": {"en": None, "fr": replaces},
            "frequency": {"arises": {"share": share, "count": 1, "games": 2, "low": 0, "high": 1}}}


def test_first_page_lists_errata_and_the_most_frequent_entries():
    entries = [_entry(1, 0.1, replaces={"source": "FR", "text": "Vieux.", "paraphrase": False}), _entry(2, 0.9),
               _entry(3, 0.5, fr="")]
    page = publisher.first_page(entries)
    assert [(x["number"], x["lang"], x["replace"] and x["replace"]["text"]) for x in page["errata"]] == [
        (1, "fr", "Vieux."), (2, "fr", None)]
    assert [x["number"] for x in page["likely"]] == [2, 3, 1]


def test_inline_markdown_becomes_html():
    assert _m("an *arises* and `pass` and **strong** 3*4") == (
        "an <em>arises</em> and <code>pass</code> and <strong>strong</strong> 3*4")


def test_a_tile_shows_the_name_without_its_colour():
    report = {"cards": {"R": {"name": "Red"}, "S": {"name": "Special"}},
              "card_names": {"RRe": "Red Realm", "SPHX": "Phoenix"}}
    assert face(report, "R5") == ("5", "Red") and face(report, "RRe") == ("Realm", "Red")
    assert face(report, "SPHX") == ("Phoenix", "Special")


def test_page_with_every_new_part_parses(report):
    page = to_html({**report, "first_page": publisher.first_page(report["entries"])})
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)
    assert 'id="publisher"' in page


@dataclass(frozen=True)
class CoinPlug:
    """A made-up game: ten coin flips; an entry's readings part at flip 3 and its second reading
    flips the rest; the result is the number of heads."""

    def settings(self, entries):
        return [sample.Setting("a", "A", ()), sample.Setting("b", "B", ())]

    def measures(self, entry, setting):
        return True

    def play(self, setting, seed):
        return seed, [random_bit(seed, k, 0) for k in range(10)]

    def part(self, played, entry):
        return 3

    def replayable(self, entry):
        return True

    def replay(self, played, at, entry, k, luck):
        seed, flips = played
        rest = [1 - random_bit(seed, j, luck) if k else random_bit(seed, j, luck) for j in range(at, 10)]
        return seed, flips[:at] + rest

    def results(self, played, entry):
        return {"round": sum(played[1])}

    def example(self, played, at, entry, replays):
        return {"at": at}


def random_bit(seed, k, luck):
    import random
    return random.Random(f"{seed} {k} {luck}").getrandbits(1)


ENTRY = Entry("e", 1, "1", "t", "q", "a", "gap", "r", "w", "", (), (Reading("x", "x"), Reading("y", "y")), "p", None)


def test_sampler_counts_replays_and_rechecks_a_slice():
    plug = CoinPlug()
    s = sample.run(plug, [ENTRY], 6, 7, 4)
    c = s.counts[("e", "a")]
    assert c["games"] == c["arises"] == c["tested"] == 6 and 0 < c["baseline"] <= 6
    assert [len(d) for d in s.digests.values()] == [2, 2] and s.examples["e"]["at"] == 3
    recorded = sample.record(s, 6, 7)
    assert sample.recheck(plug, [ENTRY], recorded, lambda k, j: j == 0) == []
    recorded["digests"]["b"][0] = "0" * 16
    assert len(sample.recheck(plug, [ENTRY], recorded, lambda k, j: j == 0)) == 1


@pytest.mark.parametrize("text", ["plain", "a *b* c"])
def test_markdown_free_text_has_no_stars_left(text):
    assert "*" not in _m(text)
