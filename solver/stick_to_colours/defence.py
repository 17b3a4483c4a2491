"""Stick to Colours from the seat to move under best defence (``solver/defence.py``): the exact score
margin at the end of this turn (the horizon of ``advise``: the auction over, the market refilled,
every collection scored as if the game ended then) for a strategy that sees only the seat's view and
what each decision shows it (the others' hand refusals face down, the refills face up), against all
the others together seeing every card. Beside it, the margin of ``advise`` over the same deals with
every card known, so that the gap is measured (``arbiter advise --best-defence``)."""

from __future__ import annotations

import random
from typing import Any

from arbiter.model.stick_to_colours import steps
from arbiter.model.stick_to_colours.cards import counts_of
from arbiter.model.stick_to_colours.game import (
    DEFAULT,
    TOKENS,
    Position,
    PositionError,
    Slot,
    deck_counts,
    has_bot,
    market_size,
)
from arbiter.model.stick_to_colours.view import View, seat_view

from .. import defence as shared
from ..advise import Advice, Measure
from ..search import Budget, Search, Table
from . import margin
from .advise import MARGIN_RANGE, SEAT, TABLE_SIZE, ThisTurn, deciding

MAX_DEALS = shared.MAX_DEALS
LOW = -int(MARGIN_RANGE)
DEFENCE = Measure("defence", "best-defence margin: the score margin at the end of this turn (as for the margin "
                  "below) that the best strategy using only what the seat sees (its view, then each decision as "
                  "shown: the others' hand refusals face down) forces against all the others together, who see "
                  "every card, averaged over the consistent deals (exact)", binary=False, low=LOW,
                  high=MARGIN_RANGE, unit="margin",
                  note=shared.NOTE)


def small_deal(seed: int, players: int = 2, hand: int = 2, won: int = 3, market: int = 3, deck: int = 0,
               ruleset: Any = DEFAULT) -> Position:
    """A seeded short game late in play: from the cards shuffled, ``hand`` dealt to each collection
    (the bot's too) and ``won`` more it took face up (recorded: ``Position.record``), then ``market``
    face up on the market and ``deck`` to the deck; the rest lie face up in the discard pile (cleared
    markets), so that a seat's view (``small_view``) has few unseen cards (the dealt ones and the
    deck) and its exact best-defence value is in reach. Player 0 deals; no token is out."""
    if not 1 <= market <= market_size(players):
        raise PositionError("market", f"holds 1 to {market_size(players)} cards, got {market}")
    cards = [c for c, n in enumerate(deck_counts(ruleset)) for _ in range(n)]
    random.Random(seed).shuffle(cards)
    each = hand + won
    collections = range(players + has_bot(players, ruleset))
    hands = tuple(counts_of(cards[k * each:(k + 1) * each]) for k in collections)
    record = tuple(tuple(cards[k * each + hand:(k + 1) * each]) for k in collections)
    laid = len(collections) * each
    return Position(ruleset, players, tuple(cards[laid + market:laid + market + deck]),
                    tuple(sorted(Slot(c) for c in cards[laid:laid + market])), hands,
                    counts_of(cards[laid + market + deck:]), 0, 0, (TOKENS,) * players, None,
                    record if won else ())


def small_view(seed: int, players: int = 2, hand: int = 2, won: int = 3, market: int = 3, deck: int = 0,
               ruleset: Any = DEFAULT) -> View:
    """The dealer's view of ``small_deal`` (the same arguments, ``view.seat_view``): every
    collection's ``won`` cards seen as they were taken, its ``hand`` dealt ones unseen."""
    return seat_view(small_deal(seed, players, hand, won, market, deck, ruleset), 0)


def rules(seat_: int, dealer: int, timeout: float | None = None) -> shared.Rules:
    """Stick to Colours's rules for ``seat_`` on the step interface, cut at the end of ``dealer``'s
    turn (as ``advise``'s ``ThisTurn``: once the auction is over and the dealer token has passed on);
    the perfect-information value of a state within the turn (its dealer is ``dealer``) is the
    coalition's margin search of ``advise`` from it (SearchLimit after ``timeout`` seconds)."""
    budget = Budget(None, timeout)
    known: dict[Position, int] = {}

    def value(state: Position) -> int | None:
        if not state.is_over and (state.auction is not None or state.dealer == dealer):
            return None
        return margin(state, seat_)

    def perfect(state: Position) -> int:
        got = known.get(state)
        if got is None:
            game = ThisTurn(state)
            got = known[state] = Search(game, budget, Table(TABLE_SIZE)).value(game.root, seat_)
        return got

    def seen(before: Position, step: str, after: Position) -> str:
        return steps.shown(before, step, after).to(seat_)

    return shared.Rules(seat_, lambda s: s.to_move, value, steps.steps, steps.apply_step, seen, low=LOW,
                        perfect=perfect)


def best_defence(view: View | str, *, timeout: float | None = None, max_deals: int = MAX_DEALS,
                 jobs: int = 1, pieces: Any = None) -> Advice:
    """Each decision's best-defence margin for the player to move in ``view`` (a View or its notation),
    and its margin with every card known (``advise``, exact) beside it. TooManyDeals past
    ``max_deals``; PositionError for a bad view; ``stopped`` ``"timeout"`` or ``"interrupted"`` with the
    decisions not finished given their sure range (the lowest margin up to the margin all cards known)."""
    view = deciding(view)
    pos = view.position
    return shared.advise(view, SEAT, lambda left: rules(view.seat, pos.dealer, left), DEFENCE,
                         timeout=timeout, max_deals=max_deals, jobs=jobs, pieces=pieces)


__all__ = ["DEFENCE", "MAX_DEALS", "best_defence", "rules", "small_deal", "small_view"]
