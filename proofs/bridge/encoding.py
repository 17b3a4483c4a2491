"""Bridge's trick spec compiled to z3: a play is a (suit, rank) pair of ints, the ladder of
``model/bridge/spec.py`` read rung by rung under the trump suit and then under the suit led, as
the reference evaluator reads it (``model/tricks/reference.py``)."""

from __future__ import annotations

from dataclasses import dataclass

import z3
from arbiter.model.bridge.cards import NT, RANKS
from arbiter.model.bridge.spec import SPEC, TrickSpec
from arbiter.model.tricks.spec import HighestOnLadder

NONE = -1


@dataclass(frozen=True)
class Trick:
    """Symbolic plays: ``suits[i]`` in 0..3, ``ranks[i]`` in 0..12 (2 up to the ace); ``strain`` 0..4."""

    suits: tuple[z3.ArithRef, ...]
    ranks: tuple[z3.ArithRef, ...]
    strain: z3.ArithRef

    def domain(self) -> list[z3.BoolRef]:
        """Each play a card, no card twice, the strain a suit or no trump."""
        n = len(self.suits)
        out = [z3.And(0 <= s, s <= 3) for s in self.suits] + [z3.And(0 <= r, r <= 12) for r in self.ranks]
        out += [z3.Or(self.suits[i] != self.suits[j], self.ranks[i] != self.ranks[j])
                for i in range(n) for j in range(i + 1, n)]
        return out + [z3.And(0 <= self.strain, self.strain <= NT)]


def trick(n: int, name: str = "t") -> Trick:
    return Trick(tuple(z3.Int(f"{name}_suit{i}") for i in range(n)), tuple(z3.Int(f"{name}_rank{i}") for i in range(n)),
                 z3.Int(f"{name}_strain"))


def _rung(ladder: HighestOnLadder, t: Trick, i: int, ruling: z3.ArithRef) -> z3.ArithRef:
    """The index of the first rung that takes play ``i`` under ``ruling`` (NONE when none does):
    a rung takes a card of its kind (its rank) of the ruling colour."""
    out: z3.ArithRef = z3.IntVal(NONE)
    for k in reversed(range(len(ladder.ladder.rungs))):
        rung = ladder.ladder.rungs[k]
        ranks = [RANKS.index(kind) for kind in rung.kinds]
        on = z3.And(t.suits[i] == ruling, z3.Or([t.ranks[i] == r for r in ranks]))
        out = z3.If(on, k, out)
    return out


def _highest(ladder: HighestOnLadder, t: Trick, ruling: z3.ArithRef) -> z3.ArithRef:
    """The play on the highest rung (the lowest rung index), the earlier on a tie; NONE if none."""
    best: z3.ArithRef = z3.IntVal(NONE)
    best_rung: z3.ArithRef = z3.IntVal(NONE)
    for i in range(len(t.suits)):
        r = _rung(ladder, t, i, ruling)
        better = z3.And(r != NONE, z3.Or(best_rung == NONE, r < best_rung))
        best, best_rung = z3.If(better, i, best), z3.If(better, r, best_rung)
    return best


def winner(t: Trick, spec: TrickSpec = SPEC) -> z3.ArithRef:
    """The index of the winning play as the spec says: the highest on the ladder under the trump
    suit (none at no trump), else under the suit led."""
    trumps = _highest(spec.resolution, t, z3.If(t.strain == NT, NONE, t.strain))
    assert spec.fallback.lead_colour is not None
    return z3.If(trumps != NONE, trumps, _highest(spec.fallback.lead_colour, t, t.suits[0]))


def law_44(t: Trick) -> z3.ArithRef:
    """Law 44 said directly: a play wins when no other play is a higher trump, and, when it is not
    a trump, it is of the suit led, no trump is played and no other play of the suit led is higher."""
    n = len(t.suits)

    def trump(i: int) -> z3.BoolRef:
        return z3.And(t.strain != NT, t.suits[i] == t.strain)

    def wins(i: int) -> z3.BoolRef:
        others = [j for j in range(n) if j != i]
        by_trump = z3.And(trump(i), *[z3.Or(z3.Not(trump(j)), t.ranks[j] < t.ranks[i]) for j in others])
        by_suit = z3.And(t.suits[i] == t.suits[0], *[z3.Not(trump(j)) for j in range(n)],
                         *[z3.Or(t.suits[j] != t.suits[0], t.ranks[j] < t.ranks[i]) for j in others])
        return z3.Or(by_trump, by_suit)

    out: z3.ArithRef = z3.IntVal(NONE)
    for i in reversed(range(n)):
        out = z3.If(wins(i), i, out)
    return out
