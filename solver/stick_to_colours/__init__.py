"""The Stick to Colours endgame solver on the generic search (``search.py``): with every hand, the
market and the deck order known, the final score margin the player to move can force against all
the others together, the best decisions and a principal line. A plain brute-force minimax
(``brute_force``) is the reference it is tested against.

A decision is a whole bid (which cards to refuse); the model generates each distinct bid once (equal
market cards with equal tokens, equal hand cards), and the search runs on compact states
(``stick_state.py``) whose keys collapse refusals of equivalent (dead) cards. ``card_worths``: what a
card is worth in refusals, read off every decision's margin."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass
from typing import Any

from arbiter.model.stick_to_colours import Move, Position, PositionError, apply, legal_moves

from ..result import SOLVED, UNKNOWN, SearchResult
from ..search import INF, Budget, mtdf
from .core import open_search
from .state import StickState

# The transposition table's entries at most (two generations of half as many; search.Table): enough for
# the 20 million nodes an 8-card 3-player endgame takes to keep its 5.5 million states, where 1 << 20
# dropped them and searched them again (3x the nodes). An entry of the compiled core is a 16-byte head
# and a key of 64 bytes (2-3 players) or 80 (4 players; _stickcore.c, key_bytes): about 0.9 GB at most.
TABLE_SIZE = 1 << 23


def margin(pos: Position, player: int) -> int:
    """``player``'s final points minus the best of everyone else's (the bot too): > 0 a win, 0 a shared
    win, < 0 a loss."""
    scores = pos.scores
    return scores[player] - max(s for i, s in enumerate(scores) if i != player)


def check(pos: Position) -> None:
    """PositionError unless the solver can take ``pos``: a game that must end and is not over."""
    if pos.ruleset.market_clear == "never":
        raise PositionError("ruleset", "with market_clear=never a game need not end: there is no endgame to solve")
    if pos.is_over:
        raise PositionError("position", "the game is over: nothing to solve")


@dataclass
class MoveValue:
    move: str
    margin: int | None  # None: not searched before a limit stopped the search


@dataclass
class CardWorth:
    """What a card the player to move may bid for now is worth in refusals (``card_worths``)."""

    card: str
    refusals: int | None  # the largest bid for it doing as well as letting it go; None: no bid does
    bid_margin: int  # the best margin of a decision bidding for it
    without_margin: int  # the best margin of a decision that does not

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "refusals": self.refusals, "bid_margin": self.bid_margin,
                "without_margin": self.without_margin}


def bid_for(pos: Position, move: Move | str) -> tuple[str, int] | None:
    """(the card a decision bids for, the refusals the mover's bid then stands at), None for a pass: the
    dealer's auction stands at its refusals, a raise at the bidder's refusals so far plus the new ones."""
    m = Move.parse(move) if isinstance(move, str) else move
    if m.kind == "pass":
        return None
    added = len(m.market) + len(m.hand)
    if m.kind == "auction":
        return m.lot[:2], added
    a = pos.auction
    p = a.bidder
    return str(a.lot)[:2], sum(1 for s in pos.market if s.q >> p & 1) + sum(a.refused[p]) + added


def card_worths(pos: Position, margins: list[tuple[str, int]]) -> list[CardWorth]:
    """For each card the player to move may bid for now (as dealer: the market cards they may put up; in
    an auction: the lot), given every decision's margin under best play: ``refusals`` is the largest
    bid (in refusals) among the decisions bidding for that card whose margin is at least the best margin
    of the decisions that do not (letting it go: passing, or as dealer putting up another card), and
    None when every bid for it does worse than letting it go. By card code, in the order of the moves."""
    bids: dict[str, list[tuple[int, int]]] = {}
    others: dict[str | None, int] = {}
    for text, value in margins:
        got = bid_for(pos, text)
        card = None if got is None else got[0]
        if got is not None:
            bids.setdefault(card, []).append((got[1], value))
        others[card] = max(others.get(card, value), value)
    out = []
    for card, levels in bids.items():
        without = max(v for c, v in others.items() if c != card)
        best = max(v for _, v in levels)
        worth = [k for k, v in levels if v >= without]
        out.append(CardWorth(card, max(worth) if worth else None, best, without))
    return out


@dataclass
class StickResult(SearchResult):
    """The answer for one position, for ``player`` (the player to move); ``moves`` holds MoveValue values."""

    position: Position
    player: int
    _: KW_ONLY
    margin: int | None = None

    @property
    def outcome(self) -> str | None:
        """``win``, ``shared`` (a shared victory at best) or ``loss`` under best play, None if unknown."""
        if self.margin is None:
            return None
        return "win" if self.margin > 0 else "shared" if self.margin == 0 else "loss"

    @property
    def best_moves(self) -> list[str]:
        return [m.move for m in self.moves if self.margin is not None and m.margin == self.margin]

    @property
    def card_values(self) -> list[CardWorth] | None:
        """What each card the player to move may bid for now is worth in refusals (None unless solved)."""
        if not self.solved:
            return None
        return card_worths(self.position, [(m.move, m.margin) for m in self.moves])

    def to_json(self) -> dict[str, Any]:
        from arbiter.model.stick_to_colours import position_to_json

        worths = self.card_values
        return {"game": "stick-to-colours", "to_move": self.player, "players": self.position.players,
                "ruleset": self.position.ruleset.to_json(), "result": self.result, "player": self.player,
                "outcome": self.outcome, "margin": self.margin, "best_moves": self.best_moves,
                "moves": [{"move": m.move, "margin": m.margin} for m in self.moves], "line": self.line,
                "card_values": None if worths is None else [w.to_json() for w in worths],
                "nodes": self.nodes, "seconds": round(self.seconds, 3), "stopped": self.stopped,
                "position": position_to_json(self.position)}


def solve(pos: Position, max_nodes: int | None = None, timeout: float | None = None,
          table_size: int = TABLE_SIZE, engine: str | None = None, tight: bool = True) -> StickResult:
    """The margin the player to move can force, every decision's margin (each by zero-window tests,
    ``search.mtdf``, from the margin of the decision before it), and a principal line.
    Limits stop the search with ``result == "unknown"`` and the decisions valued so far.
    ``engine``: None picks the compiled core when it is built (``core.open_search``), ``"c"``
    insists on it, ``"python"`` takes the Python search; both visit the same nodes. ``tight=False``: the
    bounds without what each lot won costs (``StickState.bounds``), the same values in more nodes."""
    check(pos)
    player = pos.to_move
    result = StickResult(pos, player)
    game = StickState(pos, tight)
    search, budget, _ = open_search(game, max_nodes, timeout, table_size, engine)

    def work() -> None:
        guess = sum(game.bounds(game.root, player)) // 2  # then each decision's margin guesses the next one's
        for move, after in zip(legal_moves(pos), game.turns(game.root), strict=True):
            result.moves.append(MoveValue(str(move), None))
            guess = result.moves[-1].margin = mtdf(lambda beta, s=after: search.value(s, player, beta - 1, beta),
                                                   guess)
        result.margin = max(m.margin for m in result.moves)
        result.line = _line(search, game, pos, player, result.margin)

    result.run(budget, work)
    if result.moves and result.moves[-1].margin is None:  # the decision a limit stopped halfway
        result.moves.pop()
    return result


def _line(search: Any, game: StickState, pos: Position, player: int, target: int) -> list[str]:
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


def brute_force(pos: Position, player: int | None = None, budget: Budget | None = None) -> int:
    """Plain minimax over every decision, no pruning, no table: the margin ``player`` (default the
    player to move) can force against all the others together. ``budget`` counts its nodes and stops
    it (SearchLimit) at its limits."""
    if player is None:
        check(pos)
    me = pos.to_move if player is None else player
    if budget is not None:
        budget.spend()
    if pos.is_over:
        return margin(pos, me)
    values = [brute_force(apply(pos, m), me, budget) for m in legal_moves(pos)]
    return max(values) if pos.to_move == me else min(values)


__all__ = ["INF", "SOLVED", "UNKNOWN", "CardWorth", "MoveValue", "StickResult", "StickState", "bid_for", "brute_force", "card_worths", "check", "margin", "solve"]
