"""Exact Red7 endgame solver: who can force the round, with which moves, along which line.

>>> from arbiter.model.red7 import notation
>>> from arbiter.solver.red7 import solve
>>> pos = notation.position_from_json({"rule": "red", "to_move": 0, "players": [
...     {"hand": ["R7", "V1"], "palette": ["G2"]}, {"hand": ["O6"], "palette": ["Y5"]}]})
>>> result = solve(pos)
>>> result.winner, result.winning_moves, result.dead_cards
(0, ['discard V1', 'play R7', 'play R7 discard V1'], [])
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from arbiter.model.red7.cards import codes
from arbiter.model.red7.game import Position

from ..coalition import forced_winner, live_marks, principal_line
from ..result import SOLVED, UNKNOWN, SearchResult
from ..search import Budget, Search, SearchLimit, Table
from .core import CoreSearch, open_search
from .game import ORDER_FROM, WIN, OrderFrom, Red7Game, hand_cards_used

WIN_OUTCOME, LOSS_OUTCOME = "win", "loss"
# 3-4 players: a player out counts for nothing and two players in play a 2-player round (Red7Game's
# two_in: keys without the out players' cards, dominated turns skipped, endgames settled); False: off.
TWO_IN = True
TABLE_SIZE = 1 << 21  # transposition entries kept at most per table (about 400 MB; a race holds two)


@dataclass
class MoveOutcome:
    """One legal turn of the player to move and what it leads to: ``"win"`` when the mover still
    forces the round win after it, ``"loss"`` when not (with 3-4 players: the others, cooperating,
    can stop the mover), ``"unknown"`` when a limit stopped the search first. ``points``
    (Advanced) is what the round winner then banks under best play."""

    move: str
    outcome: str = "unknown"
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"move": self.move, "outcome": self.outcome}
        if self.points is not None:
            obj["points"] = self.points
        return obj


@dataclass
class SolveResult(SearchResult):
    """The answer for one position. ``result`` is ``"solved"`` or ``"unknown"`` (a limit stopped
    the search; every field then holds only what was proven before it stopped). ``moves`` holds
    MoveOutcome values."""

    position: Position
    _: KW_ONLY
    winner: int | None = None
    can_force: list[bool | None] = field(default_factory=list)
    points: int | None = None
    dead_cards: list[str] | None = None
    engine: str = "python"
    engine_reason: str | None = None

    @property
    def to_move(self) -> int:
        return self.position.to_move

    @property
    def winning_moves(self) -> list[str]:
        return sorted(m.move for m in self.moves if m.outcome == WIN_OUTCOME)

    def to_json(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "players": self.position.players,
            "ruleset": self.position.ruleset.to_json(),
            "winner": self.winner,
            "can_force": self.can_force,
            "points": self.points,
            "winning_moves": self.winning_moves,
            "moves": [m.to_json() for m in self.moves],
            "line": self.line,
            "dead_cards": self.dead_cards,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "result": self.result,
            "engine": self.engine,
            "engine_reason": self.engine_reason,
        }


def solve(position: Position, max_nodes: int | None = None, timeout: float | None = None, *,
          full: bool = True, table_size: int = TABLE_SIZE, engine: str | None = None,
          order_from: OrderFrom = ORDER_FROM) -> SolveResult:
    """Solve ``position`` exactly (all hands open, the deck order known).

    ``winner`` is the player who can force the round win against every play of the others (with
    two players: the mover or the opponent; with three or four: that player, or None when nobody
    can), ``points`` (Advanced) what the winner banks when maximising against the others
    minimising. With ``full`` (the default) also every move's outcome, a principal ``line`` and
    the mover's ``dead_cards``; ``full=False`` answers only winner and points.
    ``max_nodes``/``timeout`` (seconds) stop the search with ``result == "unknown"``.
    ``engine``: None picks the compiled core when it can (see ``core.choose``), ``"c"`` insists
    on it, ``"python"`` takes the pure-Python search; both visit the same nodes. ``result.engine``
    says which ran and ``result.engine_reason`` why it is not the C core. ``order_from`` sets where
    the search orders children (``game.ORDER_FROM``); it changes the work, never the answer.
    Raises PositionError for a position that breaks the notation's constraints."""
    position.validate()
    game = Red7Game(position.ruleset, order_from, two_in=TWO_IN)
    search, budget, used, reason = open_search(game, position.players, max_nodes, timeout, table_size, engine)
    result = SolveResult(position, can_force=[None] * position.players, engine=used, engine_reason=reason)
    result.run(budget, lambda: _solve(result, game, search, full))
    return result


def _solve(result: SolveResult, game: Red7Game, search: Search, full: bool) -> None:
    pos = result.position
    s = game.state(pos)
    me = pos.to_move
    hand = pos.hands[me]
    advanced = pos.ruleset.advanced
    if pos.is_over:
        result.winner = pos.winner
        result.can_force = [i == pos.winner for i in range(pos.players)]
        result.points = game.banked_points(s) if advanced and pos.winner is not None else None
        result.dead_cards = codes(hand)
        return
    others = [i for i in pos.in_play if i != me]
    native = isinstance(search, CoreSearch)  # the core does the root's work on its own states
    children = []
    if full:
        children = search.moves(s) if native else game.moves(s)
        result.moves = sorted((MoveOutcome(str(m)) for m, _ in children), key=lambda o: o.move)
        by_text = {o.move: o for o in result.moves}
        for m, child in children:
            by_text[str(m)].outcome = WIN_OUTCOME if search.wins(child, me) else LOSS_OUTCOME
        mover_wins = any(o.outcome == WIN_OUTCOME for o in result.moves)
    else:
        mover_wins = search.wins(s, me)
    result.can_force[me] = mover_wins
    if mover_wins:
        winner = me
        for p in others:
            result.can_force[p] = False
    elif len(others) == 1:
        winner = others[0]  # two players: no draws, so the opponent forces the win
        result.can_force[winner] = True
    else:
        winner = forced_winner(search, s, others)
        for p in others:
            result.can_force[p] = p == winner
    result.winner = winner
    if winner is not None and advanced:
        result.points = _points(result, game, search, s, children, winner)
    if not full:
        return
    if winner is not None:
        result.line = (search.line(s, winner, advanced) if native else
                       [str(m) for m in principal_line(search, s, winner, advanced, game.moves)])
    if winner == me:
        live = search.live(s, me, hand) if native else live_marks(
            search, s, me, hand, game.moves, lambda a, b: hand_cards_used(a, b, me), lambda st: game.hand(st, me))
        result.dead_cards = codes(hand & ~live)
    else:
        result.dead_cards = codes(hand)


def _points(result: SolveResult, game: Red7Game, search: Search, s: Any, children: list, winner: int) -> int:
    """Advanced: the winner's banked points under best play; fills in each move's points too."""
    me = result.to_move
    if not children:
        return search.value(s, winner) - WIN
    by_text = {o.move: o for o in result.moves}
    two = result.position.players == 2
    best = None
    for m, child in children:
        o = by_text[str(m)]
        if o.outcome == WIN_OUTCOME or two:
            v = search.value(child, me)
            o.points = abs(v) - WIN
            if best is None or v > best:
                best = v
    if winner != me and not two:
        return search.value(s, winner) - WIN
    return abs(best) - WIN


__all__ = ["SOLVED", "UNKNOWN", "Budget", "MoveOutcome", "Red7Game", "Search", "SearchLimit", "SearchResult",
           "SolveResult", "Table", "solve"]
