"""The Stick to Colours catalogue: every theorem as expected on today's spec and engine, each verdict
flipped by a changed spec or engine, and every turn witness replayed through the engine from its deal."""

import dataclasses

import pytest
from arbiter.model.stick_to_colours import cards as C
from arbiter.model.stick_to_colours import game, reference
from arbiter.model.stick_to_colours.game import apply, deal
from arbiter.model.stick_to_colours.ruleset import DEFAULT, Ruleset
from arbiter.model.stick_to_colours.spec import ONE, ScoringSpec, ValueSet, scoring_spec
from arbiter.proofs.red7 import theorems as red7
from arbiter.proofs.stick_to_colours import theorems as T
from arbiter.proofs.stick_to_colours import turns


@pytest.fixture
def fresh():
    """Forget the process's walk before and after: a mutated engine must be walked anew."""
    turns.forget()
    yield
    turns.forget()


@pytest.fixture
def small_scope(monkeypatch, fresh):
    """A quicker walk for mutants: seeded games under the default, 2 and 3 players."""
    monkeypatch.setattr(turns, "positions", lambda: (r for n in (2, 3) for r in turns._games(DEFAULT, n)))


def _replay(w):
    d = w["deal"]
    pos = deal(d["players"], d["seed"], Ruleset.parse(d["ruleset"]))
    for move in w["line"]:
        pos = apply(pos, move)
    return pos


def test_the_catalogue_has_at_least_eight_theorems_with_unique_ids():
    ids = [t.id for t in T.catalogue()]
    assert len(ids) >= 8 and len(set(ids)) == len(ids)
    assert T.select("stick/games-end") and not T.select("stick/nothing")


@pytest.mark.slow
def test_every_theorem_is_as_expected(fresh):
    results = T.run_catalogue()
    assert [r.id for r in results if not r.as_expected] == []
    by_id = {r.id: r for r in results}
    assert by_id["stick/layered-vs-optimal"].witness["cards"] == ["R1", "R2", "R2", "R3", "R3", "R4"]
    largest = by_id["stick/max-score/default"].witness["largest"]
    for n, got in largest.items():  # the reference scorer agrees with each witness's score
        cards = C.parse_cards(got["cards"])
        assert C.size(cards) == int(n) and reference.score(cards, scoring_spec(DEFAULT)).points == got["score"]


def test_a_changed_value_set_changes_the_largest_score(monkeypatch):
    """With 7-9 value sets worth 2, no 3 cards score 6: the largest is a 1-6 value set's 3."""
    spec = scoring_spec(DEFAULT)
    low = dataclasses.replace(spec, kinds=(spec.kinds[0], (ValueSet("7-9", frozenset(range(7, 10)), 2), ONE),
                                           spec.kinds[2]))
    monkeypatch.setattr(T, "scoring_spec", lambda rs: low)
    monkeypatch.setattr(T, "MAX_SIZES", (3,))
    status, w = T._max_score(DEFAULT)
    assert status == "proved" and w["largest"]["3"]["score"] == 3
    assert reference.score(C.parse_cards(w["largest"]["3"]["cards"]), low).points == 3


def test_a_penalising_spec_breaks_monotone(monkeypatch):
    """A spec where every held value set costs 3 points: adding the third card lowers the score."""
    penalty = ScoringSpec(((ValueSet("penalty", frozenset({1}), -3), "distinct"),), True, (1,))
    monkeypatch.setattr(T, "scoring_spec", lambda rs: penalty)
    status, w = T._monotone([DEFAULT])
    assert status == "counterexample"
    before = C.parse_cards(w["cards"])
    after = C.add(before, C.parse_cards([w["added"]]))
    assert reference.score(after, penalty).points < reference.score(before, penalty).points


def test_the_split_search_finds_nothing_between_equal_scorers(monkeypatch):
    monkeypatch.setattr(T, "SMALLEST", 3)
    assert T._split_differs(DEFAULT, DEFAULT)[0] == "failed"
    status, w = T._split_differs(DEFAULT.with_switches(runs="ascending"), DEFAULT)
    assert status == "witness" and w["cards"] == ["R1", "R2", "R4"]  # a run with a gap, the least one


