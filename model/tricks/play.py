"""Bookkeeping every trick-taker shares: the seeded deal, the seat of a trick's k-th play and the
follow rule on bitmasks."""

from __future__ import annotations

import random


def shuffled_hands(seed: int, deck_size: int, players: int, hand_size: int) -> tuple[tuple[int, ...], list[int]]:
    """A seeded deal: cards ``0..deck_size-1`` shuffled by ``random.Random(seed)``, ``hand_size`` to
    each player in turn of blocks (player 0 the first block); returns the hands as bitmasks and the
    rest of the deck in order."""
    deck = list(range(deck_size))
    random.Random(seed).shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[i * hand_size:(i + 1) * hand_size]) for i in range(players))
    return hands, deck[players * hand_size:]


def seat_of(leader: int, k: int, players: int) -> int:
    """The player of a trick's ``k``-th play (0: the lead); play goes round in seat order."""
    return (leader + k) % players


def must_follow(hand: int, followers: int, free: int = 0) -> int:
    """The cards of ``hand`` a player may play to a trick: when the hand holds a card of
    ``followers`` (the colour to follow), one of those or of ``free``; otherwise any card."""
    if hand & followers:
        return hand & (followers | free)
    return hand
