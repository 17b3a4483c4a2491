"""Bridge's ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``trick`` (who
wins a trick at a strain), ``legal_moves``, ``apply``; the loop and error answers are
``arbiter.model.protocol``'s."""

from __future__ import annotations

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
from .cards import STRAINS, CardError, card_code, parse_card, parse_strain
from .game import DEFAULT, PLAYERS, Ruleset
from .notation import GAME_ID

_ruleset = ruleset_reader(Ruleset, DEFAULT)


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return hello_answer(GAME_ID, OPS, Ruleset)


def parse_trick(request: dict) -> tuple[int, list[int]]:
    """The strain and cards of a ``trick`` request, or a RequestError."""
    try:
        strain = parse_strain(field(request, "strain"))
    except CardError as e:
        raise RequestError(INVALID_FIELD, f"strain: {e}") from None
    items = field(request, "cards")
    if not isinstance(items, list) or not items or len(items) > PLAYERS:
        raise RequestError(INVALID_FIELD, "cards: must be a list of one to four cards in play order, like ['HK', 'HA']")
    cards: list[int] = []
    for k, text in enumerate(items):
        try:
            c = parse_card(text)
        except CardError as e:
            raise RequestError(INVALID_CARD, f"cards[{k}]: {e}") from None
        if c in cards:
            raise RequestError(INVALID_CARD, f"cards[{k}]: card {card_code(c)} is played twice")
        cards.append(c)
    return strain, cards


def trick_answer(strain: int, cards: list[int]) -> dict[str, Any]:
    """The answer of a ``trick`` request (shared with the checker's oracle): the index of the
    winning play so far, and its card."""
    w = fast.winner(strain, cards)
    return {"winner": w, "card": card_code(cards[w]), "strain": STRAINS[strain]}


def _trick(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return trick_answer(*parse_trick(request))


OPS: dict[str, Op] = {
    "hello": _hello,
    "trick": _trick,
    **move_ops(game, steps, "SA"),
}


handle = game_handler(OPS, _ruleset)
"""Bridge's answer to one parsed request (an error answer for anything it cannot serve)."""
