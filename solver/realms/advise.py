"""Advice from a Realms seat on the shared advice (``solver/advise.py``): for each move of the seat
(the ruling colour, or a card to play), the tricks it makes sure of in the next tricks against all
the others together, averaged over the deals of the hidden hands consistent with the view; the pile
stays shuffled in each deal (its draws are chance, taken at their worst).

The Tree's card is chosen after its player has seen the pile, so its move is advised up to the
card (``TRE ...``) and valued at its best choice in each deal."""

from __future__ import annotations

import time
from collections.abc import Callable

from arbiter.model.realms.cards import TREE, card_code
from arbiter.model.realms.game import Position, PositionError
from arbiter.model.realms.view import View, format_view, parse_view

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Measure, PieceResult, Seat, Values
from ..pieces import Pieces
from ..search import Budget, SearchLimit, Table
from . import ALL, Guarantee, Tree

TRICKS = 1  # the default horizon: the trick in progress (or, for the ruling colour, the first trick)
TABLE_SIZE = 1 << 18
_TREE = card_code(TREE)


def decision(move: str) -> str:
    """The part of a move decided before a hidden card is seen: the Tree without the pile card it takes."""
    return _TREE if move.startswith(_TREE + "=") else move


def _continues(move: str) -> bool:
    return move == _TREE


def values(pos: Position, me: int, tricks: int, budget: Budget, table: Table) -> Values:
    """For one deal (every hand known, the pile shuffled): each decision of ``me`` (to decide in
    ``pos``) with the tricks it makes sure of in the next ``tricks`` tricks against all the others
    together and any draw or steal; a decision of several moves (the Tree) at its best."""
    tree = Tree(pos, ALL, budget)
    tree.me = me
    guarantee = Guarantee(tree, table)
    steps = tree.steps(pos, tricks)
    found: dict[int, int] = {}
    out: dict[str, tuple[float, ...]] = {}
    guess = 0
    for step in steps:
        if step.k not in found:  # an interchangeable card's move has its class's value
            after, gain, ended = step.open(me)
            found[step.k] = gain + guarantee.exact(after, tricks - ended, guess - gain)
            guess = max(guess, found[step.k])
        v = found[step.k]
        d = decision(str(step.move))
        if d not in out or out[d][0] < v:
            out[d] = (float(v),)
    return out


def solve_deals(deals: list[Position], deadline: float | None, me: int, tricks: int) -> PieceResult:
    """One piece: each deal's ``values`` and nodes, one table shared by the piece's deals (its keys
    hold every hand and pile, so deals never mix); stopped by ``deadline`` or Ctrl-C."""
    table = Table(TABLE_SIZE)
    done: list[tuple[Values, int]] = []
    budget = Budget(None, None if deadline is None else max(0.0, deadline - time.time()))
    for pos in deals:
        before = budget.nodes
        try:
            found = values(pos, me, tricks, budget, table)
        except SearchLimit:
            return done, "timeout", "python"
        except KeyboardInterrupt:
            return done, "interrupted", "python"
        done.append((found, budget.nodes - before))
    return done, None, "python"


def measure(tricks: int) -> Measure:
    if tricks == 1:
        return Measure("trick", "trick share: the share of the deals of the hidden hands consistent with the view "
                       "in which the move makes sure of the trick (the one in progress, or the first after the "
                       "ruling colour) against all the others together, every hand known")
    return Measure("tricks", f"tricks made sure of in the next {tricks} tricks against all the others together and "
                   "any draw, every hand known (the pile shuffled), averaged over the consistent deals",
                   binary=False, high=float(tricks))


def seat(view: View, tricks: int = TRICKS) -> Seat:
    return Seat("realms", (measure(tricks),), solve_deals, (view.seat, tricks), continues=_continues,
                describe=format_view, decision=decision)


def advise(view: View | str, *, tricks: int = TRICKS, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           progress: Callable[[Advice], None] | None = None, pieces: Pieces | None = None,
           cache: dict | None = None) -> Advice:
    """Each decision's trick value for the seat of ``view`` (a View or its notation), over ``tricks``
    tricks: the shared ``advise`` on Realms's seat. PositionError for a bad view or horizon."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if not 1 <= tricks <= 7:
        raise PositionError("tricks", f"the horizon is 1 to 7 tricks, got {tricks}")
    if view.position.to_move != view.seat:
        raise PositionError("seat", f"player {view.seat} does not decide now")
    return shared.advise(view, seat(view, tricks), exact=exact, samples=samples, seed=seed, timeout=timeout,
                         jobs=jobs, max_deals=max_deals, stop_early=stop_early, progress=progress, cache=cache,
                         pieces=pieces)


__all__ = ["TRICKS", "advise", "decision", "seat", "solve_deals", "values"]
