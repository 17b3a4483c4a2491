"""Realms's ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``trick``,
``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from typing import Any

from ..protocol import (
    ILLEGAL_MOVE,
    INVALID_CARD,
    INVALID_COLOUR,
    INVALID_FIELD,
    INVALID_POSITION,
    INVALID_REQUEST,
    INVALID_RULESET,
    PROTOCOL,
    Op,
    RequestError,
    answer,
    error,
    field,
)
from . import fast
from .cards import COLOUR_NAMES, CardError, card_code, parse_colour
from .game import COLOUR_CHOICE, MAX_PLAYERS, MoveError, PositionError, apply, choice_kind, legal_moves, parse_play
from .notation import GAME_ID, position_from_json, position_to_json
from .ruleset import DEFAULT, Ruleset, RulesetError


def _ruleset(request: dict) -> Ruleset:
    if "ruleset" not in request:
        return DEFAULT
    try:
        return Ruleset.from_json(request["ruleset"])
    except RulesetError as e:
        raise RequestError(INVALID_RULESET, f"ruleset: {e}") from None


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return {"protocol": PROTOCOL, "game": GAME_ID, "ops": list(OPS)}


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


def _position(request: dict, ruleset: Ruleset):
    obj = field(request, "position")
    if isinstance(obj, dict) and "ruleset" not in obj and "ruleset" in request:
        obj = {**obj, "ruleset": ruleset.to_json()}  # the request's ruleset fills a position that names none
    try:
        pos = position_from_json(obj)
    except PositionError as e:
        code = {"ruleset": INVALID_RULESET}.get(e.field, INVALID_POSITION)
        raise RequestError(code, f"position.{e}") from None
    if "ruleset" in request and pos.ruleset != ruleset:
        raise RequestError(INVALID_RULESET, "ruleset: the request and its position name different rulesets")
    return pos


def _legal_moves(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return {"moves": [str(m) for m in legal_moves(_position(request, ruleset))]}


def _apply(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    pos = _position(request, ruleset)
    move = field(request, "move")
    if not isinstance(move, str):
        raise RequestError(INVALID_FIELD, f"move: must be a move text like 'R5' or 'P3=red', got {move!r}")
    try:
        return {"position": position_to_json(apply(pos, move))}
    except MoveError as e:
        raise RequestError(ILLEGAL_MOVE, f"move: {e}") from None


OPS: dict[str, Op] = {
    "hello": _hello,
    "trick": _trick,
    "legal_moves": _legal_moves,
    "apply": _apply,
}


def handle(request: Any) -> dict[str, Any]:
    """Realms's answer to one parsed request (an error answer for anything it cannot serve)."""
    if not isinstance(request, dict):
        return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
    return answer(request, OPS, _ruleset)
