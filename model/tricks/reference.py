"""The plain reading of the family's ladders: which rung a played card stands on, and which play
of a trick stands highest. Each game's reference evaluator calls these with its cards' kinds and
colours; z3 encodings compile the same values (``arbiter.proofs``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .spec import HighestOnLadder


@dataclass(frozen=True)
class Standing:
    """What a ladder sees of a play: its kind, the colour it counts as (None: no colour) and whether
    it matched an earlier card (Realms; always False in games without matches)."""

    kind: str
    colour: int | None
    matched: bool = False


def rung_of(ladder_spec: HighestOnLadder, p: Standing, ruling: int | None) -> int | None:
    """The index of the first rung that takes ``p`` under ``ruling``, None when none does."""
    for i, r in enumerate(ladder_spec.ladder.rungs):
        if p.kind not in r.kinds or (r.matched is not None and r.matched != p.matched):
            continue
        if (ruling is not None and p.colour == ruling) or (r.any_colour and p.matched):
            return i
    return None


def highest(ladder_spec: HighestOnLadder, plays: Sequence[Standing], ruling: int | None,
            cannot_win: frozenset[str] = frozenset()) -> int | None:
    """The index of the play on the highest rung under ``ruling`` (ties as the rung says), None
    when no play stands on the ladder; kinds in ``cannot_win`` are passed over."""
    best, best_rung = None, None
    for i, p in enumerate(plays):
        if p.kind in cannot_win:
            continue
        r = rung_of(ladder_spec, p, ruling)
        if r is None:
            continue
        if best_rung is None or r < best_rung or (r == best_rung and ladder_spec.ladder.rungs[r].later):
            best, best_rung = i, r
    return best
