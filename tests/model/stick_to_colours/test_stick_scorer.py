"""The exact scorer: the fast evaluator equals the plain reference (Hypothesis, and every small
collection), arrangements are valid and worth the points, and the greedy layered split scores below
the optimum on its smallest witness."""

from itertools import permutations, product

import pytest
from arbiter.model.stick_to_colours import fast, reference
from arbiter.model.stick_to_colours.cards import (
    collections,
    full_deck,
    is_colour_canonical,
    parse_cards,
    recolour,
    size,
)
from arbiter.model.stick_to_colours.ruleset import DEFAULT, SCORING_SWITCHES, SWITCHES
from arbiter.model.stick_to_colours.spec import scoring_spec
from hypothesis import given
from hypothesis import strategies as st

DECK = full_deck()
READINGS = [DEFAULT.with_switches(**dict(zip(SCORING_SWITCHES, values, strict=True)))
            for values in product(*(SWITCHES[s] for s in SCORING_SWITCHES))]
ONE_SWITCH = [DEFAULT] + [DEFAULT.with_switches(**{s: v}) for s in SCORING_SWITCHES for v in SWITCHES[s][1:]]


@st.composite
def collection(draw, most: int = 12, jokers: int = 3):
    picks = draw(st.lists(st.sampled_from([k for k in range(30) for _ in range(DECK[k])]), max_size=most))
    counts = [0] * 30
    for k in picks:
        if counts[k] < DECK[k]:
            counts[k] += 1
    for j in (9, 19, 29)[jokers:]:
        counts[j] = 0
    return tuple(counts)


def assert_valid(counts, score, spec):
    assert reference.arrangement_points(counts, score.sets, spec) == score.points


@given(collection(), st.sampled_from(READINGS))
def test_fast_equals_reference(counts, ruleset):
    spec = scoring_spec(ruleset)
    want, got = reference.score(counts, spec), fast.score(counts, spec)
    assert got.points == want.points
    assert_valid(counts, got, spec)
    assert_valid(counts, want, spec)


@given(collection(most=16, jokers=2), st.sampled_from(list(permutations(range(3)))))
def test_scores_do_not_depend_on_colour_names(counts, order):
    # Every rule treats the three colours alike: what lets the exhaustive checks take one collection per class.
    spec = scoring_spec()
    assert fast.points(recolour(counts, order), spec) == fast.points(counts, spec)


def _agree(max_size, rulesets, jokers=True):
    n = 0
    for counts in collections(max_size, jokers=jokers):
        if not is_colour_canonical(counts):
            continue
        for ruleset in rulesets:
            spec = scoring_spec(ruleset)
            assert fast.points(counts, spec) == reference.score(counts, spec).points, (counts, str(ruleset))
        n += 1
    return n


def test_every_collection_of_at_most_4_cards():
    assert _agree(4, [DEFAULT]) == 7333


def test_every_collection_of_at_most_3_cards_under_each_reading():
    assert _agree(3, ONE_SWITCH) > 900


@pytest.mark.slow
def test_every_jokerless_collection_of_at_most_6_cards():
    # With jokers, the reference tries 9 values per joker: 6-card collections with jokers are Hypothesis's.
    assert _agree(6, [DEFAULT], jokers=False) == 132764


@pytest.mark.parametrize("hand, points", [
    ("R1 R2 R3 RJ", 4),  # the protocol example: the joker extends the run
    ("R1 R2 R3 R3 R4 R5", 6),  # duplicates: two runs share nothing, 1-2-3 and 3-4-5
    ("R7 B7 G7", 6),  # a value set of 7-9 is worth 6
    ("R1 B1 G1", 3),
    ("R1 B1 G1 R2 R3", 6),  # R1 in a value set and in a run at once
    ("RJ BJ GJ", 6),  # three jokers: a value set of 7s
    ("R1 R2 R4 R5", 0),  # a gap breaks a run
    ("R2 R3 R4 R2 R3 R4", 6),
])
def test_default_reading_points(hand, points):
    assert fast.points(parse_cards(hand), scoring_spec()) == points


