"""Red7's ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``leader``,
``qualifying``, ``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from typing import Any

from . import fast
from .cards import CardError, codes, parse_cards, parse_colour
from .game import MoveError, Position, PositionError, apply, legal_moves
from .notation import position_from_json, position_to_json
from .ruleset import BASIC, PRESETS, SWITCHES, Ruleset, RulesetError
from ..protocol import (  # noqa: F401 - re-exported: Red7 callers use these names from here
    ILLEGAL_MOVE,
    INTERNAL_ERROR,
    INVALID_CARD,
    INVALID_FIELD,
    INVALID_JSON,
    INVALID_POSITION,
    INVALID_REQUEST,
    INVALID_RULESET,
    MISSING_FIELD,
    PROTOCOL,
    UNKNOWN_OP,
    UNKNOWN_RULE,
    Op,
    RequestError,
    answer,
    error,
    handle_line,
    serve,
)
from ..protocol import field as _field

GAME_ID = "red7"


def _ruleset(request: dict) -> Ruleset:
    if "ruleset" not in request:
        return BASIC
    try:
        return Ruleset.from_json(request["ruleset"])
    except RulesetError as e:
        raise RequestError(INVALID_RULESET, f"ruleset: {e}") from None


def _rule(request: dict) -> int:
    try:
        return parse_colour(_field(request, "rule"))
    except CardError as e:
        raise RequestError(UNKNOWN_RULE, f"rule: {e}") from None


def _cards(value: Any, what: str) -> int:
    try:
        return parse_cards(value, what)
    except CardError as e:
        raise RequestError(INVALID_CARD, f"{what}: {e}") from None


def _position(request: dict, ruleset: Ruleset) -> Position:
    obj = _field(request, "position")
    if isinstance(obj, dict) and "ruleset" not in obj and "ruleset" in request:
        obj = {**obj, "ruleset": ruleset.to_json()}  # the request's ruleset fills a position that names none
    try:
        pos = position_from_json(obj)
    except PositionError as e:
        code = {"rule": UNKNOWN_RULE, "ruleset": INVALID_RULESET}.get(e.field, INVALID_POSITION)
        raise RequestError(code, f"position.{e}") from None
    if "ruleset" in request and pos.ruleset != ruleset:
        raise RequestError(INVALID_RULESET, "ruleset: the request and its position name different rulesets")
    return pos


def _hello(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    # "games" declares everything served (docs/protocol.md); the flat fields are for older clients.
    red7 = {"ops": list(OPS), "players": [2, 3, 4], "presets": list(PRESETS),
            "switches": {name: list(values) for name, values in SWITCHES.items() if name not in ("actions", "advanced")}}
    return {"protocol": PROTOCOL, "game": "red7", "ops": list(OPS), "games": {"red7": red7}}


def _leader(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    rule = _rule(request)
    palettes = _field(request, "palettes")
    if not isinstance(palettes, list):
        raise RequestError(INVALID_FIELD, "palettes: must be a list of Palettes (lists of card codes)")
    masks = [_cards(p, f"palettes[{i}]") for i, p in enumerate(palettes)]
    seen = 0
    for i, m in enumerate(masks):
        if seen & m:
            raise RequestError(INVALID_CARD, f"palettes[{i}]: card {codes(seen & m)[0]} is in two Palettes")
        seen |= m
    out = request.get("out", [])
    if not isinstance(out, list) or not all(type(i) is int and 0 <= i < len(masks) for i in out):
        raise RequestError(INVALID_FIELD, f"out: must be a list of player indices 0..{len(masks) - 1}")
    out_mask = 0
    for i in out:
        out_mask |= 1 << i
    return {"leader": fast.leader(rule, masks, out_mask, ruleset)}


def _qualifying(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    rule = _rule(request)
    return {"cards": codes(fast.qualifying_mask(rule, _cards(_field(request, "palette"), "palette")))}


def _legal_moves(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    return {"moves": [str(m) for m in legal_moves(_position(request, ruleset))]}


def _apply(request: dict, ruleset: Ruleset) -> dict[str, Any]:
    pos = _position(request, ruleset)
    move = _field(request, "move")
    if not isinstance(move, str):
        raise RequestError(INVALID_FIELD, f"move: must be a turn text like 'play R7', got {move!r}")
    try:
        return {"position": position_to_json(apply(pos, move))}
    except CardError as e:
        raise RequestError(INVALID_CARD, f"move: {e}") from None
    except MoveError as e:
        raise RequestError(ILLEGAL_MOVE, f"move: {e}") from None


OPS: dict[str, Op] = {
    "hello": _hello,
    "leader": _leader,
    "qualifying": _qualifying,
    "legal_moves": _legal_moves,
    "apply": _apply,
}


def handle(request: Any) -> dict[str, Any]:
    """Red7's answer to one parsed request (an error answer for anything it cannot serve)."""
    if not isinstance(request, dict):
        return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
    return answer(request, OPS, _ruleset)
