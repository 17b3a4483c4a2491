"""The plain reading of the family's ladders: which rung a played card stands on, and which play
of a trick stands highest. Each game's reference evaluator calls these with its cards' kinds and
colours; z3 encodings compile the same values (``arbiter.proofs``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .spec import HighestOnLadder


@dataclass(frozen=True)
class Standing:
    """What a ladder sees of a play: its kind, the colour it counts as (None: no colour), whether
    it matched an earlier card and whether it is wild, a card with no colour of its own (Realms'
    Purples; both always False in games without them)."""

    kind: str
    colour: int | None
    matched: bool = False
    wild: bool = False


def rung_of(ladder_spec: HighestOnLadder, p: Standing, ruling: int | None, partner: int | None = None) -> int | None:
    """The index of the first rung that takes ``p`` under ``ruling`` (``partner``: the ruling
    colour's partner colour, for rungs that take it), None when none does."""
    for i, r in enumerate(ladder_spec.ladder.rungs):
        if p.kind not in r.kinds or (r.matched is not None and r.matched != p.matched):
            continue
        if (ruling is not None and p.colour == ruling) or (r.any_colour and p.matched) \
                or (r.partner and partner is not None and p.colour == partner):
            return i
    return None


def highest(ladder_spec: HighestOnLadder, plays: Sequence[Standing], ruling: int | None,
            cannot_win: frozenset[str] = frozenset(), partner: int | None = None) -> int | None:
    """The index of the play on the highest rung under ``ruling`` (ties as the rung says), None
    when no play stands on the ladder; kinds in ``cannot_win`` are passed over."""
    rungs = ladder_spec.ladder.rungs
    best, best_rung = None, None
    for i, p in enumerate(plays):
        if p.kind in cannot_win:
            continue
        r = rung_of(ladder_spec, p, ruling, partner)
        if r is None:
            continue
        if best_rung is None or r < best_rung:
            best, best_rung = i, r
        elif r == best_rung:
            assert best is not None
            if rungs[r].coloured and plays[best].wild != p.wild:
                if plays[best].wild:
                    best = i  # a tie: the card with a colour of its own ranks above the wild one
            elif rungs[r].later:
                best = i
    return best
