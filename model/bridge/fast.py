"""Fast trick evaluator on ints: the highest trump, else the highest card of the suit led, by
comparing ``card`` values (within a suit a higher card is a higher int). Held to ``reference.py``."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NT, SUIT_MASK, Card, CardMask


def winner(strain: int, cards: Sequence[Card]) -> int:
    """The index of the play that wins a (complete or partial) trick at ``strain``."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        same = c // 13 == top // 13
        if (same and c > top) or (not same and strain != NT and c // 13 == strain):
            best, top = i, c
    return best


def legal(cards: Sequence[Card], hand: CardMask) -> CardMask:
    if not cards:
        return hand
    follow = hand & SUIT_MASK[cards[0] // 13]
    return follow or hand
