"""What happens when every player plays for itself, written once for every game: max-n with a stated
tie rule, solved exactly with a memo under a ``search.Budget``.

At each player's turn the player takes a move that gives it the most (its own payoff, expected).
Among moves equally good for it the tie rule decides:

- ``UNIFORM`` (the self-interested measure): each of them is as likely (a player who cannot do better
  for itself does not care which it plays), and chance is taken by its probabilities; the values are
  then expected payoffs (exact fractions);
- ``PARANOID``: the one worst for ``asker`` (then the first in the game's order), and chance at its
  worst for ``asker``. With one winner this is exactly the coalition's question (every other player
  against ``asker``): at another player's turn ``asker`` wins if and only if it wins after every move
  (a move where the mover wins is one where ``asker`` does not), at its own if some move wins, the
  same recursion as the forced win. It is kept to state, and test, that equivalence.

A state's value is the tuple of each player's expected payoff and, last, ``asker``'s expected worth
(``worth(payoffs, asker)`` of each outcome: its own payoff by default, Stick to Colours its margin).

With one winner the payoffs are one-hot (``winner(state)``; nobody: all 0). A game with one winner may
also give ``forced(state, player)``: whether ``player`` can force a win against all the others together
(the coalition search, e.g. a compiled core). Such a player wins under either rule (its win holds
against any play, and it plays to win), so a state where some player forces, or a move after which
the mover forces, is settled at once: on 3-player Red7 first turns that spares nine tenths of the time.

The game gives ``key``, ``to_move`` (None for chance), ``children`` (for chance ``chance(state)``:
(probability, state) pairs) and either ``winner(state)`` (one winner, or ``NOBODY``; None while play
goes on) or ``payoffs(state)`` (one number per player, None while play goes on)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from .search import Budget

UNIFORM, PARANOID = "uniform", "paranoid"
NOBODY = -1  # ``winner`` of a game that ended with no winner (a Realms trick nobody takes)

Values = tuple  # each player's expected payoff, then the asker's expected worth


class SelfInterested:
    """``values(state, asker)`` under the rule above (``tie``); ``value(state, asker)`` the asker's
    expected worth; ``wins(state, asker)`` whether it is positive. ``players`` is the number of
    payoffs of a game with one winner."""

    def __init__(self, game: Any, budget: Budget | None = None, forced: Callable[[Any, int], bool] | None = None,
                 players: int | None = None, tie: str = UNIFORM) -> None:
        if tie not in (UNIFORM, PARANOID):
            raise ValueError(f"the tie rule is {UNIFORM!r} or {PARANOID!r}, got {tie!r}")
        self.game = game
        self.budget = budget or Budget()
        self.memo: dict[Hashable, Values] = {}
        self.forced = forced
        self.one_winner = hasattr(game, "winner")
        self.worth: Callable[[tuple, int], Any] = getattr(game, "worth", lambda p, asker: p[asker])
        self.players = players
        self.tie = tie

    def wins(self, state: Any, asker: int) -> bool:
        return self.value(state, asker) > 0

    def value(self, state: Any, asker: int) -> Any:
        return self.values(state, asker)[-1]

    def _final(self, state: Any, asker: int) -> Values | None:
        if self.one_winner:
            w = self.game.winner(state)
            return None if w is None else self._won(w, asker)
        p = self.game.payoffs(state)
        return None if p is None else (*p, self.worth(p, asker))

    def _won(self, w: int, asker: int) -> Values:
        p = tuple(int(i == w) for i in range(self.players))
        return (*p, self.worth(p, asker))

    def values(self, state: Any, asker: int) -> Values:
        self.budget.spend()
        final = self._final(state, asker)
        if final is not None:
            return final
        key = (asker, self.game.key(state))
        got = self.memo.get(key)
        if got is None:
            got = self._settled(state, asker) or self._choose(state, asker)
            self.memo[key] = got
        return got

    def _settled(self, state: Any, asker: int) -> Values | None:
        """A player who can force a win here (``asker`` asked first) wins whatever the others do."""
        if self.forced is None:
            return None
        for q in (asker, *(q for q in range(self.players) if q != asker)):
            if self.forced(state, q):
                return self._won(q, asker)
        return None

    def _choose(self, state: Any, asker: int) -> Values:
        game, forced = self.game, self.forced
        mover = game.to_move(state)
        if mover is None:
            outcomes = [(Fraction(p).limit_denominator(1 << 20), self.values(s, asker)) for p, s in game.chance(state)]
            if self.tie == PARANOID:
                return min((v for _, v in outcomes), key=lambda v: v[-1])
            return tuple(sum(p * v[k] for p, v in outcomes) for k in range(len(outcomes[0][1])))
        best: list[Values] = []
        for child in game.children(state):
            if forced is not None and mover != asker and forced(child, mover):
                return self._won(mover, asker)  # the most the mover can have, and every such move alike
            v = self.values(child, asker)
            if not best or v[mover] > best[0][mover]:
                best = [v]
            elif v[mover] == best[0][mover]:
                best.append(v)
            if self.one_winner and best[0][mover] == 1:
                break  # a sure win for the mover: every such move gives the same
        assert best, "a state that is not over has children"
        if self.tie == PARANOID:
            return min(best, key=lambda v: v[-1])
        n = len(best)
        return tuple(Fraction(sum(v[k] for v in best), n) for k in range(len(best[0])))


__all__ = ["NOBODY", "PARANOID", "UNIFORM", "SelfInterested"]
