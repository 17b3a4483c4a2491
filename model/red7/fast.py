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


def _block_keys(base: int) -> list[int]:
    """Orange key of each 7-bit number block whose lowest card is ``base``."""
    return [0] + [x.bit_count() << 6 | (base + x.bit_length()) for x in range(1, 128)]


def _pair_table(base: int) -> list[int]:
    """Orange key over a 14-bit slice holding the blocks of cards ``base``.. and ``base + 7``..: the
    higher block's entry unless the lower block has more cards (on equal counts the higher block
    holds the higher card). Built at import: for each count of the higher block, the lower block's
    entries that beat it (0 where they do not: no winning key is 0), so that an entry is one ``or``."""
    lo, hi = _block_keys(base), _block_keys(base + 7)
    beats = [[l if l >> 6 > count else 0 for l in lo] for count in range(8)]
    return [b or h for h in hi for b in beats[h >> 6]]


# Orange looks up a mask in four slices (numbers 1-2, 3-4, 5-6, 7). Each table already carries its
# slice's card offset, so a slice's entry is the Orange key of its best number, and the key of the
# whole mask is the max of the four entries (keys compare as (count, highest card)). The slices are
# cut from the low 28 and high 21 bits, which fit one 30-bit CPython digit each: cheaper to shift.
_LOW_28 = (1 << 28) - 1
_O0, _O1, _O2 = (_pair_table(14 * s) for s in range(3))
_O3 = _block_keys(42)


def key_orange(m: CardMask) -> int:
    lo, hi = m & _LOW_28, m >> 28
    return max(_O0[lo & 16383], _O1[lo >> 14], _O2[hi & 16383], _O3[hi >> 14])


# Yellow works in two steps. (1) Per-colour counts: bit s of every 7-bit block is colour slot s,
# so a 14-bit slice maps to a vector of seven 3-bit counts (field s at bits 3s..3s+2) and the four
# slices' vectors add without carries (a colour has only 7 cards). The table for two blocks serves
# every slice, and its first 128 entries the single top block. (2) The best count c and the set S
# of slots reaching it, looked up for slots 0-3 (12 bits, code in bits 0-6) and 4-6 (9 bits, code
# in bits 7-12) and merged by a third table into (c << 6, mask of every card of a slot in S): the
# top card among the colours counting c is the highest card of that mask, so the key is
# c << 6 | (m & mask).bit_length().
_SLOT_COUNTS_7 = [sum(1 << 3 * s for s in range(7) if x >> s & 1) for x in range(128)]
_SLOT_COUNTS = [h + l for h in _SLOT_COUNTS_7 for l in _SLOT_COUNTS_7]


def _best_slots(v: int, slots: int) -> int:
    """``best count << slots | set of the slots reaching it`` for ``slots`` 3-bit counts in v."""
    best = reaching = 0
    for s in range(slots):
        c = v >> 3 * s & 7
        if c > best:
            best, reaching = c, 1 << s
        elif c == best:
            reaching |= 1 << s
    return best << slots | reaching if best else 0


def _yellow_merge() -> list[tuple[int, CardMask]]:
    slot_cards = [sum(_LOWS << s for s in range(7) if slots >> s & 1) for slots in range(128)]
    # every entry made once, so equal entries are one object (the table holds 8192 of them)
    entries = [[(best << 6, slot_cards[slots]) if best else (0, 0) for slots in range(128)] for best in range(8)]
    # Entry b << 7 | a, a: slots 0-3 as count ca << 4 | set sa; b: slots 4-6 as count cb << 3 | set sb.
    # The higher count's slots reach the best (both sets on equal counts): entries[max(ca, cb)][(sa
    # if ca >= cb) | (sb << 4 if cb >= ca)]. For one b the 16 entries of each ca are a run of one
    # row, so the table is put together from slices (0.4 ms at import, where an entry each took 3).
    table: list[tuple[int, CardMask]] = []
    for b in range(64):
        cb, sb = b >> 3, (b & 7) << 4
        for ca in range(8):
            if ca < cb:
                table += [entries[cb][sb]] * 16
            elif ca == cb:
                table += entries[ca][sb:sb + 16]
            else:
                table += entries[ca][:16]
    return table


