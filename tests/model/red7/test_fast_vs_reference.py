"""Differential: the bitmask engine (fast.py) against the reference evaluator of the rule spec
(reference.py), on random disjoint Palettes with eliminated players, under both readings of
"nobody qualifies"."""

from arbiter.model.red7 import fast, reference
from arbiter.model.red7.cards import cards_of, mask_of
from arbiter.model.red7.ruleset import BASIC, HIGHEST_CARD, SWITCHES
from hypothesis import given, settings
from hypothesis import strategies as st

READINGS = [BASIC.with_switches(nobody_qualifies=v) for v in SWITCHES["nobody_qualifies"]]


def fast_key(ref_key: reference.Key) -> int:
    """The reference's (count, highest card) as the fast engine's int key."""
    count, top = ref_key
    return count << 6 | top + 1


@st.composite
def tables(draw):
    """2-4 disjoint Palettes of 0-20 cards each and a set of players who are out."""
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(range(49)))
    sizes = [draw(st.integers(0, 20)) for _ in range(players)]
    palettes, start = [], 0
    for size in sizes:
        size = min(size, 49 - start)
        palettes.append(frozenset(deck[start:start + size]))
        start += size
    out = draw(st.sets(st.integers(0, players - 1)))
    return palettes, out


# cheap per example, so more of them than the profile's default (the profile's other settings hold)
@settings(max_examples=max(300, settings.default.max_examples))
@given(tables(), st.sampled_from(READINGS))
def test_fast_equals_reference_on_random_tables(table, ruleset):
    palettes, out = table
    masks = [mask_of(p) for p in palettes]
    out_mask = mask_of(out)
    for rule in range(7):
        for palette, m in zip(palettes, masks):
            assert fast.key(rule, m) == fast_key(reference.key(rule, palette))
            assert set(cards_of(fast.qualifying_mask(rule, m))) == reference.qualifying(rule, palette)
        expected = reference.leader(rule, palettes, out, ruleset)
        assert fast.leader(rule, masks, out_mask, ruleset) == expected
        for player in range(len(palettes)):
            assert fast.is_winning(rule, masks, player, out_mask, ruleset) == (expected == player)


@given(tables())
def test_readings_differ_only_when_nobody_qualifies(table):
    """The alternative reading only decides where the default finds nobody winning."""
    palettes, out = table
    default, alternative = READINGS
    assert alternative.nobody_qualifies == HIGHEST_CARD
    for rule in range(7):
        a = reference.leader(rule, palettes, out, default)
        b = reference.leader(rule, palettes, out, alternative)
        if a is not None:
            assert a == b
        elif b is not None:
            assert max(palettes[b]) == max(c for i, p in enumerate(palettes) if i not in out for c in p)
