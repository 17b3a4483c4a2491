"""Who wins when every player plays for itself, written once for games with one winner: max-n with
one-hot payoffs and a stated tie rule, solved exactly with a memo under a ``search.Budget``.

The rule at each player's turn: win if some move lets it (it then wins whatever it picks among
those); when none does, play against ``asker`` (paranoid: the first move, in the game's order, after
which ``asker`` does not win), and when every move lets ``asker`` win, the first move. So the value
answers "does ``asker`` win against opponents who each want to win and, failing that, want ``asker``
not to?". It is at least the coalition answer (every other player against ``asker``) and at most
"some line wins". The game gives ``key``, ``to_move``, ``children`` and ``winner(state)`` (None
while play goes on)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .search import Budget


class SelfInterested:
    """``winner(state, asker)``: the winner under the rule above; ``wins(state, asker)`` asks it of ``asker``."""

    def __init__(self, game: Any, budget: Budget | None = None) -> None:
        self.game = game
        self.budget = budget or Budget()
        self.memo: dict[Hashable, int] = {}

    def wins(self, state: Any, asker: int) -> bool:
        return self.winner(state, asker) == asker

    def winner(self, state: Any, asker: int) -> int:
        game = self.game
        self.budget.spend()
        w = game.winner(state)
        if w is not None:
            return w
        key = (asker, game.key(state))
        got = self.memo.get(key)
        if got is not None:
            return got
        mover = game.to_move(state)
        result = fallback = None
        for child in game.children(state):
            v = self.winner(child, asker)
            if v == mover:
                result = v
                break
            if fallback is None and v != asker:
                fallback = v
        if result is None:
            result = fallback if fallback is not None else asker
        self.memo[key] = result
        return result


__all__ = ["SelfInterested"]