# Slots 0-3 from two pairs of slots (best count, set): built at import, by list comprehensions,
# which take a millisecond where a call per entry took ten.
_PAIRS = [divmod(_best_slots(x, 2), 4) for x in range(64)]
_Y_LOW = [(max(ca, cb) << 4 | (sa if ca >= cb else 0) | (sb << 2 if cb >= ca else 0)) if ca or cb else 0
          for cb, sb in _PAIRS for ca, sa in _PAIRS]
_Y_HIGH = [_best_slots(v, 3) << 7 for v in range(512)]
_Y_MERGE = _yellow_merge()


def key_yellow(m: CardMask) -> int:
    lo, hi = m & _LOW_28, m >> 28
    v = _SLOT_COUNTS[lo & 16383] + _SLOT_COUNTS[lo >> 14] + _SLOT_COUNTS[hi & 16383] + _SLOT_COUNTS[hi >> 14]
    high, cards = _Y_MERGE[_Y_LOW[v & 4095] | _Y_HIGH[v >> 12]]
    return high | (m & cards).bit_length()


def key_green(m: CardMask) -> int:
    return _group(m & EVEN_MASK)


# Blue: folding the mask onto its low 14 bits (blocks 0|4|2|6 and 1|5|3) keeps every colour present,
# and a table over those 14 bits gives the number of colours, already shifted into the count field.
_COLOUR_COUNT_7 = [x.bit_count() << 6 for x in range(128)]
_BLUE_COUNT = [_COLOUR_COUNT_7[h | l] for h in range(128) for l in range(128)]


def key_blue(m: CardMask) -> int:
    x = m | m >> 28
    x |= x >> 14
    return _BLUE_COUNT[x & 16383] | m.bit_length()


# Indigo: adding 63 to the low six bits of a block sets its bit 6 exactly when they are not all
# zero, without carrying into the next block; or-ing the block back in makes bit 6 "the number is
# present". _GATHER moves bit 7k+6 to bit 48+k; its partial products never share a bit (7k - 6j
# is distinct for distinct pairs), so there are no carries. The run tables give the run length
# (shifted into the count field) and the block of the run's top number.
_LOW_6 = 63 * _LOWS
_BIT_6 = 64 * _LOWS
_RUN_LENGTH = [length << 6 for length, _, _ in RUNS]
_RUN_TOP = [NUMBER_MASK[top] if top else 0 for _, top, _ in RUNS]


def key_indigo(m: CardMask) -> int:
    n = (((m & _LOW_6) + _LOW_6 | m) & _BIT_6) * _GATHER >> 48 & 127
    return _RUN_LENGTH[n] | (m & _RUN_TOP[n]).bit_length()


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


# Leaders, one per rule: each loop inlines its rule's key function above (tables bound as default
# arguments, so they are local reads) and keeps the first player with the greatest key, as
# ``max`` over keys would. Out players were replaced by empty Palettes, whose key is 0 under every
# rule and never wins.


def _leader_red(p: Sequence[CardMask], bit_length=int.bit_length) -> int | None:
    # Every non-zero Red key has count 1, so keys compare as bit lengths; ``max`` returns the first
    # Palette with the greatest one and ``index`` finds that same (first equal) Palette.
    top = max(p, key=bit_length, default=0)
    return p.index(top) if top else None


