"""The Stick to Colours endgame solver on the generic search (``search.py``): with every hand, the
market and the deck order known, the final score margin the player to move can force against all
the others together, the best decisions and a principal line. A plain brute-force minimax
(``brute_force``) is the reference it is tested against.

A decision is a whole bid (which cards to refuse); the model generates each distinct bid once (equal
market cards with equal tokens, equal hand cards), so equivalent refusals are searched once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbiter.model.stick_to_colours import Position, PositionError, apply, legal_moves

from .search import INF, Budget, Search, SearchLimit, Table
from .stick_state import StickState

SOLVED, UNKNOWN = "solved", "unknown"


def margin(pos: Position, player: int) -> int:
    """``player``'s final points minus the best of everyone else's (the bot too): > 0 a win, 0 a shared
    win, < 0 a loss."""
    scores = pos.scores
    return scores[player] - max(s for i, s in enumerate(scores) if i != player)


def _check(pos: Position) -> None:
    if pos.ruleset.market_clear == "never":
        raise PositionError("ruleset", "with market_clear=never a game need not end: there is no endgame to solve")
    if pos.is_over:
        raise PositionError("position", "the game is over: nothing to solve")


@dataclass
class MoveValue:
    move: str
    margin: int | None  # None: not searched before a limit stopped the search


@dataclass
class StickResult:
    position: Position
    player: int
    result: str = UNKNOWN
    margin: int | None = None
    moves: list[MoveValue] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    stopped: str | None = None

    @property
    def solved(self) -> bool:
        return self.result == SOLVED

    @property
    def outcome(self) -> str | None:
        """``win``, ``shared`` (a shared victory at best) or ``loss`` under best play, None if unknown."""
        if self.margin is None:
            return None
        return "win" if self.margin > 0 else "shared" if self.margin == 0 else "loss"

    @property
    def best_moves(self) -> list[str]:
        return [m.move for m in self.moves if self.margin is not None and m.margin == self.margin]

    def to_json(self) -> dict[str, Any]:
        from arbiter.model.stick_to_colours import position_to_json

        return {"game": "stick-to-colours", "result": self.result, "player": self.player, "outcome": self.outcome,
                "margin": self.margin, "best_moves": self.best_moves,
                "moves": [{"move": m.move, "margin": m.margin} for m in self.moves], "line": self.line,
                "nodes": self.nodes, "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "position": position_to_json(self.position)}


def solve(pos: Position, max_nodes: int | None = None, timeout: float | None = None,
          table_size: int = 1 << 20) -> StickResult:
    """The margin the player to move can force, every decision's margin, and a principal line.
    Limits stop the search with ``result == "unknown"`` and the decisions valued so far."""
    _check(pos)
    player = pos.to_move
    result = StickResult(pos, player)
    budget = Budget(max_nodes, timeout)
    game = StickState(pos)
    search = Search(game, budget, Table(table_size))
    try:
        for move, after in zip(legal_moves(pos), game.turns(game.root), strict=True):
            result.moves.append(MoveValue(str(move), None))
            result.moves[-1].margin = search.value(after, player)
        result.margin = max(m.margin for m in result.moves)
        result.line = _line(search, game, pos, player, result.margin)
        result.result = SOLVED
    except SearchLimit as stop:
        result.stopped = str(stop)
        if result.moves and result.moves[-1].margin is None:
            result.moves.pop()
    result.nodes = budget.nodes
    result.seconds = budget.seconds
    return result


def _line(search: Search, game: StickState, pos: Position, player: int, target: int) -> list[str]:
    """A principal line: at each turn the first decision keeping the solved margin, to the end."""
    line = []
    state = game.root
    while not pos.is_over:
        for move, after in zip(legal_moves(pos), game.turns(state), strict=True):
            if search.value(after, player, target - 1, target + 1) == target:
                line.append(str(move))
                pos, state = apply(pos, move), after
                break
        else:
            raise AssertionError("some decision keeps the value")
    return line


def brute_force(pos: Position, player: int | None = None) -> int:
    """Plain minimax over every decision, no pruning, no table: the margin ``player`` (default the
    player to move) can force against all the others together."""
    _check(pos) if player is None else None
    me = pos.to_move if player is None else player
    if pos.is_over:
        return margin(pos, me)
    values = [brute_force(apply(pos, m), me) for m in legal_moves(pos)]
    return max(values) if pos.to_move == me else min(values)


__all__ = ["INF", "SOLVED", "UNKNOWN", "MoveValue", "StickResult", "StickState", "brute_force", "margin", "solve"]
