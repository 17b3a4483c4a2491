"""Realms open-hand trick solver (all hands open, the draw pile's known part known; a shuffled
pile's draws and the Troll's steal are chance): the most tricks the player to move can guarantee
against all the others together and against any chance outcome within a horizon of tricks, the
expected number when chance is averaged, each move's values, a principal line and the dead cards.

The guarantee is ``search.Search`` (alpha-beta with a transposition table) with chance as one more
opponent; the expectation is ``chance.Expectation``. ``brute_force`` is the plain reference: the
same question by exhaustive recursion, no table, no pruning, no ordering.

>>> from arbiter.model.realms import parse_position
>>> pos = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
...                      "| trick - | hands R5 B9 / B5 R1 | draw - | shuffled - | discard -")
>>> result = solve(pos, tricks=1)
>>> result.guaranteed, result.best_moves
(1, ['B9', 'R5'])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from arbiter.model.realms import fast
from arbiter.model.realms.cards import PHOENIX, codes
from arbiter.model.realms.game import (
    DRAW,
    HAND_SIZE,
    PLAY,
    POINTS_PER_TRICK,
    STEAL,
    Move,
    Position,
    apply,
    chance_outcomes,
    legal_moves,
)

from .chance import Expectation
from .search import Budget, Search, SearchLimit, Table

SOLVED, UNKNOWN = "solved", "unknown"
CHANCE = -1  # the "player" of a chance node: never the solving player, so the guarantee minimises over it
TABLE_SIZE = 1 << 20

State = tuple[Position, int]  # a position and the tricks still to play within the horizon


def default_horizon(pos: Position) -> int:
    """The tricks every player can play from the hand they hold now (at most 7)."""
    left = len(pos.trick) > 0
    return max(1, min(HAND_SIZE, min(h.bit_count() for h in pos.hands) + left))


class RealmsGame:
    """Realms seen by the search from one starting position: values are tricks won from there."""

    def __init__(self, start: Position) -> None:
        self.base = start.scores
        self.round = start.round

    def key(self, s: State) -> Hashable:
        return s

    def to_move(self, s: State) -> int:
        mover = s[0].to_move
        return CHANCE if mover is None else mover

    def outcome(self, s: State, player: int) -> int | None:
        pos, left = s
        if left > 0 and pos.phase in (PLAY, DRAW, STEAL) and pos.round == self.round:
            return None  # the horizon, the end of the game and halftime end the question
        return (pos.scores[player] - self.base[player]) // POINTS_PER_TRICK

    def moves(self, s: State) -> list[tuple[Any, State]]:
        """(move or chance label, child) in search order."""
        pos, left = s
        if pos.to_move is None:
            return [(label, (after, left - self._ended(pos, after))) for _, label, after in chance_outcomes(pos)]
        return [(m, (after, left - self._ended(pos, after))) for m, after in _ordered(pos)]

    def children(self, s: State) -> Iterator[State]:
        for _, child in self.moves(s):
            yield child

    def chance(self, s: State) -> list[tuple[float, State]] | None:
        pos, left = s
        if pos.to_move is not None:
            return None
        return [(p, (after, left - self._ended(pos, after))) for p, _, after in chance_outcomes(pos)]

    @staticmethod
    def _ended(before: Position, after: Position) -> int:
        return 1 if before.trick and not after.trick else 0


def _ordered(pos: Position) -> list[tuple[Move, Position]]:
    """Moves that take the trick for the mover first (the Phoenix first of all), then the rest."""
    me = pos.to_move
    out = []
    for m in legal_moves(pos):
        after = apply(pos, m)
        score = 0
        if m.card is not None and pos.phase == PLAY:
            cards, players = replace(pos, trick=pos.trick + ((m.card, m.choice),)).plays()
            w, _, _ = fast.resolve(pos.ruleset, pos.ruling, [c for c, _ in cards], [x for _, x in cards])
            score = 2 if m.card == PHOENIX else (1 if w is not None and players[w] == me else 0)
        out.append((score, len(out), m, after))
    out.sort(key=lambda t: (-t[0], t[1]))
    return [(m, after) for _, _, m, after in out]


@dataclass
class MoveValue:
    move: str
    guaranteed: int | None = None
    expected: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "guaranteed": self.guaranteed,
                "expected": None if self.expected is None else round(self.expected, 6)}


@dataclass
class SolveResult:
    """The answer for one position; ``result`` is ``"unknown"`` when a limit stopped the search (the
    fields then hold what was found before)."""

    position: Position
    tricks: int
    result: str = UNKNOWN
    guaranteed: int | None = None
    expected: float | None = None
    moves: list[MoveValue] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    dead_cards: list[str] | None = None
    nodes: int = 0
    seconds: float = 0.0
    stopped: str | None = None

    @property
    def solved(self) -> bool:
        return self.result == SOLVED

    @property
    def best_moves(self) -> list[str]:
        """The moves that keep the guarantee (the best expected first among them)."""
        if self.guaranteed is None:
            return []
        best = [m for m in self.moves if m.guaranteed == self.guaranteed]
        return [m.move for m in sorted(best, key=lambda m: -(m.expected or 0))]

    def to_json(self) -> dict[str, Any]:
        return {"game": "realms", "to_move": self.position.to_move, "tricks": self.tricks,
                "ruleset": self.position.ruleset.to_json(), "guaranteed": self.guaranteed,
                "points": None if self.guaranteed is None else self.guaranteed * POINTS_PER_TRICK,
                "expected": None if self.expected is None else round(self.expected, 6),
                "best_moves": self.best_moves, "moves": [m.to_json() for m in self.moves], "line": self.line,
                "dead_cards": self.dead_cards, "nodes": self.nodes, "seconds": round(self.seconds, 4),
                "result": self.result}


def solve(position: Position, tricks: int | None = None, max_nodes: int | None = None,
          timeout: float | None = None, *, table_size: int = TABLE_SIZE) -> SolveResult:
    """Solve ``position`` for the player to move over the next ``tricks`` tricks (default: as many
    as every hand can play), stopping early at halftime or the end of the game. Raises
    PositionError for a broken position and ValueError when no player is to move."""
    position.validate()
    if position.to_move is None or position.phase != PLAY:
        raise ValueError(f"the solver needs a player to play a card (phase play), got phase {position.phase}")
    horizon = default_horizon(position) if tricks is None else tricks
    if horizon < 1:
        raise ValueError(f"the horizon must be at least one trick, got {horizon}")
    result = SolveResult(position, horizon)
    budget = Budget(max_nodes, timeout)
    game = RealmsGame(position)
    search = Search(game, budget, Table(table_size))
    expectation = Expectation(game, budget)
    me = position.to_move
    root: State = (position, horizon)
    try:
        children = game.moves(root)
        result.moves = [MoveValue(str(m)) for m, _ in children]
        for mv, (_, child) in zip(result.moves, children, strict=True):
            mv.guaranteed = search.value(child, me)
        result.guaranteed = max(m.guaranteed for m in result.moves)
        for mv, (_, child) in zip(result.moves, children, strict=True):
            mv.expected = expectation.value(child, me)
        result.expected = max(m.expected for m in result.moves)
        result.line = _line(search, game, root, me)
        result.dead_cards = codes(position.hands[me] & ~_live(search, game, root, me))
        result.result = SOLVED
    except SearchLimit as stop:
        result.stopped = str(stop)
    result.moves.sort(key=lambda m: m.move)
    result.nodes, result.seconds = budget.nodes, budget.seconds
    return result


def _keeps(search: Search, game: RealmsGame, s: State, child: State, me: int, target: int) -> bool:
    return search.value(child, me, target - 1, target + 1) == target


def _line(search: Search, game: RealmsGame, s: State, me: int) -> list[str]:
    """A line of best play: every move (and chance outcome) keeps the guaranteed value."""
    target = search.value(s, me)
    line = []
    while game.outcome(s, me) is None:
        chosen = next(((m, c) for m, c in game.moves(s) if _keeps(search, game, s, c, me, target)), None)
        if chosen is None:
            break
        line.append(str(chosen[0]))
        s = chosen[1]
    return line


def _live(search: Search, game: RealmsGame, s: State, me: int) -> int:
    """The hand cards ``me`` plays on some line of best play (every line keeping the guarantee)."""
    target = search.value(s, me)
    live, seen, stack = 0, set(), [s]
    while stack:
        s = stack.pop()
        if game.outcome(s, me) is not None or s in seen:
            continue
        seen.add(s)
        search.budget.spend()
        mine = game.to_move(s) == me
        for m, child in game.moves(s):
            if _keeps(search, game, s, child, me, target):  # values count tricks from the root: one target
                if mine and isinstance(m, Move) and m.card is not None:
                    live |= 1 << m.card
                stack.append(child)
    return live


def brute_force(position: Position, tricks: int) -> tuple[int, float]:
    """The plain reference: (tricks guaranteed, tricks expected) for the player to move by
    exhaustive recursion over ``legal_moves``/``apply``/``chance_outcomes``."""
    me = position.to_move
    game = RealmsGame(position)

    def guaranteed(s: State) -> int:
        v = game.outcome(s, me)
        if v is not None:
            return v
        values = [guaranteed(c) for _, c in _plain(s)]
        return max(values) if s[0].to_move == me else min(values)

    def expected(s: State) -> float:
        v = game.outcome(s, me)
        if v is not None:
            return float(v)
        pos = s[0]
        if pos.to_move is None:
            return sum(p * expected((after, s[1] - game._ended(pos, after))) for p, _, after in chance_outcomes(pos))
        values = [expected(c) for _, c in _plain(s)]
        return max(values) if pos.to_move == me else min(values)

    def _plain(s: State) -> list[tuple[Any, State]]:
        pos, left = s
        if pos.to_move is None:
            return [(label, (a, left - game._ended(pos, a))) for _, label, a in chance_outcomes(pos)]
        return [(m, (apply(pos, m), left - game._ended(pos, apply(pos, m)))) for m in legal_moves(pos)]

    root = (position, tricks)
    return guaranteed(root), expected(root)
