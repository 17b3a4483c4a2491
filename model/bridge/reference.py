"""Plain reference evaluator of bridge's trick spec through the family's ladder reading: obviously
correct, slow. ``fast.py`` is held to it by tests."""

from __future__ import annotations

from collections.abc import Sequence

from ..tricks.play import must_follow
from ..tricks.reference import Standing, highest
from .cards import NT, RANKS, SUIT_MASK, Card, CardMask, rank_of, suit_of
from .spec import SPEC, TrickSpec


def standing(c: Card) -> Standing:
    return Standing(RANKS[rank_of(c)], suit_of(c))


def winner(strain: int, cards: Sequence[Card], spec: TrickSpec = SPEC) -> int:
    """The index of the play that wins a (complete or partial) trick at ``strain``."""
    plays = [standing(c) for c in cards]
    found = highest(spec.resolution, plays, None if strain == NT else strain)
    if found is None and spec.fallback.lead_colour is not None:
        found = highest(spec.fallback.lead_colour, plays, plays[0].colour)
    assert found is not None, "the lead always stands on the ladder of its own suit"
    return found


def may_play(cards: Sequence[Card], hand: CardMask, spec: TrickSpec = SPEC) -> CardMask:
    """The cards of ``hand`` that may be played to a trick holding ``cards`` (all when leading)."""
    if not cards:
        return hand
    assert spec.following.colour == "lead" and not spec.following.free
    return must_follow(hand, SUIT_MASK[suit_of(cards[0])])
