"""Advice from a Stick to Colours seat on the shared advice (``solver/advise.py``): for each decision
of the seat, the score margin it can force by the end of this turn (the auction over, the market
refilled; every collection scored as if the game ended there) against all the others together,
averaged over the deals of the unseen cards consistent with the view, every card known in each.

A whole game cannot be searched from an early turn; one turn can (docs/advise.md says what this
horizon misses: the cards still to come). Where the game ends within the turn the margin is final."""

from __future__ import annotations

from collections.abc import Callable

from arbiter.model.stick_to_colours import Position, PositionError, legal_moves
from arbiter.model.stick_to_colours.view import View, format_view, parse_view

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Bounds, Measure, PieceResult, Seat, Values, at_least, solve_each
from ..maxn import SELF_NODES, SelfInterested
from ..pieces import Pieces
from ..search import Budget, Search, SearchLimit, Table, seconds_left
from .state import State, StickState

TABLE_SIZE = 1 << 16
MARGIN_RANGE = 60.0  # no collection of a game scores more than this (a bound for the intervals of means)


class ThisTurn(StickState):
    """The game cut at the end of the root's turn: the margin of the scores then is the value."""

    bounds = None  # the game's bounds hold for the final scores, not for a cut

    def __init__(self, pos: Position) -> None:
        super().__init__(pos)
        self.root_dealer = self.root[3]

    def key(self, state: State) -> State:
        return state  # the game's key anonymises cards dead for the final scores; a cut scores now

    def outcome(self, state: State, player: int) -> int | None:
        if not self.is_over(state) and (state[5] is not None or state[3] == self.root_dealer):
            return None
        scores = self.scores(state)
        mine = scores.pop(player)
        return mine - max(scores)


def values(pos: Position, budget: Budget, table: Table) -> Values:
    """For one deal (every card known): each decision of the player to move with the margin it
    forces at the end of this turn against all the others together."""
    game = ThisTurn(pos)
    search = Search(game, budget, table)
    me = pos.to_move
    return {str(m): (float(search.value(after, me)),) for m, after in zip(legal_moves(pos), game.turns(game.root),
                                                                       strict=True)}


def solve_deals(deals: list[Position], deadline: float | None) -> PieceResult:
    done: list[tuple[Values, int]] = []
    budget = Budget(None, seconds_left(deadline))
    for pos in deals:
        before = budget.nodes
        try:
            found = values(pos, budget, Table(TABLE_SIZE))  # the cut's states differ by deal: no table to share
        except SearchLimit:
            return done, "timeout", "python"
        except KeyboardInterrupt:
            return done, "interrupted", "python"
        done.append((found, budget.nodes - before))
    return done, None, "python"


MEASURE = Measure("margin", "score margin at the end of this turn (the auction over, the market refilled, every "
                  "collection scored as if the game ended then) that the decision forces against all the others "
                  "together, every card known, averaged over the consistent deals", binary=False,
                  low=-MARGIN_RANGE, high=MARGIN_RANGE, unit="margin")
SEAT = Seat("stick-to-colours", (MEASURE,), solve_deals, describe=format_view)


class OwnMargins(ThisTurn):
    """The cut game for ``maxn.SelfInterested``: each player's payoff its own margin at the cut (its score
    less the best of the others'), so that each plays to come out ahead of the rest."""

    def payoffs(self, state: State) -> tuple[int, ...] | None:
        if self.outcome(state, 0) is None:
            return None
        scores = self.scores(state)
        return tuple(s - max(scores[:i] + scores[i + 1:]) for i, s in enumerate(scores))

    def payoff_range(self, state: State) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Each player's lowest and highest margin (for ``SelfInterested.bounded``): the measure's range."""
        n = len(self.scores(state))
        return (-int(MARGIN_RANGE),) * n, (int(MARGIN_RANGE),) * n

    @staticmethod
    def pair_max(state: State) -> int:
        """No two players' margins sum to more than 0 (for ``SelfInterested``'s shallow pruning): each
        is its score less the best of the others', which is at least the other one's score."""
        return 0


def self_values(pos: Position, budget: Budget, nodes: int = SELF_NODES) -> dict[str, Bounds | float]:
    """For one deal: each decision of the player to move with the margin it expects at the end of this
    turn against opponents who each play for their own margin (``maxn.SelfInterested``, ties uniform),
    within ``nodes`` nodes (``SelfInterested.bounded``: a sure range where the search was cut)."""
    game = OwnMargins(pos)
    ranges = SelfInterested(game, budget).bounded(list(game.turns(game.root)), pos.to_move, nodes)
    return {str(m): float(lo[-1]) if lo[-1] == hi[-1] else Bounds(float(lo[-1]), float(hi[-1]))
            for m, (lo, hi) in zip(legal_moves(pos), ranges, strict=True)}


def solve_self_interested(deals: list[Position], deadline: float | None) -> PieceResult:
    """One piece, each deal with two values per decision: the self-interested margin (``self_values``,
    first: it ranks) and the coalition's (``values``)."""

    def one(pos: Position, left: float | None) -> tuple[Values, int]:
        budget = Budget(None, left)
        plain = values(pos, budget, Table(TABLE_SIZE))
        own = self_values(pos, budget)
        return {d: (at_least(own[d], v[0]), v[0]) for d, v in plain.items()}, budget.nodes

    return solve_each(deals, deadline, one)


SELF = Measure("self", "self-interested margin: the margin at the end of this turn that the decision expects against "
               "opponents who each play for their own margin (max-n: a player who cannot raise its own margin plays "
               "any of its equally good decisions, each as likely), every card known, averaged over the consistent "
               "deals", binary=False, low=-MARGIN_RANGE, high=MARGIN_RANGE, unit="margin")
SELF_SEAT = Seat("stick-to-colours", (SELF, MEASURE), solve_self_interested, describe=format_view)


def deciding(view: View | str) -> View:
    """``view`` (a View or its notation) checked as one to advise: PositionError for a bad view, a game
    over, or a seat that does not decide now."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if view.position.is_over:
        raise PositionError("position", "the game is over: there is no decision to advise")
    if view.position.to_move != view.seat:
        raise PositionError("seat", f"player {view.seat} does not decide now")
    return view


def advise(view: View | str, *, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           progress: Callable[[Advice], None] | None = None, pieces: Pieces | None = None,
           cache: dict | None = None, self_interested: bool = False) -> Advice:
    """Each decision's margin for the seat of ``view`` (a View or its notation): the shared
    ``advise`` on Stick to Colours's seat (``self_interested``, 3-4 players: ranked by the max-n
    margin, the coalition's beside it). PositionError for a bad view."""
    view = deciding(view)
    if self_interested and view.position.players < 3:
        raise PositionError("players", "with two players the self-interested margin is the margin")
    return shared.advise(view, SELF_SEAT if self_interested else SEAT, exact=exact, samples=samples, seed=seed, timeout=timeout, jobs=jobs,
                         max_deals=max_deals, stop_early=stop_early, progress=progress, cache=cache, pieces=pieces)


__all__ = ["MEASURE", "SEAT", "SELF_SEAT", "OwnMargins", "ThisTurn", "advise", "deciding", "self_values", "solve_deals",
           "solve_self_interested", "values"]
