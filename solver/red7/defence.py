"""Red7 from the seat to move under best defence (``solver/defence.py``): the round's exact value for
a strategy that sees only the seat's view and what it is shown as play goes on (the cards played and
discarded, its own draws), against opponents who see every card. Beside it, the win share of
``advise`` over the same deals, so that the gap is measured (``arbiter advise --best-defence``)."""

from __future__ import annotations

import random
from typing import Any

from arbiter.model.red7 import steps as red7_steps
from arbiter.model.red7.cards import ALL_CARDS, cards_of
from arbiter.model.red7.game import Position, PositionError, dealt
from arbiter.model.red7.ruleset import BASIC
from arbiter.model.red7.view import View, parse_view
from arbiter.model.steps import Midturn

from .. import defence as shared
from ..advise import Advice, Measure
from .advise import SEARCH_ORDER_FROM, TABLE_SIZE, seat
from .core import open_search
from .game import Red7Game

MAX_DEALS = shared.MAX_DEALS
DEFENCE = Measure("defence", "best-defence share: the share of the deals won by the best strategy that uses only "
                  "what the seat sees (its view, then the cards shown as play goes on), every opponent seeing all "
                  "cards and playing, in each deal, against it (exact)",
                  note=shared.NOTE)


def small_deal(seed: int, players: int = 2, hand: int = 3, deck: int = 1, ruleset: Any = BASIC) -> Position:
    """A seeded short round: ``hand`` cards to each hand, one to each Palette and ``deck`` to the deck
    from the 49 cards shuffled; the others are out of the round, so that a seat's view has few
    unseen cards (the other hands and the deck) and its exact best-defence value is in reach."""
    cards = list(cards_of(ALL_CARDS))
    random.Random(seed).shuffle(cards)
    return dealt(players, cards[:players * (hand + 1) + deck], ruleset, hand=hand)


def rules(seat_: int, ruleset: Any, players: int, timeout: float | None = None) -> shared.Rules:
    """Red7's rules for ``seat_`` on the step interface; the perfect-information value of a state is the
    coalition's forced-win search (the compiled core where it supports the ruleset; SearchLimit
    after ``timeout`` seconds)."""
    game = Red7Game(ruleset, SEARCH_ORDER_FROM)
    search, _, _, _ = open_search(game, players, None, timeout, TABLE_SIZE)
    known: dict[Position, int] = {}

    def value(state: Any) -> int | None:
        if isinstance(state, Position) and state.is_over:
            return int(state.winner == seat_)
        return None

    def perfect(state: Any) -> int:
        if isinstance(state, Midturn):
            ends = [perfect(turn.after) for _, turn in red7_steps.turns_from(state)]
            return max(ends) if state.to_move == seat_ else min(ends)
        v = value(state)
        if v is not None:
            return v
        got = known.get(state)
        if got is None:
            got = known[state] = int(search.wins(game.state(state), seat_))
        return got

    def seen(before: Any, step: str, after: Any) -> str:
        return red7_steps.shown(before, step, after).to(seat_)

    return shared.Rules(seat_, lambda s: s.to_move, value, red7_steps.steps, red7_steps.apply_step, seen,
                        perfect=perfect)


def best_defence(view: View | str, *, timeout: float | None = None, max_deals: int = MAX_DEALS,
                 jobs: int = 1, pieces: Any = None) -> Advice:
    """Each first step's best-defence share for the player to move in ``view`` (a View or its notation),
    and its win share (``advise``, exact) beside it. TooManyDeals past ``max_deals``; PositionError
    for a bad view; ``stopped`` ``"timeout"`` or ``"interrupted"`` with the steps not finished given
    their sure range (none of the deals up to the win share's)."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    pos = view.position
    if pos.is_over:
        raise PositionError("position", "the round is over: there is no turn to advise")
    return shared.advise(view, seat(), lambda left: rules(view.me, pos.ruleset, pos.players, left), DEFENCE,
                         timeout=timeout, max_deals=max_deals, jobs=jobs, pieces=pieces)


__all__ = ["DEFENCE", "MAX_DEALS", "best_defence", "rules", "small_deal"]
