"""Which cards can win a trick under each reading: for every card a canonical witness trick (the
fewest plays, then the lowest cards in play order, then marker and choices), replayed by the engine
from a deal, or a z3 proof that it wins no trick of any size a game has (2 to 6 plays)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import z3
from arbiter.model.realms.cards import CYCLONE, DECK_SIZE, card_code, is_purple
from arbiter.model.realms.game import MAX_PLAYERS, MIN_PLAYERS
from arbiter.model.realms.reference import resolve
from arbiter.model.realms.ruleset import Ruleset, readings
from arbiter.model.realms.spec import trick_spec

from . import encoding as E
from .replay import Disagreement, decoded, plays_of, replay

SIZES = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))  # every trick a game has: one play per player


def reading_name(rs: Ruleset) -> str:
    """``default`` or the switches that differ from it (``resolution=nuance``)."""
    text = str(rs)
    return text.removeprefix("default,")


@dataclass(frozen=True)
class Cell:
    """Under ``reading``, can ``card`` win a trick? ``witness`` is the decoded smallest trick it
    wins (None for a no: z3 found every query unsatisfiable)."""

    reading: str
    card: int
    wins: bool
    witness: dict | None

    def to_json(self) -> dict:
        obj = {"reading": self.reading, "card": card_code(self.card), "wins": self.wins}
        if self.witness is not None:
            obj["witness"] = self.witness
        return obj


def _choices(c: int, lead: bool) -> range:
    return range(4) if c == CYCLONE or (lead and is_purple(c)) else range(1)


def _two_card_witnesses(rs: Ruleset) -> dict[int, tuple[int, list]]:
    """The least two-card trick each card wins, by a plain scan in canonical order."""
    sp = trick_spec(rs)
    found: dict[int, tuple[int, list]] = {}
    for a in range(DECK_SIZE):
        for b in range(DECK_SIZE):
            if a == b:
                continue
            for ruling in range(4):
                for x in _choices(a, True):
                    for y in _choices(b, False):
                        plays = [(a, x if _choices(a, True).stop > 1 else None),
                                 (b, y if _choices(b, False).stop > 1 else None)]
                        w = resolve(sp, ruling, plays).winner
                        if w is not None and plays[w][0] not in found:
                            found[plays[w][0]] = (ruling, plays)
    return found


def canonical(s: z3.Solver, t: E.Trick) -> dict:
    """The lexicographically least model of ``s`` (cards in order, then marker, then choices), decoded."""
    for x in [*t.cards, t.ruling, *t.choices]:
        lo, hi = 0, DECK_SIZE - 1
        while lo < hi:
            mid = (lo + hi) // 2
            s.push()
            s.add(x <= mid)
            ok = s.check() == z3.sat
            s.pop()
            lo, hi = (lo, mid) if ok else (mid + 1, hi)
        s.add(x == lo)
    s.check()
    return E.decode(s.model(), t)


def card_at(t: E.Trick, i: z3.ArithRef) -> z3.ArithRef:
    """The card at symbolic index ``i`` of the trick."""
    term = t.cards[-1]
    for j in range(len(t.cards) - 2, -1, -1):
        term = z3.If(i == j, t.cards[j], term)
    return term


def _confirmed(rs: Ruleset, card: int, witness: dict) -> dict:
    """The witness, once the z3 terms and the engine (from a deal) both say ``card`` wins it."""
    ruling, plays = plays_of(witness)
    t = E.constant([c for c, _ in plays], [x for _, x in plays], ruling)
    by_z3 = z3.simplify(E.winner(trick_spec(rs), t)).as_long()
    by_engine = replay(rs, ruling, plays).winner
    if by_z3 < 0 or plays[by_z3][0] != card or by_engine != by_z3:
        raise Disagreement(f"{card_code(card)} witness {witness['cards']}: z3 names {by_z3}, the engine {by_engine}", witness)
    return witness


@cache
def table(rs: Ruleset) -> tuple[Cell, ...]:
    """The 65 cells of a reading, in card order."""
    name = reading_name(rs)
    two = _two_card_witnesses(rs)
    sp = trick_spec(rs)
    cells = []
    for c in range(DECK_SIZE):
        if c in two:
            cells.append(Cell(name, c, True, _confirmed(rs, c, decoded(*two[c]))))
            continue
        witness = None
        for k in SIZES[1:]:
            t, dom = E.trick(k)
            s = z3.SimpleSolver()
            s.add(dom, E.winner(sp, t) >= 0, card_at(t, E.winner(sp, t)) == c)
            result = s.check()
            if result == z3.sat:
                witness = _confirmed(rs, c, canonical(s, t))
                break
            if result != z3.unsat:
                raise RuntimeError(f"z3 gave {result} for {card_code(c)} under {name}")
        cells.append(Cell(name, c, witness is not None, witness))
    return tuple(cells)


def never_wins(rules: list[Ruleset] | None = None) -> dict[str, list[str]]:
    """Per reading name, the cards that win no trick (default and every reading one switch away)."""
    return {reading_name(rs): [card_code(c.card) for c in table(rs) if not c.wins] for rs in rules or readings()}
