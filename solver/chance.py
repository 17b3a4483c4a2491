"""Expected values written once for games with chance: the player maximises, every other player
minimises (the coalition), chance events average their outcomes. Plain memoised recursion under a
``search.Budget``; the game adds ``chance(state)`` to what ``search.Game`` asks."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .search import Budget


class Expectation:
    """``value(state, player)``: the expected outcome for ``player`` when ``player`` maximises it,
    the others minimise it and chance draws each outcome with its probability. The game's
    ``chance(state)`` lists ``(probability, child)`` at a chance node and is None elsewhere."""

    def __init__(self, game: Any, budget: Budget | None = None) -> None:
        self.game = game
        self.budget = budget or Budget()
        self.memo: dict[Hashable, float] = {}

    def value(self, state: Any, player: int) -> float:
        game = self.game
        self.budget.spend()
        final = game.outcome(state, player)
        if final is not None:
            return float(final)
        key = (player, game.key(state))
        if key in self.memo:
            return self.memo[key]
        outcomes = game.chance(state)
        if outcomes is not None:
            v = sum(p * self.value(child, player) for p, child in outcomes)
        elif game.to_move(state) == player:
            v = max(self.value(child, player) for child in game.children(state))
        else:
            v = min(self.value(child, player) for child in game.children(state))
        self.memo[key] = v
        return v
