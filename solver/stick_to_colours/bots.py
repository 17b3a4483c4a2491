"""Stick to Colours's side of the bots (``solver/bots.py``): its step interface, views (tracked from
the game's history) and advice; the rule of thumb: put up or bid for the card that adds most to the
seat's score, refusing as little as it can (a quarter of a point for each market card refused, a
point for each card of its own hand, which it loses); pass when nothing adds. Its decisions are
single steps (the refill is dealt from the deck between them); the exact level plays best defence
(``defence.py``, the margin at the end of the turn) where the view is small, late in a game."""

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
                   _greedy, lambda pos: list(pos.winners), best_defence, _rules, lambda view: _rules(view).perfect)

__all__ = ["GAME"]
