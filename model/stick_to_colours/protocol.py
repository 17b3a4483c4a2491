"""Stick to Colours ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``score``,
``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from typing import Any

from ..protocol import (
    ILLEGAL_MOVE,
    INVALID_CARD,
    INVALID_FIELD,
    INVALID_POSITION,
    INVALID_REQUEST,
    INVALID_RULESET,
    PROTOCOL,
    Op,
    RequestError,
    answer,
    declaration,
    error,
    field,
)
from . import fast
from .cards import CardError, parse_cards
from .game import MoveError, Position, PositionError, apply, deck_counts, legal_moves
from .notation import GAME_ID, position_from_json, position_to_json
from .ruleset import DEFAULT, Ruleset, RulesetError
from .spec import scoring_spec


def _ruleset(request: dict) -> Ruleset:
    if "ruleset" not in request:
        return DEFAULT
    try:
        return Ruleset.from_json(request["ruleset"])
    except (RulesetError, TypeError) as e:
        raise RequestError(INVALID_RULESET, f"ruleset: {e}") from None


def _position(request: dict, ruleset: Ruleset) -> Position:
    obj = field(request, "position")
    if isinstance(obj, dict) and "ruleset" not in obj and "ruleset" in request:
        obj = {**obj, "ruleset": ruleset.to_json()}
    try:
        pos = position_from_json(obj)
    except PositionError as e:
        code = INVALID_RULESET if e.field == "ruleset" else INVALID_POSITION
        raise RequestError(code, f"position.{e}") from None
    if "ruleset" in request and pos.ruleset != ruleset:
        raise RequestError(INVALID_RULESET, "ruleset: the request and its position name different rulesets")
    return pos


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return {"protocol": PROTOCOL, "game": GAME_ID, "ops": list(OPS), "games": {GAME_ID: declaration(GAME_ID, OPS, Ruleset)}}


def _score(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    cards = field(request, "cards")
    if not isinstance(cards, list):
        raise RequestError(INVALID_FIELD, "cards: must be a list of card codes like 'R1' or 'BJ'")
    try:
        counts = parse_cards(cards, "cards", deck_counts(ruleset))
    except CardError as e:
        raise RequestError(INVALID_CARD, str(e)) from None
    return fast.score(counts, scoring_spec(ruleset)).to_json()


def _legal_moves(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return {"moves": [str(m) for m in legal_moves(_position(request, ruleset))]}


def _apply(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    pos = _position(request, ruleset)
    move = field(request, "move")
    if not isinstance(move, str):
        raise RequestError(INVALID_FIELD, f"move: must be a move text like 'bid refuse B3', got {move!r}")
    try:
        return {"position": position_to_json(apply(pos, move))}
    except MoveError as e:
        raise RequestError(ILLEGAL_MOVE, f"move: {e}") from None


OPS: dict[str, Op] = {"hello": _hello, "score": _score, "legal_moves": _legal_moves, "apply": _apply}


def handle(request: Any) -> dict[str, Any]:
    """Stick to Colours' answer to one parsed request (an error answer for anything it cannot serve)."""
    if not isinstance(request, dict):
        return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
    return answer(request, OPS, _ruleset)
