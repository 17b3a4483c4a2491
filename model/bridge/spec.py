"""Bridge card play as data from the trick-taking family's combinators (``model/tricks/spec.py``):
one ladder, ace down to two; trumps are the ruling colour (none at no trump) and the suit led is
the fallback; a player must follow the suit led and may play anything when void. The reference
evaluator (``reference.py``) and the z3 encoding (``arbiter.proofs.bridge``) read these values."""

from __future__ import annotations

from dataclasses import dataclass

from ..tricks.spec import Fallback, Following, HighestOnLadder, ladder_of
from .cards import RANKS

# Law 44E-F: the highest trump wins a trick holding one, otherwise the highest card of the suit led.
RANK_LADDER = HighestOnLadder(ladder_of(tuple(reversed(RANKS))))


@dataclass(frozen=True)
class TrickSpec:
    """How a bridge trick is won: ``resolution`` under the trump suit, then ``fallback`` under the
    suit led; ``following`` is the follow rule (Law 44C-D: follow suit if able, else any card)."""

    resolution: HighestOnLadder
    fallback: Fallback
    following: Following


SPEC = TrickSpec(resolution=RANK_LADDER, fallback=Fallback(RANK_LADDER),
                 following=Following(colour="lead", realm=False, free=frozenset()))
