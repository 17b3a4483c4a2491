"""The forced-win question for any number of players: can ``player`` win whatever the others do,
even cooperating? Every other player is one opponent (the coalition), so it is a two-sided search;
with two players it is the plain game value. Also: the principal line and the cards of a winning line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .search import Search


def forced_winner(search: Search, state: Any, players: list[int]) -> int | None:
    """The one player among ``players`` who can force a win, or None. At most one can: two such
    strategies played against each other would both have to win."""
    for p in players:
        if search.wins(state, p):
            return p
    return None


def principal_line(search: Search, state: Any, player: int, exact: bool, moves: Callable[[Any], list],
                   max_length: int = 200) -> list:
    """A line of best play from ``state``, which ``player`` wins: ``player`` keeps the value (with
    ``exact``, the exact value, else the win); the others play a move holding that value, a
    non-losing-at-once move when every move is equal (pass is ordered last by the game)."""
    game = search.game
    line = []
    target = search.value(state, player) if exact else None
    while game.outcome(state, player) is None and len(line) < max_length:
        options = moves(state)
        chosen = None
        for move, child in options:
            if exact:
                if search.value(child, player, target - 1, target + 1) == target:
                    chosen = (move, child)
                    break
            elif search.wins(child, player):
                chosen = (move, child)
                break
        if chosen is None:  # only reached when the table lost an entry mid-line; the value is still sound
            break
        line.append(chosen[0])
        state = chosen[1]
    return line


def live_marks(search: Search, state: Any, player: int, interest: int, moves: Callable[[Any], list],
               mark: Callable[[Any, Any], int], held: Callable[[Any], int]) -> int:
    """The union of ``mark(before, after)`` over ``player``'s turns on every line where ``player``
    keeps a forced win from ``state`` (which must be won), restricted to ``interest``.

    A node is expanded only while some card of ``interest`` it still ``held`` is not yet found:
    nothing below it can add a new one otherwise."""
    game = search.game
    found = 0
    seen = set()
    stack = [state]
    while stack and found != interest:
        s = stack.pop()
        if game.outcome(s, player) is not None:
            continue
        k = game.key(s)
        if k in seen or not held(s) & interest & ~found:
            continue
        seen.add(k)
        search.budget.spend()
        mine = game.to_move(s) == player
        for move, child in moves(s):
            if mine:
                if not search.wins(child, player):
                    continue
                found |= mark(s, child) & interest
            stack.append(child)  # at the others' turns every move still loses to player
    return found
