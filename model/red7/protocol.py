"""The engine protocol ``arbiter-engine/1``: JSON lines in, one JSON answer per line out
(``docs/protocol.md``). ``handle`` answers one request; ``serve`` runs the loop."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from . import fast
from .cards import CardError, codes, parse_cards, parse_colour
from .game import MoveError, Position, PositionError, apply, legal_moves
from .notation import position_from_json, position_to_json, read_json
from .ruleset import BASIC, Ruleset, RulesetError

PROTOCOL = "arbiter-engine/1"

# Error codes; docs/protocol.md lists when each is sent.
INVALID_JSON = "invalid_json"
INVALID_REQUEST = "invalid_request"
UNKNOWN_OP = "unknown_op"
MISSING_FIELD = "missing_field"
INVALID_FIELD = "invalid_field"
INVALID_CARD = "invalid_card"
UNKNOWN_RULE = "unknown_rule"
INVALID_RULESET = "invalid_ruleset"
INVALID_POSITION = "invalid_position"
ILLEGAL_MOVE = "illegal_move"
INTERNAL_ERROR = "internal_error"


class RequestError(Exception):
    """A request the engine cannot answer; becomes an error answer."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _field(request: dict, name: str) -> Any:
    if name not in request:
        raise RequestError(MISSING_FIELD, f"missing field {name!r}")
    return request[name]


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
    return {"protocol": PROTOCOL, "game": "red7", "ops": list(OPS)}


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


OPS: dict[str, Callable[[dict, Ruleset], dict[str, Any]]] = {
    "hello": _hello,
    "leader": _leader,
    "qualifying": _qualifying,
    "legal_moves": _legal_moves,
    "apply": _apply,
}


def error(request_id: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "error": {"code": code, "message": message}}


def handle(request: Any) -> dict[str, Any]:
    """The answer to one parsed request (an error answer for anything it cannot serve)."""
    if not isinstance(request, dict):
        return error(None, INVALID_REQUEST, f"a request must be a JSON object, got {type(request).__name__}")
    request_id = request.get("id")
    try:
        op = _field(request, "op")
        if op not in OPS:
            raise RequestError(UNKNOWN_OP, f"unknown op {op!r} (known: {', '.join(OPS)})")
        return {"id": request_id, **OPS[op](request, _ruleset(request))}
    except RequestError as e:
        return error(request_id, e.code, e.message)
    except Exception as e:  # noqa: BLE001 - a bug behind one answer must not stop the engine serving
        return error(request_id, INTERNAL_ERROR, f"{type(e).__name__}: {e}")


def handle_line(line: str) -> dict[str, Any]:
    """The answer to one request line."""
    try:
        request = read_json(line)
    except ValueError as e:
        return error(None, INVALID_JSON, str(e))
    return handle(request)


def serve(instream: TextIO, outstream: TextIO) -> int:
    """Answer each non-blank line of ``instream`` on ``outstream``, flushing each answer; 0 at EOF."""
    for line in instream:
        if not line.strip():
            continue
        answer = handle_line(line)
        try:
            text = json.dumps(answer)
        except (ValueError, RecursionError):  # an id Python can read but not write back
            text = json.dumps(error(None, INVALID_REQUEST, "the request id cannot be written back as JSON"))
        outstream.write(text + "\n")
        outstream.flush()
    return 0