def test_without_runs_and_high_value_sets_the_high_cards_never_score():
    spec = scoring_spec(DEFAULT)
    only_low = dataclasses.replace(spec, kinds=(spec.kinds[0],))
    status, w = T._never_scores([DEFAULT], lambda rs: only_low)
    assert status == "counterexample"
    assert w["never_score"]["default"] == [f"{c}{v}" for c in "RBG" for v in (7, 8, 9)]


def test_the_layered_witness_scores_as_stated_by_the_reference():
    cards = C.parse_cards("R1 R2 R2 R3 R3 R4")
    assert reference.score(cards, scoring_spec(DEFAULT)).points == 6
    assert reference.score(cards, scoring_spec(DEFAULT.with_switches(run_split="layered"))).points == 4


def test_a_refused_lot_witness_replays(fresh):
    (result,) = T.run_catalogue("stick/refused-never-taken/anyone")
    assert result.status == "counterexample" and result.as_expected
    w = result.witness
    before = _replay(w)
    winner = before.auction.leader if w["decision"] == "pass" else before.to_move
    assert before.auction.lot.x >> winner & 1
    after = apply(before, w["decision"])
    assert after.hands[winner][before.auction.lot.card] == before.hands[winner][before.auction.lot.card] + 1


def test_the_endless_line_comes_back_and_a_clearing_game_has_none():
    status, w = T._endless(T.NEVER)
    assert status == "witness"
    pos = start = deal(w["deal"]["players"], 0, Ruleset.parse(w["deal"]["ruleset"]))
    for move in w["line"]:
        pos = apply(pos, move)
    assert pos == start and w["returns_to"] == 0
    assert turns.endless(DEFAULT, (2,)) is None


def _wrong_receiver(original):
    def mutant(pos):
        after = original(pos)
        n = pos.players
        for i in range(len(pos.hands)):
            gained = C.sub(after.hands[i], pos.hands[i]) if C.contains(after.hands[i], pos.hands[i]) else None
            if i != pos.auction.leader and gained and C.size(gained):
                card = C.cards_of(gained)[0]
                other = (i + 1) % n
                hands = list(after.hands)
                hands[i] = C.sub(hands[i], C.counts_of([card]))
                hands[other] = C.add(hands[other], C.counts_of([card]))
                return dataclasses.replace(after, hands=tuple(hands))
        return after
    return mutant


def _losing_the_lot(original):
    def mutant(pos):
        after = original(pos)
        hands = list(after.hands)
        hands[pos.auction.leader] = C.sub(hands[pos.auction.leader], C.counts_of([pos.auction.lot.card]))
        return dataclasses.replace(after, hands=tuple(hands))
    return mutant


def test_handing_a_card_to_the_wrong_player_breaks_hand_over_only(small_scope, monkeypatch):
    monkeypatch.setattr(game, "_end_of_bidding", _wrong_receiver(game._end_of_bidding))
    v = turns.verdicts()
    assert v["cards-conserved"].witness is None
    assert v["hand-over"].witness is not None and "gained" in v["hand-over"].witness["why"]
    assert red7.verdict_outcome(v["hand-over"])[0] == "counterexample"


def test_an_engine_that_loses_the_lot_breaks_conservation(small_scope, monkeypatch):
    monkeypatch.setattr(game, "_end_of_bidding", _losing_the_lot(game._end_of_bidding))
    w = turns.verdicts()["cards-conserved"].witness
    assert w is not None and "deck's cards" in w["why"]
    before = _replay(w)
    assert before.auction is not None


def test_the_turn_facts_hold_on_the_small_scope(small_scope):
    v = turns.verdicts()
    assert all(v[name].witness is None for name in ("cards-conserved", "hand-over", "games-end/consecutive"))
    assert v["cards-conserved"].turns > 1000


