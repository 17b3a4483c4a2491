"""The deciding-card table: for each rule, card and number of opponents (1-3, non-empty Palettes),
can that card be the highest qualifying card of the winning Palette? A smallest witness for every
yes, an unsat proof for every no."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

import z3
from arbiter.model.red7 import fast
from arbiter.model.red7.cards import COLOUR_NAMES, card_code, codes

from . import encoding as E

OPPONENTS = (1, 2, 3)


@dataclass(frozen=True)
class Cell:
    """One entry: under ``rule`` against ``opponents`` opponents, can ``card`` decide?

    ``witness`` lists the Palettes (player 0 winning, card codes) of a smallest example for a yes;
    a no carries none, as z3 proved the query unsatisfiable."""

    rule: int
    card: int
    opponents: int
    decides: bool
    witness: tuple[tuple[str, ...], ...] | None

    def to_json(self) -> dict:
        obj = {"rule": COLOUR_NAMES[self.rule], "card": card_code(self.card), "opponents": self.opponents,
               "decides": self.decides}
        if self.witness is not None:
            obj["witness"] = {"palettes": [list(p) for p in self.witness]}
        return obj


SEARCH_LIMIT = 3  # winner Palette sizes tried by the plain search before z3 alone decides


def _shrunk_opponents(rule: int, winner: int, opponents: int) -> list[int]:
    """The ``opponents`` single cards outside ``winner`` that stand weakest alone under ``rule``."""
    weakest = sorted((c for c in E.CARDS if not winner >> c & 1), key=lambda c: (fast.key(rule, 1 << c), c))
    return weakest[:opponents]


def _search(rule: int, card: int, opponents: int, limit: int = SEARCH_LIMIT) -> tuple[int, list[int]] | None:
    """Plain search for a smallest witness: winner Palettes holding ``card``, by growing size,
    against the weakest single-card opponents. Removing Palette cards never raises a standing
    (theorem monotone/<rule>), so any witness shrinks to single-card opponents, and against
    single cards the weakest ones are the best choice: the first hit is a smallest witness."""
    others = [c for c in E.CARDS if c != card]
    for extra in range(limit):
        for chosen in combinations(others, extra):
            winner = 1 << card | sum(1 << c for c in chosen)
            k = fast.key(rule, winner)
            if not k or (k & 63) - 1 != card:
                continue
            rivals = _shrunk_opponents(rule, winner, opponents)
            if all(k > fast.key(rule, 1 << c) for c in rivals):
                return winner, rivals
    return None


class _Query:
    """One solver for a rule and a number of opponents, shared by the 49 cards through
    assumptions: ``decides[c]`` switches on "card c decides"."""

    def __init__(self, rule: int, opponents: int) -> None:
        self.rule, self.opponents = rule, opponents
        self.palettes = [E.palette(f"p{i}") for i in range(opponents + 1)]
        standings = [E.standing(rule, p) for p in self.palettes]
        self.solver = z3.SimpleSolver()
        # Every card lies in at most one Palette.
        self.solver.add(E.disjoint(self.palettes))
        # Every player, the winner and each opponent, has a non-empty Palette.
        self.solver.add(*[E.non_empty(p) for p in self.palettes])
        # Player 0 is winning under the rule.
        self.solver.add(E.winning(rule, self.palettes, 0, standings=standings))
        self.decides = [z3.Bool(f"decides_{card_code(c)}") for c in E.CARDS]
        for c in E.CARDS:
            # The deciding card is the highest qualifying card of the winning Palette.
            self.solver.add(z3.Implies(self.decides[c], standings[0].decides(c)))

    def cell(self, card: int) -> Cell:
        found = _search(self.rule, card, self.opponents)
        if found is not None:
            masks = [found[0]] + [1 << c for c in found[1]]
            fixed = [p[c] if m >> c & 1 else z3.Not(p[c]) for p, m in zip(self.palettes, masks) for c in E.CARDS]
            # z3 confirms the plain search's witness against the compiled rule.
            if E.check(self.solver, self.decides[card], *fixed) != z3.sat:
                raise AssertionError(f"z3 rejects the witness {codes(found[0])} for {card_code(card)}")
            return Cell(self.rule, card, self.opponents, True, tuple(tuple(codes(m)) for m in masks))
        result = E.check(self.solver, self.decides[card])
        if result == z3.unsat:
            return Cell(self.rule, card, self.opponents, False, None)
        if result == z3.sat:  # a witness beyond the search limit: z3's model, not proved smallest
            model = self.solver.model()
            return Cell(self.rule, card, self.opponents, True, tuple(tuple(E.decode(model, p)) for p in self.palettes))
        raise RuntimeError(f"z3 gave {result} for {card_code(card)} under {COLOUR_NAMES[self.rule]}")


@cache
def table(rule: int, opponents: int) -> tuple[Cell, ...]:
    """The 49 cells of one rule against ``opponents`` opponents, weakest card first."""
    query = _Query(rule, opponents)
    return tuple(query.cell(c) for c in E.CARDS)


def deciding_table(rules: range | tuple[int, ...] = range(7), opponents: tuple[int, ...] = OPPONENTS) -> list[Cell]:
    """Every cell for ``rules`` x 49 cards x ``opponents`` (computed once per process)."""
    return [cell for r in rules for k in opponents for cell in table(r, k)]


def never_decides(opponents: tuple[int, ...] = OPPONENTS) -> dict[str, list[str]]:
    """Per rule name, the cards (strongest first) that decide against none of ``opponents``."""
    result = {}
    for r in range(7):
        ever = {c.card for k in opponents for c in table(r, k) if c.decides}
        result[COLOUR_NAMES[r]] = [card_code(c) for c in reversed(E.CARDS) if c not in ever]
    return result
