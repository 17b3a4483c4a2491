"""The declarative rules of ``arbiter.model.red7.spec`` compiled to z3 terms: a Palette is 49
Booleans (one per card) and each combinator has a z3 meaning. Builders return expressions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import z3
from arbiter.model.red7.cards import card_code
from arbiter.model.red7.reference import holds, key_value
from arbiter.model.red7.ruleset import BASIC, HIGHEST_CARD, Ruleset
from arbiter.model.red7.spec import (
    NUMBER,
    RULES,
    AllMatching,
    HighestCard,
    LargestGroup,
    LongestRun,
    OnePerKey,
    Selector,
)

CARDS = range(49)
Palette = list[z3.BoolRef]  # Palette[c] is true when card c lies in the Palette


def check(s: z3.Solver | z3.Optimize, *assumptions: z3.BoolRef) -> z3.CheckSatResult:
    """``s.check(*assumptions)``, except that a Ctrl-C is a KeyboardInterrupt: z3 catches SIGINT
    itself and answers ``unknown`` (reason ``canceled``), which must not read as an open question."""
    result = s.check(*assumptions)
    if result == z3.unknown and s.reason_unknown() in ("canceled", "interrupted from keyboard"):
        raise KeyboardInterrupt
    return result


def palette(name: str) -> Palette:
    """A fresh symbolic Palette: one Boolean per card, named ``<name>_<code>``."""
    return [z3.Bool(f"{name}_{card_code(c)}") for c in CARDS]


def constant(cards: Sequence[int]) -> Palette:
    """A concrete Palette as z3 constants, for evaluating the encoding on known cards."""
    chosen = set(cards)
    return [z3.BoolVal(c in chosen) for c in CARDS]


def _difference(big: Palette, small: Palette) -> list[tuple[z3.BoolRef, int]]:
    # Card counts as pseudo-Boolean sums, so z3's SAT core counts instead of its arithmetic.
    return [(b, 1) for b in big] + [(s, -1) for s in small]


def at_least(p: Palette, n: int) -> z3.BoolRef:
    """``p`` holds at least ``n`` cards."""
    return z3.PbGe([(b, 1) for b in p], n)


def at_most(p: Palette, n: int) -> z3.BoolRef:
    """``p`` holds at most ``n`` cards."""
    return z3.PbLe([(b, 1) for b in p], n)


def more_cards(big: Palette, small: Palette, by: int = 0) -> z3.BoolRef:
    """``big`` holds at least ``by`` cards more than ``small`` (``by=0``: at least as many)."""
    return z3.PbGe(_difference(big, small), by)


def cards_more(big: Palette, small: Palette, by: int) -> z3.BoolRef:
    """``big`` holds exactly ``by`` cards more than ``small``."""
    return z3.PbEq(_difference(big, small), by)


def disjoint(palettes: Sequence[Palette]) -> z3.BoolRef:
    # Every card exists once: it lies in at most one player's Palette.
    return z3.And([z3.AtMost(*[p[c] for p in palettes], 1) for c in CARDS])


def non_empty(p: Palette) -> z3.BoolRef:
    return z3.Or(p)


def subset(small: Palette, big: Palette) -> z3.BoolRef:
    return z3.And([z3.Implies(s, b) for s, b in zip(small, big)])


def top(members: Sequence[tuple[int, z3.BoolRef]]) -> z3.ArithRef:
    """The highest card among ``(card, is_member)`` pairs, -1 when none is a member."""
    term: z3.ArithRef = z3.IntVal(-1)
    for c, m in sorted(members):
        # A stronger card is a higher int, so the last member wins.
        term = z3.If(m, c, term)
    return term


@dataclass(frozen=True)
class Candidate:
    """One set a selector names: ``guard`` says whether the selector names it at all;
    ``members`` says, card by card, whether the card belongs to it; ``count`` and ``highest``
    are its size and highest member (-1 when empty) whenever ``guard`` holds."""

    guard: z3.BoolRef
    members: tuple[tuple[int, z3.BoolRef], ...]
    count: z3.ArithRef
    highest: z3.ArithRef


_shortcuts = True  # see plain_counts()


@contextmanager
def plain_counts() -> Iterator[None]:
    """Within this block every candidate's count and highest card are read off its members, as
    written in the spec, ignoring the simpler forms the combinators know. The two agree (a test
    checks it); the plain form is what ``benchmarks/prove.py`` measures the shortcuts against."""
    global _shortcuts
    saved, _shortcuts = _shortcuts, False
    try:
        yield
    finally:
        _shortcuts = saved


def candidate(guard: z3.BoolRef, members: Sequence[tuple[int, z3.BoolRef]], count: z3.ArithRef | None = None,
              highest: z3.ArithRef | None = None) -> Candidate:
    """A candidate whose count and highest card are read off its members, unless the combinator
    knows them in a simpler form: a run's count is its length, say, not a sum over 7 cards per
    value. Proving a bound over counts then stays in z3's SAT core instead of its arithmetic (the
    largest Indigo count went from minutes to a tenth of a second)."""
    members = tuple(members)
    if not _shortcuts:
        count = highest = None
    if count is None:
        count = z3.Sum([z3.If(m, 1, 0) for _, m in members]) if members else z3.IntVal(0)
    return Candidate(guard, members, count, top(members) if highest is None else highest)


def _groups(key: str) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for c in CARDS:
        groups.setdefault(key_value(c, key), []).append(c)
    return groups


def _highest_of_its_group(p: Palette, c: int, group: list[int]) -> z3.BoolRef:
    # The card is in the Palette and no stronger card of its group is.
    return z3.And(p[c], *[z3.Not(p[d]) for d in group if d > c])


def candidates(selector: Selector, p: Palette) -> list[Candidate]:
    """The z3 meaning of each combinator: the candidate sets it names in Palette ``p``."""
    if isinstance(selector, HighestCard):
        # Each card alone is a candidate.
        return [candidate(p[c], [(c, p[c])], z3.IntVal(1), z3.IntVal(c)) for c in CARDS]
    if isinstance(selector, AllMatching):
        # Every Palette card meeting the predicate, all together.
        return [candidate(z3.BoolVal(True), [(c, p[c]) for c in CARDS if holds(selector.predicate, c)])]
    groups = _groups(selector.key)
    if isinstance(selector, LargestGroup):
        # The cards sharing one value of the key, one candidate per value.
        return [candidate(z3.BoolVal(True), [(c, p[c]) for c in g]) for g in groups.values()]
    present = {v: z3.Or([p[c] for c in g]) for v, g in groups.items()}
    tops = {c: _highest_of_its_group(p, c, g) for g in groups.values() for c in g}
    if isinstance(selector, OnePerKey):
        # The highest card of each value of the key, all together: one card per value present,
        # and the strongest of them is the strongest Palette card.
        return [candidate(z3.BoolVal(True), [(c, tops[c]) for g in groups.values() for c in g],
                          count=z3.Sum([z3.If(present[v], 1, 0) for v in groups]), highest=top(list(enumerate(p))))]
    if isinstance(selector, LongestRun):
        runs = []
        for a in groups:
            for b in groups:
                if b < a:
                    continue
                # A maximal run: every value from a to b present, the values just outside absent.
                guard = z3.And(*[present[v] for v in range(a, b + 1)],
                               *[z3.Not(present[v]) for v in (a - 1, b + 1) if v in present])
                # One card per value, the highest copy: a duplicate does not lengthen the run. So the
                # count is the run's length and its highest card the strongest Palette card of its
                # values: of value b alone for numbers, which cards are ordered by first.
                members = [(c, tops[c]) for v in range(a, b + 1) for c in groups[v]]
                values = [b] if selector.key == NUMBER else range(a, b + 1)
                runs.append(candidate(guard, members, count=z3.IntVal(b - a + 1),
                                      highest=top([(c, p[c]) for v in values for c in groups[v]])))
        return runs
    raise TypeError(f"unknown selector {selector!r}")


def beats(a: tuple[z3.ArithRef, z3.ArithRef], b: tuple[z3.ArithRef, z3.ArithRef]) -> z3.BoolRef:
    """(count, highest) ``a`` beats ``b``: more cards, or as many and a stronger highest card."""
    return z3.Or(a[0] > b[0], z3.And(a[0] == b[0], a[1] > b[1]))


@dataclass(frozen=True)
class Standing:
    """A Palette under one rule: the ``count`` and ``highest`` card (-1 when none) of the
    qualifying set that counts, ``key`` (count << 6 | highest + 1, as in ``fast.py``, 0 when
    nothing qualifies) and card-by-card ``qualifies``."""

    count: z3.ArithRef
    highest: z3.ArithRef
    qualifies: list[z3.BoolRef]

    @property
    def pair(self) -> tuple[z3.ArithRef, z3.ArithRef]:
        return self.count, self.highest

    @property
    def qualified(self) -> z3.BoolRef:
        return self.count > 0

    @property
    def key(self) -> z3.ArithRef:
        return z3.If(self.count > 0, self.count * 64 + self.highest + 1, 0)

    def decides(self, card: int) -> z3.BoolRef:
        """``card`` is the highest qualifying card."""
        return z3.And(self.count > 0, self.highest == card)


def standing(rule: int, p: Palette) -> Standing:
    """Compile rule ``rule`` (0 = Red ... 6 = Violet) from its spec over Palette ``p``."""
    cands = candidates(RULES[rule].selector, p)
    # The qualifying set that counts is the best candidate by (count, highest card): fold the
    # candidates, keeping the later one only when it beats the best so far.
    count, highest = z3.IntVal(0), z3.IntVal(-1)
    chosen: list[z3.BoolRef] = []
    for cand in cands:
        better = z3.And(cand.guard, beats((cand.count, cand.highest), (count, highest)))
        chosen = [z3.And(z3.Not(better), ch) for ch in chosen] + [better]
        count = z3.If(better, cand.count, count)
        highest = z3.If(better, cand.highest, highest)
    where: dict[int, list[z3.BoolRef]] = {c: [] for c in CARDS}
    for cand, ch in zip(cands, chosen):
        for c, m in cand.members:
            where[c].append(z3.And(ch, m))
    qualifies = [z3.Or(where[c]) if where[c] else z3.BoolVal(False) for c in CARDS]
    return Standing(count, highest, qualifies)


def winning(rule: int, palettes: Sequence[Palette], player: int, out: Sequence[bool] = (),
            ruleset: Ruleset = BASIC, standings: Sequence[Standing] | None = None) -> z3.BoolRef:
    """``player`` is winning under ``rule`` among the players not ``out`` (Palettes disjoint).

    Pass ``standings`` (one per Palette, from ``standing``) to share terms across queries."""
    if ruleset.tie_break != "deciding_group" or ruleset.out_palettes != "ignored":
        raise ValueError("the z3 encoding knows only tie_break=deciding_group and out_palettes=ignored")
    st = standings if standings is not None else [standing(rule, p) for p in palettes]
    competing = [i for i in range(len(palettes)) if not (i < len(out) and out[i])]
    if player not in competing:
        return z3.BoolVal(False)
    others = [j for j in competing if j != player]
    # Winning = more qualifying cards than anyone, ties broken by the highest qualifying card.
    by_rule = z3.And(st[player].qualified, *[beats(st[player].pair, st[j].pair) for j in others])
    if ruleset.nobody_qualifies != HIGHEST_CARD:
        return by_rule
    highest = [top(list(enumerate(p))) for p in palettes]
    nobody = z3.And([z3.Not(st[i].qualified) for i in competing])
    # Reading "highest card overall decides": when nobody qualifies, the strongest Palette card wins.
    by_card = z3.And(nobody, highest[player] >= 0, *[highest[player] > highest[j] for j in others])
    return z3.Or(by_rule, by_card)


def leader(rule: int, palettes: Sequence[Palette], out: Sequence[bool] = (), ruleset: Ruleset = BASIC) -> z3.ArithRef:
    """The index of the player winning ``rule``, or -1 when nobody is."""
    st = [standing(rule, p) for p in palettes]
    term: z3.ArithRef = z3.IntVal(-1)
    for i in reversed(range(len(palettes))):
        term = z3.If(winning(rule, palettes, i, out, ruleset, st), i, term)
    return term


def decode(model: z3.ModelRef, p: Palette) -> list[str]:
    """The card codes (strongest first) a model puts in Palette ``p``."""
    return [card_code(c) for c in reversed(CARDS) if z3.is_true(model.eval(p[c], model_completion=True))]
