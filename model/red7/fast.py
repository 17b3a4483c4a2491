"""Fast bitmask evaluation of the seven rules and of the leader, written apart from the spec
for speed and held to ``reference.py`` by tests.

A key is one int, ``count << 6 | (highest qualifying card + 1)``, 0 when nothing qualifies, so
comparing keys compares (count, highest card); Palettes are disjoint, so two non-zero keys of
different players never tie.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import BELOW_4_MASK, COLOUR_MASK, EVEN_MASK, NUMBER_MASK, CardMask, colour_of, number_of
from .ruleset import HIGHEST_CARD, Ruleset

_LOWS = sum(1 << (7 * k) for k in range(7))  # the lowest bit of each number's 7-card block
_GATHER = sum(1 << (42 - 6 * k) for k in range(7))  # moves bit 7k to bit 42+k, no carries
_COLOURS = tuple(COLOUR_MASK)


def numbers_present(m: CardMask) -> int:
    """7-bit set of the numbers (bit n-1 for number n) that have a card in ``m``."""
    x = m | m >> 1
    x |= x >> 2
    x |= m >> 4 | m >> 5 | m >> 6  # bit 7k is now the OR of bits 7k..7k+6
    return ((x & _LOWS) * _GATHER) >> 42 & 127


def colours_present(m: CardMask) -> int:
    """7-bit set of colour slots (bit 6-c for colour c) that have a card in ``m``."""
    x = m | m >> 7
    x |= x >> 14
    x |= x >> 28
    return x & 127


def _runs() -> tuple[tuple[int, int, int], ...]:
    """For each 7-bit set of numbers: (length, top number, numbers mask) of the best run."""
    table = []
    for present in range(128):
        best = (0, 0, 0)
        n = 1
        while n <= 7:
            if present >> (n - 1) & 1:
                start = n
                while n + 1 <= 7 and present >> n & 1:
                    n += 1
                run = (n - start + 1, n, ((1 << (n - start + 1)) - 1) << (start - 1))
                best = max(best, run)
            n += 1
        table.append(best)
    return tuple(table)


RUNS = _runs()


def _group(g: CardMask) -> int:
    return g.bit_count() << 6 | g.bit_length() if g else 0


def key_red(m: CardMask) -> int:
    return 64 | m.bit_length() if m else 0


def key_orange(m: CardMask) -> int:
    best = 0
    base = 0
    while m:
        chunk = m & 127
        if chunk:
            k = chunk.bit_count() << 6 | (base + chunk.bit_length())
            if k > best:
                best = k
        m >>= 7
        base += 7
    return best


def key_yellow(m: CardMask) -> int:
    best = 0
    for cm in _COLOURS:
        g = m & cm
        if g:
            k = g.bit_count() << 6 | g.bit_length()
            if k > best:
                best = k
    return best


def key_green(m: CardMask) -> int:
    return _group(m & EVEN_MASK)


def key_blue(m: CardMask) -> int:
    return colours_present(m).bit_count() << 6 | m.bit_length() if m else 0


def key_indigo(m: CardMask) -> int:
    if not m:
        return 0
    length, top, _ = RUNS[numbers_present(m)]
    return length << 6 | (m & NUMBER_MASK[top]).bit_length()


def key_violet(m: CardMask) -> int:
    return _group(m & BELOW_4_MASK)


KEYS = (key_red, key_orange, key_yellow, key_green, key_blue, key_indigo, key_violet)


def key(rule: int, m: CardMask) -> int:
    return KEYS[rule](m)


def _top_card(k: int) -> int:
    """The highest qualifying card named by a non-zero key."""
    return (k & 63) - 1


def _top(m: CardMask) -> CardMask:
    return 1 << (m.bit_length() - 1) if m else 0


def qualifying_mask(rule: int, m: CardMask) -> CardMask:
    """The qualifying set that counts under ``rule`` (the best group, for grouping rules)."""
    if not m:
        return 0
    if rule == 0:
        return _top(m)
    if rule == 1:
        return m & NUMBER_MASK[number_of(_top_card(key_orange(m)))]
    if rule == 2:
        return m & COLOUR_MASK[colour_of(_top_card(key_yellow(m)))]
    if rule == 3:
        return m & EVEN_MASK
    if rule == 4:
        return sum(_top(m & cm) for cm in _COLOURS)
    if rule == 5:
        _, _, numbers = RUNS[numbers_present(m)]
        return sum(_top(m & NUMBER_MASK[n]) for n in range(1, 8) if numbers >> (n - 1) & 1)
    return m & BELOW_4_MASK


def leader(rule: int, palettes: Sequence[CardMask], out: int = 0, ruleset: Ruleset | None = None) -> int | None:
    """Index of the player winning ``rule``, or None. ``out`` is a bitmask of players out."""
    keyf = KEYS[rule]
    best = 0
    who = None
    for i, m in enumerate(palettes):
        if not out >> i & 1:
            k = keyf(m)
            if k > best:
                best, who = k, i
    if who is None and ruleset is not None and ruleset.nobody_qualifies == HIGHEST_CARD:
        for i, m in enumerate(palettes):
            if not out >> i & 1 and m.bit_length() > best:
                best, who = m.bit_length(), i
    return who


def is_winning(rule: int, palettes: Sequence[CardMask], player: int, out: int, ruleset: Ruleset) -> bool:
    return leader(rule, palettes, out, ruleset) == player
