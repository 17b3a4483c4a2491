"""The z3 encoding compiled from the spec agrees with the reference evaluator on concrete Palettes."""

import z3
from arbiter.model.red7 import reference
from arbiter.model.red7.ruleset import BASIC, HIGHEST_CARD
from arbiter.model.red7.spec import (
    COLOUR,
    NUMBER,
    AllMatching,
    HighestCard,
    LargestGroup,
    LongestRun,
    NumberIn,
    OnePerKey,
)
from arbiter.proofs.red7 import encoding as E
from hypothesis import given
from hypothesis import strategies as st

HIGHEST = BASIC.with_switches(nobody_qualifies=HIGHEST_CARD)


@st.composite
def palettes(draw):
    cards = draw(st.lists(st.integers(0, 48), unique=True, max_size=14))
    players = draw(st.integers(2, 4))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, len(cards)]
    return [cards[bounds[i]:bounds[i + 1]] for i in range(players)]


def _value(term):
    return z3.simplify(term)


def _assert_standing_agrees(rule, cards):
    s = E.standing(rule, E.constant(cards))
    qualifying = {c for c in E.CARDS if z3.is_true(_value(s.qualifies[c]))}
    assert qualifying == set(reference.qualifying(rule, cards))
    count, highest = reference.key(rule, cards)
    assert (_value(s.count).as_long(), _value(s.highest).as_long()) == (count, highest)


@given(rule=st.integers(0, 6), cards=st.lists(st.integers(0, 48), unique=True, max_size=16))
def test_plain_counts_agree_with_reference_too(rule, cards):
    # The combinators' shortcut counts (a run's length, the colours present) are what the proofs use;
    # the plain sums over members are what the benchmark compares them with. Both must be the rule.
    with E.plain_counts():
        _assert_standing_agrees(rule, cards)


@given(rule=st.integers(0, 6), groups=palettes())
def test_standing_and_leader_agree_with_reference(rule, groups):
    for cards in groups:
        _assert_standing_agrees(rule, cards)
    concrete = [E.constant(cards) for cards in groups]
    for ruleset in (BASIC, HIGHEST):
        expected = reference.leader(rule, groups, ruleset=ruleset)
        got = _value(E.leader(rule, concrete, ruleset=ruleset)).as_long()
        assert got == (-1 if expected is None else expected)


# Every combinator over every key, including ones no rule uses yet: a new reading is a new spec value.
SELECTORS = [HighestCard(), AllMatching(NumberIn(frozenset({2, 4, 6}))), LargestGroup(NUMBER), LargestGroup(COLOUR),
             OnePerKey(NUMBER), OnePerKey(COLOUR), LongestRun(NUMBER), LongestRun(COLOUR)]


def _named(selector, cards):
    """(count, highest) of each candidate the selector names in ``cards``."""
    named = []
    for cand in E.candidates(selector, E.constant(cards)):
        if z3.is_true(_value(cand.guard)):
            named.append((_value(cand.count).as_long(), _value(cand.highest).as_long()))
    return named


@given(selector=st.sampled_from(SELECTORS), cards=st.lists(st.integers(0, 48), unique=True, max_size=20))
def test_shortcut_counts_equal_the_plain_sums_for_every_combinator(selector, cards):
    with E.plain_counts():
        plain = _named(selector, cards)
    assert _named(selector, cards) == plain
