"""Advice from a Stick to Colours seat on the shared advice (``solver/advise.py``): for each decision
of the seat, the score margin it can force by the end of this turn (the auction over, the market
refilled; every collection scored as if the game ended there) against all the others together,
averaged over the deals of the unseen cards consistent with the view, every card known in each.

A whole game cannot be searched from an early turn; one turn can (docs/advise.md says what this
horizon misses: the cards still to come). Where the game ends within the turn the margin is final."""

from __future__ import annotations

import time
from collections.abc import Callable

from arbiter.model.stick_to_colours import Position, PositionError, legal_moves
from arbiter.model.stick_to_colours.view import View, format_view, parse_view

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Measure, PieceResult, Seat, Values
from ..pieces import Pieces
from ..search import Budget, Search, SearchLimit, Table
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
    budget = Budget(None, None if deadline is None else max(0.0, deadline - time.time()))
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
                  low=-MARGIN_RANGE, high=MARGIN_RANGE)
SEAT = Seat("stick-to-colours", (MEASURE,), solve_deals, describe=format_view)


def advise(view: View | str, *, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           progress: Callable[[Advice], None] | None = None, pieces: Pieces | None = None,
           cache: dict | None = None) -> Advice:
    """Each decision's margin for the seat of ``view`` (a View or its notation): the shared
    ``advise`` on Stick to Colours's seat. PositionError for a bad view."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if view.position.is_over:
        raise PositionError("position", "the game is over: there is no decision to advise")
    if view.position.to_move != view.seat:
        raise PositionError("seat", f"player {view.seat} does not decide now")
    return shared.advise(view, SEAT, exact=exact, samples=samples, seed=seed, timeout=timeout, jobs=jobs,
                         max_deals=max_deals, stop_early=stop_early, progress=progress, cache=cache, pieces=pieces)


__all__ = ["MEASURE", "SEAT", "ThisTurn", "advise", "solve_deals", "values"]
