"""Seeded bridge positions for the solver tests: full deals and their endings at a trick boundary,
reached by random legal play from the deal (seed-determined)."""

from __future__ import annotations

import random

from arbiter.model.bridge import game


def ending(seed: int, cards: int) -> game.Position:
    """Deal ``seed`` played at random (seed ``seed``) until every hand holds ``cards`` cards."""
    pos = game.deal(seed=seed)
    rng = random.Random(seed)
    while pos.hands[0].bit_count() > cards or pos.trick:
        pos = game.successor(pos, rng.choice(game.legal_moves(pos)).card)
    return pos