def test_the_enumerated_largest_scores_agree_with_z3_on_3_and_4_cards():
    status, w = T._max_score(DEFAULT)
    assert status == "proved"
    for n in T.MAX_SIZES:
        got = T.largest_by_enumeration(DEFAULT, n)
        assert (got["score"], got["cards"]) == (w["largest"][str(n)]["score"], w["largest"][str(n)]["cards"])


def test_the_colour_symmetry_scores_fewer_collections_and_finds_the_same(monkeypatch):
    """One collection per colour permutation finds what scoring every collection finds, with about a sixth
    of the work; a deck whose colours differ is not reduced."""
    whole = T.largest_by_enumeration(DEFAULT, 3, symmetric=False)
    reduced = T.largest_by_enumeration(DEFAULT, 3)
    assert {k: v for k, v in reduced.items() if k != "scored"} == {k: v for k, v in whole.items() if k != "scored"}
    assert reduced["scored"] * 5 < whole["scored"]
    # A deck of green cards only is enumerated whole: taking one collection per colour permutation there
    # (red rows first) would score none of them.
    green = tuple(n if k >= 20 else 0 for k, n in enumerate(T.deck_counts(DEFAULT)))
    monkeypatch.setattr(T, "deck_counts", lambda rs: green)
    got = T.largest_by_enumeration(DEFAULT, 3)
    assert got == T.largest_by_enumeration(DEFAULT, 3, symmetric=False)
    assert (got["score"], got["cards"]) == (3, ["G1", "G2", "G3"])


def test_the_five_card_witness_scores_as_stated_by_the_reference():
    status, w = T._max_score_exhaustive(DEFAULT)
    five = w["largest"]["5"]
    assert status == "proved" and five["score"] == 9 and len(five["cards"]) == 5
    assert reference.score(C.parse_cards(five["cards"]), scoring_spec(DEFAULT)).points == 9


def test_a_changed_value_set_changes_the_enumerated_largest_score(monkeypatch):
    """With 7-9 value sets worth 2 the 5-card best is no longer 9, and the new witness scores what is said."""
    spec = scoring_spec(DEFAULT)
    low = dataclasses.replace(spec, kinds=(spec.kinds[0], (ValueSet("7-9", frozenset(range(7, 10)), 2), ONE),
                                           spec.kinds[2]))
    monkeypatch.setattr(T, "scoring_spec", lambda rs: low)
    status, w = T._max_score_exhaustive(DEFAULT)
    five = w["largest"]["5"]
    assert status == "proved" and five["score"] < 9
    assert reference.score(C.parse_cards(five["cards"]), low).points == five["score"]


def test_a_size_beyond_the_deck_is_refused():
    for n in (49, -1):
        with pytest.raises(ValueError, match=f"the deck holds 48 cards: no collection of {n}"):
            T.largest_by_enumeration(DEFAULT, n)


def test_the_one_colour_split_is_what_the_rules_doc_says():
    """docs/rules-stick-to-colours.md states the layered split's comparison over every one-colour
    collection; the exhaustive count is the theorem stick/layered-one-colour's witness."""
    import re
    from pathlib import Path

    from arbiter.proofs.stick_to_colours.theorems import one_colour_split
    found = one_colour_split()
    assert found["above"] == 0 and len(found["smallest"]) == 6
    doc = re.sub(r"\s+", " ", (Path(__file__).resolve().parents[3] / "docs" / "rules-stick-to-colours.md").read_text())
    by = found["below_by"]

    def n(x):  # the doc's thousands separator
        return f"{x:,}".replace(",", " ")
    said = (f"({n(found['collections'])} of them: 0-2 copies of 1-6, 0-1 of 7-9 and of the joker) the two differ on "
            f"{n(found['differ'])}, the layered count always lower (by 1 point on {n(by['1'])}, 2 on {by['2']}, 3 on "
            f"{by['3']}, 4 on {by['4']})")
    assert said in doc
