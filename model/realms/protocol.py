"""Realms's ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``trick``,
``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from typing import Any

from ..protocol import (
    INVALID_CARD,
    INVALID_COLOUR,
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
from .cards import COLOUR_NAMES, CardError, card_code, parse_colour
from .game import COLOUR_CHOICE, MAX_PLAYERS, MoveError, choice_kind, parse_play
from .notation import GAME_ID
from .ruleset import DEFAULT, Ruleset

_ruleset = ruleset_reader(Ruleset, DEFAULT)


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return hello_answer(GAME_ID, OPS, Ruleset)


def trick_answer(ruleset: Ruleset, ruling: int, cards: list[int], choices: list[int | None]) -> dict[str, Any]:
    """The answer of a ``trick`` request (shared with the checker's oracle)."""
    winner, after, lead = fast.resolve(ruleset, ruling, cards, choices)
    return {"winner": winner, "ruling": COLOUR_NAMES[after], "leads_next": lead}


def parse_trick(request: dict) -> tuple[int, list[int], list[int | None]]:
    """The marker, cards and colour choices of a ``trick`` request, or a RequestError."""
    try:
        ruling = parse_colour(field(request, "ruling"))
    except CardError as e:
        raise RequestError(INVALID_COLOUR, f"ruling: {e}") from None
    items = field(request, "cards")
    if not isinstance(items, list) or not items:
        raise RequestError(INVALID_FIELD, "cards: must be a non-empty list of cards in play order, like ['R5', 'B5']")
    if len(items) > MAX_PLAYERS:
        raise RequestError(INVALID_FIELD, f"cards: a trick has at most {MAX_PLAYERS} cards (one per player)")
    cards, choices = [], []
    for k, text in enumerate(items):
        where = f"cards[{k}]"
        if not isinstance(text, str):
            raise RequestError(INVALID_CARD, f"{where}: must be a card code like 'R5' or 'P3=red', got {text!r}")
        try:
            m = parse_play(text, k == 0)
        except CardError as e:
            code = INVALID_COLOUR if "colour" in str(e) and "=" in text else INVALID_CARD
            raise RequestError(code, f"{where}: {e}") from None
        except MoveError as e:
            raise RequestError(INVALID_CARD, f"{where}: {e}") from None
        if m.card is None or m.ruling:
            raise RequestError(INVALID_CARD, f"{where}: must be a card, got {text!r}")
        if m.choice is not None and choice_kind(m.card, k == 0) != COLOUR_CHOICE:
            raise RequestError(INVALID_CARD, f"{where}: {card_code(m.card)}'s choice does not change the trick; "
                                             "send the card alone")
        if m.card in cards:
            raise RequestError(INVALID_CARD, f"{where}: card {card_code(m.card)} is played twice")
        cards.append(m.card)
        choices.append(m.choice)
    return ruling, cards, choices


def _trick(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return trick_answer(ruleset, *parse_trick(request))


OPS: dict[str, Op] = {
    "hello": _hello,
    "trick": _trick,
    **move_ops(game, steps, "P3=red"),
}


handle = game_handler(OPS, _ruleset)
"""Realms's answer to one parsed request (an error answer for anything it cannot serve)."""