def _leader_orange(p: Sequence[CardMask], o0=_O0, o1=_O1, o2=_O2, o3=_O3) -> int | None:
    # A Palette's key is the max of its four slice entries, so comparing each entry with the best
    # so far (strictly) keeps the same first player with the greatest key.
    best, who = 0, None
    for i, m in enumerate(p):
        lo, hi = m & 268435455, m >> 28  # _LOW_28
        k = o0[lo & 16383]
        if k > best:
            best, who = k, i
        k = o1[lo >> 14]
        if k > best:
            best, who = k, i
        k = o2[hi & 16383]
        if k > best:
            best, who = k, i
        k = o3[hi >> 14]
        if k > best:
            best, who = k, i
    return who


def _leader_yellow(p: Sequence[CardMask], counts=_SLOT_COUNTS, low=_Y_LOW, high=_Y_HIGH, merge=_Y_MERGE) -> int | None:
    best, who = 0, None
    for i, m in enumerate(p):
        lo, hi = m & 268435455, m >> 28  # _LOW_28
        v = counts[lo & 16383] + counts[lo >> 14] + counts[hi & 16383] + counts[hi >> 14]
        k, cards = merge[low[v & 4095] | high[v >> 12]]
        k |= (m & cards).bit_length()
        if k > best:
            best, who = k, i
    return who


def _leader_green(p: Sequence[CardMask], qualifying=EVEN_MASK) -> int | None:
    best, who = 0, None
    for i, m in enumerate(p):
        g = m & qualifying
        k = g.bit_count() << 6 | g.bit_length()
        if k > best:
            best, who = k, i
    return who


def _leader_blue(p: Sequence[CardMask], colours=_BLUE_COUNT) -> int | None:
    best, who = 0, None
    for i, m in enumerate(p):
        x = m | m >> 28
        x |= x >> 14
        k = colours[x & 16383] | m.bit_length()
        if k > best:
            best, who = k, i
    return who


def _leader_indigo(p: Sequence[CardMask], low6=_LOW_6, bit6=_BIT_6, gather=_GATHER, length=_RUN_LENGTH,
                   top=_RUN_TOP) -> int | None:
    best, who = 0, None
    for i, m in enumerate(p):
        n = (((m & low6) + low6 | m) & bit6) * gather >> 48 & 127
        k = length[n] | (m & top[n]).bit_length()
        if k > best:
            best, who = k, i
    return who


def _leader_violet(p: Sequence[CardMask], qualifying=BELOW_4_MASK) -> int | None:
    return _leader_green(p, qualifying)  # the same all-matching loop over another set


_LEADERS = (_leader_red, _leader_orange, _leader_yellow, _leader_green, _leader_blue, _leader_indigo, _leader_violet)


def leader(rule: int, palettes: Sequence[CardMask], out: int = 0, ruleset: Ruleset | None = None) -> int | None:
    """Index of the player winning ``rule``, or None. ``out`` is a bitmask of players out."""
    if out and (ruleset is None or ruleset.out_palettes == "ignored"):
        palettes = [0 if out >> i & 1 else m for i, m in enumerate(palettes)]
    if ruleset is not None and ruleset.tie_break == "highest_card" and rule in _GROUP_RULES:
        who = _leader_by_highest_card(rule, palettes)
    else:
        who = _LEADERS[rule](palettes)
    if who is None and ruleset is not None and ruleset.nobody_qualifies == HIGHEST_CARD:
        return _leader_red(palettes)
    return who


_GROUP_RULES = (1, 2, 5)  # Orange, Yellow, Indigo: the rules that compare one group among several


def _leader_by_highest_card(rule: int, palettes: Sequence[CardMask]) -> int | None:
    """The ``tie_break=highest_card`` reading: equal group sizes are decided by the highest card of
    the whole Palette (every card "meets" a one-number, one-colour or run rule on its own)."""
    keys = [KEYS[rule](m) >> 6 << 6 | m.bit_length() if m else 0 for m in palettes]
    best = max(keys)
    return keys.index(best) if best else None


def is_winning(rule: int, palettes: Sequence[CardMask], player: int, out: int, ruleset: Ruleset) -> bool:
    return leader(rule, palettes, out, ruleset) == player
