"""The Realms trick spec of ``arbiter.model.realms.spec`` compiled to z3: a trick of ``k`` cards is
``k`` Int card variables (distinct, 0..64) with colour choices and a starting marker; every
combinator (matching, ladders, last match, Special order, Purple rule, effects, fallback) has a z3
meaning. Builders return expressions; ``winner`` is the index of the winning card or -1."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import z3
from arbiter.model.realms.cards import DECK_SIZE, card_code, colour_of, is_number, is_purple, kind_of, number_of
from arbiter.model.realms.spec import HighestOnLadder, LastMatch, Matching, TrickSpec

CARDS = range(DECK_SIZE)
NONE = -1
KINDS = sorted({kind_of(c) for c in CARDS})


_MEMO: dict[tuple, z3.ExprRef] = {}


def _table(x: z3.ArithRef, value: Callable[[int], int]) -> z3.ArithRef:
    """``value(x)`` for a symbolic card ``x``, as a chain of Ifs over the deck (folded for a
    constant card; built once per card variable and attribute)."""
    if z3.is_int_value(x):
        return z3.IntVal(value(x.as_long()))
    key = (x.get_id(), value)
    if key not in _MEMO:
        term = z3.IntVal(value(DECK_SIZE - 1))
        for c in range(DECK_SIZE - 2, -1, -1):
            term = z3.If(x == c, value(c), term)
        _MEMO[key] = term
    return _MEMO[key]


def _colour(c: int) -> int:
    return NONE if colour_of(c) is None else colour_of(c)


def _kind(c: int) -> int:
    return KINDS.index(kind_of(c))


def _number(c: int) -> int:
    return number_of(c) or 0


def colour(x: z3.ArithRef) -> z3.ArithRef:
    return _table(x, _colour)


def kind(x: z3.ArithRef) -> z3.ArithRef:
    return _table(x, _kind)


def purple(x: z3.ArithRef) -> z3.BoolRef:
    if z3.is_int_value(x):
        return z3.BoolVal(is_purple(x.as_long()))
    return z3.Or([x == c for c in CARDS if is_purple(c)])


def _in_kinds(x: z3.ArithRef, kinds: frozenset[str]) -> z3.BoolRef:
    if z3.is_int_value(x):
        return z3.BoolVal(kind_of(x.as_long()) in kinds)
    return z3.Or([x == c for c in CARDS if kind_of(c) in kinds] or [z3.BoolVal(False)])


def _numbers_only(c: int) -> int:
    return number_of(c) if is_number(c) else 0


def match_number(m: Matching, x: z3.ArithRef) -> z3.ArithRef:
    """The number a card shows for matching (0: none)."""
    return _table(x, _number if m.purples else _numbers_only)


def matches(m: Matching, a: z3.ArithRef, b: z3.ArithRef) -> z3.BoolRef:
    """Card ``a`` (later) matches card ``b`` (earlier): the same number, or picture type."""
    na, nb = match_number(m, a), match_number(m, b)
    same_kind = kind(a) == kind(b)
    realm = z3.And(colour(a) >= 0, colour(b) >= 0, colour(a) / 2 == colour(b) / 2)
    return z3.Or(z3.And(na > 0, na == nb),
                 z3.And(same_kind, _in_kinds(a, m.pictures)),
                 z3.And(same_kind, _in_kinds(a, m.within_realm), realm))


def partner(r: z3.ArithRef) -> z3.ArithRef:
    return z3.If(r == 0, 1, z3.If(r == 1, 0, z3.If(r == 2, 3, 2)))


@dataclass
class Trick:
    """A symbolic trick: cards, colour choices (used by a leading Purple and the Cyclone) and the
    marker before the lead."""

    cards: list[z3.ArithRef]
    choices: list[z3.ArithRef]
    ruling: z3.ArithRef


def trick(k: int, name: str = "t") -> tuple[Trick, z3.BoolRef]:
    """A fresh trick of ``k`` cards and its domain constraint."""
    t = Trick([z3.Int(f"{name}_card{i}") for i in range(k)], [z3.Int(f"{name}_choice{i}") for i in range(k)],
              z3.Int(f"{name}_ruling"))
    dom = [z3.And(0 <= x, x < DECK_SIZE) for x in t.cards] + [z3.And(0 <= y, y < 4) for y in t.choices]
    dom += [z3.And(0 <= t.ruling, t.ruling < 4)]
    if k > 1:
        dom.append(z3.Distinct(*t.cards))
    return t, z3.And(dom)


def constant(cards: Sequence[int], choices: Sequence[int | None], ruling: int) -> Trick:
    return Trick([z3.IntVal(c) for c in cards], [z3.IntVal(0 if x is None else x) for x in choices], z3.IntVal(ruling))


@dataclass
class Walk:
    colours: list[z3.ArithRef]
    matched: list[z3.BoolRef]
    markers: list[z3.ArithRef]


def walk(spec: TrickSpec, t: Trick) -> Walk:
    """Each card's colour, whether it matched, and the marker after it (the reference's ``walk``)."""
    ruling = t.ruling
    colours, matched, markers = [], [], []
    effects = spec.effects
    unset = nominated = z3.BoolVal(False)
    for i, x in enumerate(t.cards):
        if i == 0:
            col = z3.If(purple(x), t.choices[0], colour(x))
            m = z3.BoolVal(False)
            ruling = z3.If(col >= 0, col, ruling)  # the lead sets the ruling colour
            nominated = purple(x)
            # after a colourless lead the first card with a colour sets the ruling colour (first_colour)
            unset = z3.And(z3.BoolVal(spec.lead.colourless == "first_colour"), col < 0)
        else:
            following = z3.IntVal(NONE) if spec.purple.follows_as == "none" else ruling
            col = z3.If(purple(x), following, colour(x))
            m = z3.Or([matches(spec.matching, x, y) for y in t.cards[:i]])
            if spec.matching.shift:  # a colour match only when it shifts the marker
                m = z3.And(m, col >= 0, col != ruling)
            new = z3.If(z3.And(m, col >= 0), col, ruling)  # Colour Match Override
            sets = z3.And(unset, colour(x) >= 0)
            new = z3.If(sets, col, new)
            unset = z3.And(unset, z3.Not(sets))
            nominated = z3.And(nominated, new == ruling)
            ruling = new
        flips = _in_kinds(x, effects.flip)
        if effects.keep_nominated:  # Realm links are ignored for Purple nominations
            flips = z3.And(flips, z3.Not(nominated))
        ruling = z3.If(flips, partner(ruling), ruling)
        chooses = _in_kinds(x, effects.choose)
        ruling = z3.If(chooses, t.choices[i], ruling)
        nominated = z3.And(nominated, z3.Not(flips), z3.Not(chooses))
        unset = z3.And(unset, z3.Not(_in_kinds(x, effects.flip | effects.choose)))
        colours.append(col)
        matched.append(m)
        markers.append(ruling)
    if spec.purple.follows_as == "resolution":  # a following Purple counts as the final marker's colour
        colours = [colours[0]] + [z3.If(purple(x), ruling, colours[i]) for i, x in enumerate(t.cards) if i]
    return Walk(colours, matched, markers)


def _rung(ladder: HighestOnLadder, x: z3.ArithRef, col: z3.ArithRef, m: z3.BoolRef,
          ruling: z3.ArithRef) -> z3.ArithRef:
    """The index of the first rung that takes the card, or a large number for none."""
    rungs = ladder.ladder.rungs
    term = z3.IntVal(len(rungs))
    for i in range(len(rungs) - 1, -1, -1):
        r = rungs[i]
        takes = [_in_kinds(x, r.kinds)]
        if r.matched is not None:
            takes.append(m if r.matched else z3.Not(m))
        takes.append(z3.Or(col == ruling, z3.And(m, z3.BoolVal(r.any_colour)),
                           z3.And(z3.BoolVal(r.partner), col >= 0, col == partner(ruling))))
        term = z3.If(z3.And(takes), i, term)
    return term


def _rungs_where(ladder: HighestOnLadder, rung: z3.ArithRef, attribute: str) -> z3.BoolRef:
    return z3.Or([rung == i for i, r in enumerate(ladder.ladder.rungs) if getattr(r, attribute)]
                 or [z3.BoolVal(False)])


def _highest(spec: TrickSpec, ladder: HighestOnLadder, t: Trick, w: Walk, ruling: z3.ArithRef) -> z3.ArithRef:
    n = len(ladder.ladder.rungs)
    rungs = [z3.If(_in_kinds(x, spec.specials.cannot_win), n, _rung(ladder, x, w.colours[i], w.matched[i], ruling))
             for i, x in enumerate(t.cards)]
    best = z3.IntVal(NONE)
    for i in range(len(t.cards) - 1, -1, -1):
        beats = []
        for j in range(len(t.cards)):
            if j == i:
                continue
            level = rungs[i] == rungs[j]
            # on a tie a card with a colour of its own ranks above a Purple (number_tie=coloured) ...
            by_colour = z3.And(_rungs_where(ladder, rungs[i], "coloured"), purple(t.cards[i]) != purple(t.cards[j]))
            # ... else the later or the earlier card keeps it
            by_time = _rungs_where(ladder, rungs[i], "later") == (i > j)
            beats.append(z3.Or(rungs[j] == n, rungs[i] < rungs[j],
                               z3.And(level, z3.If(by_colour, z3.Not(purple(t.cards[i])), by_time))))
        best = z3.If(z3.And(rungs[i] < n, *beats), i, best)
    return best


def _index_of(t: Trick, card_kinds: frozenset[str]) -> z3.ArithRef:
    term = z3.IntVal(NONE)
    for i in range(len(t.cards) - 1, -1, -1):
        term = z3.If(_in_kinds(t.cards[i], card_kinds), i, term)
    return term


def _top_purple(t: Trick, w: Walk, ruling: z3.ArithRef) -> z3.ArithRef:
    """The Purple that is the highest number of the ruling colour, no other card of its number (-1: none)."""
    nums = [z3.If(z3.And(w.colours[i] == ruling, _in_kinds(x, frozenset(str(n) for n in range(1, 10)))),
                  _table(x, _number), 0) for i, x in enumerate(t.cards)]
    top = z3.IntVal(NONE)
    for i in range(len(t.cards) - 1, -1, -1):
        top = z3.If(z3.And(nums[i] > 0, purple(t.cards[i]), *[nums[i] > nums[j] for j in range(len(t.cards)) if j != i]),
                    i, top)
    return top


def winner(spec: TrickSpec, t: Trick) -> z3.ArithRef:
    """The index of the winning card, or -1 (the reference's ``winner``)."""
    w = walk(spec, t)
    ruling = w.markers[-1]
    any_match = z3.Or(w.matched)
    fallback = z3.IntVal(NONE)
    if spec.fallback.lead_colour is not None:
        fallback = z3.If(w.colours[0] >= 0, _highest(spec, spec.fallback.lead_colour, t, w, w.colours[0]), NONE)
    resolution = spec.resolution
    last = z3.IntVal(NONE)
    if isinstance(resolution, LastMatch):
        for i in range(len(t.cards)):
            last = z3.If(z3.And(w.matched[i], z3.Not(_in_kinds(t.cards[i], spec.specials.cannot_win))), i, last)
        resolution = resolution.otherwise
    result = _highest(spec, resolution, t, w, ruling)
    if spec.purple.sufficient:  # where rank decides, the highest number wins when it is a Purple
        top = _top_purple(t, w, ruling)
        result = z3.If(top >= 0, top, result)
    result = z3.If(last >= 0, last, z3.If(result >= 0, result, fallback))
    for s in reversed(spec.specials.winners):
        at = _index_of(t, frozenset({s}))
        allowed = z3.Not(any_match) if s in spec.specials.yield_to_match else z3.BoolVal(True)
        if s in spec.specials.yield_to_later:  # a later valid match outranks earlier plays
            allowed = z3.And(allowed, z3.Not(z3.Or([z3.And(at < i, w.matched[i]) for i in range(len(t.cards))])))
        result = z3.If(z3.And(at >= 0, allowed), at, result)
    return result


def marker_after(spec: TrickSpec, t: Trick) -> z3.ArithRef:
    return walk(spec, t).markers[-1]


def decode(model: z3.ModelRef, t: Trick) -> dict:
    """A model's trick as card codes (a leading Purple's and the Cyclone's colour after ``=``)."""
    from arbiter.model.realms.cards import COLOUR_NAMES, CYCLONE

    cards = []
    for i, x in enumerate(t.cards):
        c = model.eval(x, model_completion=True).as_long()
        text = card_code(c)
        if c == CYCLONE or (i == 0 and is_purple(c)):
            text += "=" + COLOUR_NAMES[model.eval(t.choices[i], model_completion=True).as_long()]
        cards.append(text)
    return {"ruling": COLOUR_NAMES[model.eval(t.ruling, model_completion=True).as_long()], "cards": cards}
