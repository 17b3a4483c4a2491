"""Position notation: the JSON object of ``docs/notation.md`` and the one-line text form.

Both round-trip exactly; bad input raises PositionError naming the field and the problem.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import ALL_CARDS, COLOUR_NAMES, CardError, card_code, codes, parse_card, parse_cards, parse_colour
from .game import Position, PositionError
from .ruleset import BASIC, Ruleset, RulesetError

_POSITION_KEYS = {"game", "rule", "to_move", "players", "deck", "ruleset", "scores"}
_PLAYER_KEYS = {"hand", "palette", "out"}


def _require(obj: dict, key: str, where: str) -> Any:
    if key not in obj:
        raise PositionError(where + key if not where else f"{where}.{key}", "missing field")
    return obj[key]


def position_from_json(obj: Any) -> Position:
    """A Position from the parsed JSON object (see docs/notation.md)."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - _POSITION_KEYS)
    if unknown:
        raise PositionError(unknown[0], f"unknown key (known: {', '.join(sorted(_POSITION_KEYS))})")
    game = obj.get("game", "red7")
    if game != "red7":
        raise PositionError("game", f"unknown game {game!r} (only 'red7')")
    try:
        rule = parse_colour(_require(obj, "rule", ""))
    except CardError as e:
        raise PositionError("rule", str(e)) from None
    try:
        ruleset = Ruleset.from_json(obj.get("ruleset", "basic"))
    except (RulesetError, TypeError) as e:
        raise PositionError("ruleset", str(e)) from None
    players = _require(obj, "players", "")
    if not isinstance(players, list):
        raise PositionError("players", "must be a list of player objects")
    if not 2 <= len(players) <= 4:
        raise PositionError("players", f"Red7 takes 2 to 4 players, got {len(players)}")
    hands, palettes, out = [], [], 0
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise PositionError(where, "must be an object with hand and palette")
        unknown = sorted(set(p) - _PLAYER_KEYS)
        if unknown:
            raise PositionError(f"{where}.{unknown[0]}", "unknown key (known: hand, palette, out)")
        for zone, into in (("hand", hands), ("palette", palettes)):
            try:
                into.append(parse_cards(_require(p, zone, where), f"{where}.{zone}"))
            except CardError as e:
                raise PositionError(f"{where}.{zone}", str(e)) from None
        flag = p.get("out", False)
        if not isinstance(flag, bool):
            raise PositionError(f"{where}.out", f"must be true or false, got {flag!r}")
        out |= flag << i
    deck_codes = obj.get("deck", [])
    if not isinstance(deck_codes, list):
        raise PositionError("deck", "must be a list of card codes, top first")
    try:
        deck = tuple(parse_card(c) for c in deck_codes)
    except CardError as e:
        raise PositionError("deck", str(e)) from None
    if len(deck_codes) + sum(m.bit_count() for m in hands + palettes) > 49:
        raise PositionError("players", "more than 49 cards in the position")
    to_move = _require(obj, "to_move", "")
    if not isinstance(to_move, int) or isinstance(to_move, bool):
        raise PositionError("to_move", f"must be a player index, got {to_move!r}")
    scores = obj.get("scores")
    if scores is not None:
        if not (isinstance(scores, list) and all(isinstance(s, int) and not isinstance(s, bool) and s >= 0
                                                  for s in scores)):
            raise PositionError("scores", "must be a list of non-negative integers, one per player")
        scores = tuple(scores)
    return Position(rule, to_move, tuple(hands), tuple(palettes), out, deck, ruleset, scores).validate()


def position_to_json(pos: Position) -> dict[str, Any]:
    players = []
    for i in range(pos.players):
        p: dict[str, Any] = {"hand": codes(pos.hands[i]), "palette": codes(pos.palettes[i])}
        if pos.is_out(i):
            p["out"] = True
        players.append(p)
    obj: dict[str, Any] = {"game": "red7", "rule": COLOUR_NAMES[pos.rule], "to_move": pos.to_move,
                           "players": players}
    if pos.deck:
        obj["deck"] = [card_code(c) for c in pos.deck]
    obj["ruleset"] = pos.ruleset.to_json()
    if pos.scores is not None:
        obj["scores"] = list(pos.scores)
    return obj


def parse_json(text: str) -> Position:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError("position", f"not valid JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    return position_from_json(obj)


def format_json(pos: Position, indent: int | None = None) -> str:
    return json.dumps(position_to_json(pos), indent=indent)


__all__ = ["position_from_json", "position_to_json", "parse_json", "format_json", "ALL_CARDS", "BASIC"]
