"""Exhaustive small scope: every Palette of at most 4 cards (231 526 of them) gets the same key
from the fast engine and from the reference evaluator of the spec, under all seven rules."""

from itertools import combinations

from arbiter.model.red7 import fast, reference

MAX_CARDS = 4


def palettes(size: int):
    return combinations(range(49), size)


def test_every_small_palette_gets_the_same_key_under_every_rule():
    checked = 0
    for rule in range(7):
        fast_key, ref_key = fast.KEYS[rule], reference.key
        for size in range(MAX_CARDS + 1):
            for palette in palettes(size):
                m = 0
                for c in palette:
                    m |= 1 << c
                count, top = ref_key(rule, palette)
                assert fast_key(m) == count << 6 | top + 1, (rule, palette)
                checked += 1
    assert checked == 7 * sum(1 for size in range(MAX_CARDS + 1) for _ in palettes(size)) == 7 * 231_526


def test_every_palette_of_three_cards_gets_the_same_qualifying_set():
    for rule in range(7):
        for size in range(4):
            for palette in palettes(size):
                m = sum(1 << c for c in palette)
                q = fast.qualifying_mask(rule, m)
                assert q == sum(1 << c for c in reference.qualifying(rule, palette)), (rule, palette)