@pytest.mark.parametrize("hand, switch, value, points", [
    ("R1 R2 R4 R5", "runs", "ascending", 4),
    ("R1 B1 G1 R2 R3", "sharing", "one_set", 3),
    ("R1 R2 R3 R3 R4 R5", "sharing", "several_runs", 22),  # every distinct run: 3 of 3, 2 of 4, 1 of 5
    ("RJ BJ GJ", "joker_values", "1-6", 3),
    ("R1 R2 R3 R3 R4 R5", "run_split", "layered", 5),
    ("R5 R5 B5 G5", "value_copies", "every_set", 6),  # two value sets differing in the Red 5 copy
    ("R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R8 R9 RJ", "joker_copies", "within_deck", 15),  # no value left
])
def test_each_scoring_switch_changes_a_score(hand, switch, value, points):
    counts = parse_cards(hand)
    assert fast.points(counts, scoring_spec(DEFAULT.with_switches(**{switch: value}))) == points
    assert fast.points(counts, scoring_spec(DEFAULT)) != points


def test_the_layered_split_scores_below_the_optimum_first_at_six_cards():
    """The greedy layered split (first copies, then second copies) of a known implementation: its
    smallest collection scoring below the optimum, found by trying every one-colour collection by size
    (runs are per colour and value sets are the same under both readings)."""
    optimal, layered = scoring_spec(), scoring_spec(DEFAULT.with_switches(run_split="layered"))
    red = tuple(DECK[k] if k < 10 else 0 for k in range(30))
    witnesses = {}
    for counts in collections(7, red):
        lo, hi = fast.points(counts, layered), fast.points(counts, optimal)
        assert lo <= hi
        if lo < hi:
            witnesses.setdefault(size(counts), []).append(counts)
    smallest = min(witnesses)
    assert smallest == 6
    w = parse_cards("R1 R2 R3 R3 R4 R5")
    assert w in witnesses[6]
    assert (fast.points(w, layered), fast.points(w, optimal)) == (5, 6)


def test_run_points_by_counts_equal_the_runs_found():
    # The searches over jokers and value sets compare run points from a counts-only DP; the runs
    # themselves come from the DP that keeps them. Every vector of 0-2 copies of values 1-7 (and 3 copies
    # here and there) must agree.
    vectors = [(*head, 0, 0) for head in product(range(3), repeat=7)]
    vectors += [tuple(3 if v % k == 0 else 1 for v in range(1, 10)) for k in range(1, 10)]
    for vec in vectors:
        assert fast._packed_consecutive_points(vec) == fast._packed(vec, False)[0], vec


@pytest.mark.parametrize("hand, points", [
    ("R7 RJ B7 G7", (6, 12, 6)),  # a joker as a second Red 7: two value sets only if it may copy the Red 7
    ("R5 R5 B5 G5", (3, 6, 6)),  # two copies of the Red 5 make two sets
    ("R5 R5 RJ B5 B5 G5 G5", (6, 36, 24)),  # 3 x 2 x 2 sets under every_set; the joker a third 5 only under any
    ("R1 B1 G1 R2 R3", (6, 6, 6)),
])
def test_value_sets_sharing_copies_and_a_joker_copying_a_card_held_in_full(hand, points):
    """"One card may be used in several sets at once" for value sets, and "any one value" for a joker:
    the default, value_copies=every_set, and every_set with joker_copies=within_deck."""
    counts = parse_cards(hand)
    every = DEFAULT.with_switches(value_copies="every_set")
    got = tuple(fast.points(counts, scoring_spec(rs)) for rs in (DEFAULT, every, every.with_switches(
        joker_copies="within_deck")))
    assert got == points
    for rs in (DEFAULT, every, every.with_switches(joker_copies="within_deck")):
        spec = scoring_spec(rs)
        assert_valid(counts, fast.score(counts, spec), spec)
        assert reference.score(counts, spec).points == fast.points(counts, spec)


def test_value_copies_changes_nothing_when_a_card_is_in_one_set_only():
    one_set = DEFAULT.with_switches(sharing="one_set")
    counts = parse_cards("R5 R5 B5 G5")
    assert fast.points(counts, scoring_spec(one_set.with_switches(value_copies="every_set"))) == \
        fast.points(counts, scoring_spec(one_set)) == 3
