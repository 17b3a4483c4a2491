"""Stick to Colours ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``score``,
``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ..protocol import (
    INVALID_CARD,
    INVALID_FIELD,
    Op,
    RequestError,
    field,
    game_handler,
    hello_answer,
    move_ops,
    ruleset_reader,
)
from . import fast, game, steps
from .cards import CardError, parse_cards
from .game import deck_counts
from .notation import GAME_ID
from .ruleset import DEFAULT, Ruleset
from .spec import scoring_spec

_ruleset = ruleset_reader(Ruleset, DEFAULT)


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return hello_answer(GAME_ID, OPS, Ruleset)


def _score(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    cards = field(request, "cards")
    if not isinstance(cards, list):
        raise RequestError(INVALID_FIELD, "cards: must be a list of card codes like 'R1' or 'BJ'")
    try:
        counts = parse_cards(cards, "cards", deck_counts(ruleset))
    except CardError as e:
        raise RequestError(INVALID_CARD, str(e)) from None
    return fast.score(counts, scoring_spec(ruleset)).to_json()


# The protocol is about the rules: its answers leave out the record of what the seats saw (a request may hold one).
_STEPS = SimpleNamespace(**{name: getattr(steps, name) for name in ("steps", "apply_step", "apply_any", "turns_from",
                                                                    "state_from_json")},
                         state_to_json=lambda state: steps.state_to_json(game.unrecorded(state)))
OPS: dict[str, Op] = {"hello": _hello, "score": _score, **move_ops(game, _STEPS, "bid refuse B3")}


handle = game_handler(OPS, _ruleset)
"""Stick to Colours' answer to one parsed request (an error answer for anything it cannot serve)."""
