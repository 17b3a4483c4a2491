"""Stick to Colours's side of the bots (``solver/bots.py``): its step interface, views (tracked from
the game's history) and advice; the rule of thumb: put up or bid for the card that adds most to the
seat's score, refusing as little as it can (a quarter of a point for each market card refused, a
point for each card of its own hand, which it loses); pass when nothing adds. Its decisions are
single steps (the refill is dealt from the deck between them); the exact level plays best defence
(``defence.py``, the margin at the end of the turn) where the view has at most ``EXACT_DEALS``
consistent deals (late in a game: the deck empty, the others' dealt cards unseen), else it plays as
the sampled level."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter.model.stick_to_colours import steps
from arbiter.model.stick_to_colours.cards import add, counts_of, parse_card, sub
from arbiter.model.stick_to_colours.fast import points
from arbiter.model.stick_to_colours.game import Move, Position, Slot
from arbiter.model.stick_to_colours.spec import scoring_spec
from arbiter.model.stick_to_colours.view import view_of

from .. import bots as shared
from .advise import advise
from .defence import best_defence, rules

MARKET_COST, HAND_COST = 0.25, 1.0
# Best defence over 30 deals (a card left in the deck) took 18-29 s a view and 6 deals 0.01-17 s
# (small_view, 3-5 market cards, 2026-12-03): past 12 deals it would not finish in a bot's 5 s.
EXACT_DEALS = 12


def _greedy(seen: shared.Seen, state: Position, texts: Sequence[str]) -> list[str]:
    me = seen.view.me
    hand = seen.view.position.hands[me]
    spec = scoring_spec(state.ruleset)
    now = points(hand, spec)

    def key(text: str) -> tuple:
        m = Move.parse(text)
        if m.kind == "pass":
            return 0.0, 0, text
        lot = Slot.parse(m.lot).card if m.kind == "auction" else state.auction.lot.card
        kept = sub(hand, counts_of(parse_card(c) for c in m.hand)) if m.hand else hand
        gain = points(add(kept, counts_of([lot])), spec) - now
        return -(gain - MARKET_COST * len(m.market) - HAND_COST * len(m.hand)), len(m.market) + len(m.hand), text

    return sorted(texts, key=key)


def _rules(view: Any) -> Any:
    return rules(view.me, view.position.dealer)


GAME = shared.Game("stick-to-colours", steps.steps, steps.apply_step, steps.shown, lambda pos: (), view_of, advise,
                   _greedy, lambda pos: list(pos.winners), best_defence, _rules, lambda view: _rules(view).perfect,
                   exact_deals=EXACT_DEALS)

__all__ = ["EXACT_DEALS", "GAME"]
