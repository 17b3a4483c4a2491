"""Red7's ops of the engine protocol ``arbiter-engine/1`` (``docs/protocol.md``): ``leader``,
``qualifying``, ``legal_moves``, ``apply``; the loop and error answers are ``arbiter.model.protocol``'s."""

from __future__ import annotations

from typing import Any

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
    game_handler,
    handle_line,
    move_ops,
    ruleset_reader,
    serve,
)
from ..protocol import field as _field
from . import fast, game, steps
from .cards import CardError, codes, parse_cards, parse_colour
from .game import MoveError, Position, PositionError, apply, legal_moves  # noqa: F401 - re-exported
from .notation import position_from_json, position_to_json  # noqa: F401 - re-exported
from .ruleset import BASIC, PRESETS, SWITCHES, Ruleset, RulesetError  # noqa: F401 - RulesetError re-exported

GAME_ID = "red7"


_ruleset = ruleset_reader(Ruleset, BASIC)


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


OPS: dict[str, Op] = {
    "hello": _hello,
    "leader": _leader,
    "qualifying": _qualifying,
    **move_ops(game, steps, "play R7", {"rule": UNKNOWN_RULE}, CardError),
}


handle = game_handler(OPS, _ruleset)
"""Red7's answer to one parsed request (an error answer for anything it cannot serve)."""
