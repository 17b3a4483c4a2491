"""Position notation: the JSON object of ``docs/notation.md`` and the one-line text form.

Both round-trip exactly; bad input raises PositionError naming the field and the problem.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from ..games import BOM, looks_like_json, read_json
from .cards import COLOUR_NAMES, CardError, card_code, codes, parse_card, parse_cards, parse_colour
from .game import Position, PositionError
from .ruleset import Ruleset, RulesetError

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
            except CardError as e:  # the message may begin with the zone it names: said once
                raise PositionError(f"{where}.{zone}", str(e).removeprefix(f"{where}.{zone} ")) from None
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
        obj = read_json(text)
    except ValueError as e:
        raise PositionError("position", str(e)) from None
    return position_from_json(obj)


def format_json(pos: Position, indent: int | None = None) -> str:
    return json.dumps(position_to_json(pos), indent=indent)


# -- one-line text notation ------------------------------------------------------------------

_SECTIONS = ("deck", "scores", "canvas")


def format_text(pos: Position) -> str:
    """The canonical one-line text: ``rule to_move ruleset | hand / palette [out] | ... [| deck ...] [| scores ...]``."""
    parts = [f"{COLOUR_NAMES[pos.rule]} {pos.to_move} {pos.ruleset}"]
    for i in range(pos.players):
        words = codes(pos.hands[i]) + ["/"] + codes(pos.palettes[i]) + (["out"] if pos.is_out(i) else [])
        parts.append(" ".join(words))
    if pos.deck:
        parts.append(" ".join(["deck"] + [card_code(c) for c in pos.deck]))
    if pos.scores is not None:
        parts.append(" ".join(["scores"] + [str(s) for s in pos.scores]))
    return " | ".join(parts)


def text_to_json(text: str) -> dict[str, Any]:
    """The JSON object a line of text notation stands for (cards are checked later, by
    ``position_from_json``, so both notations report the same fields)."""
    if not isinstance(text, str):
        raise PositionError("position", f"text notation must be a string, got {type(text).__name__}")
    header, *sections = [s.split() for s in text.replace("/", " / ").split("|")]
    obj: dict[str, Any] = {"game": "red7"}
    if not header:
        raise PositionError("rule", "missing field (text notation starts with: rule to_move ruleset)")
    obj["rule"] = header[0]
    if len(header) < 2:
        raise PositionError("to_move", "missing field (text notation starts with: rule to_move ruleset)")
    if not header[1].isdecimal():
        raise PositionError("to_move", f"must be a player index, got {header[1]!r}")
    obj["to_move"] = int(header[1])
    if len(header) > 3:
        raise PositionError("ruleset", f"must be one word like advanced,final_tie=most_cards, got {' '.join(header[2:])!r}")
    if len(header) == 3:
        try:
            obj["ruleset"] = Ruleset.parse(header[2]).to_json()
        except RulesetError as e:
            raise PositionError("ruleset", str(e)) from None
    players: list[dict[str, Any]] = []
    for words in sections:
        head = words[0].lower() if words else ""
        if head in _SECTIONS:
            if head in obj:
                raise PositionError(head, "given twice")
            obj[head] = _scores(words[1:]) if head == "scores" else _count_or_cards(words[1:])
            continue
        where = f"players[{len(players)}]"
        if head.isalpha() and len(head) > 2:
            raise PositionError(head, f"unknown key (known: {', '.join(_SECTIONS)}; a player is: hand / palette [out])")
        if any(k in obj for k in _SECTIONS):
            raise PositionError(where, "players come before the deck, scores and canvas sections")
        if words.count("/") != 1:
            raise PositionError(where, "a player is written: hand cards / palette cards [out]")
        slash = words.index("/")
        player: dict[str, Any] = {"hand": _count_or_cards(words[:slash]), "palette": words[slash + 1:]}
        if player["palette"] and player["palette"][-1].lower() == "out":
            player["palette"].pop()
            player["out"] = True
        players.append(player)
    obj["players"] = players
    return obj


def _count_or_cards(words: list[str]) -> list[str] | int:
    """Card codes, or one number standing for that many hidden cards (a view; see ``view.py``)."""
    return int(words[0]) if len(words) == 1 and words[0].isdecimal() else words


def _scores(words: list[str]) -> list[int]:
    if not all(w.isdecimal() for w in words):
        raise PositionError("scores", f"must be non-negative integers, got {' '.join(words)!r}")
    return [int(w) for w in words]


def parse_text(text: str) -> Position:
    """A Position from one line of text notation (see docs/notation.md)."""
    return position_from_json(text_to_json(text))


def parse_position(text: str) -> Position:
    """A Position from JSON (text starting with ``{``, or ``[``, which is refused as no object) or
    from text notation (a leading byte order mark ignored)."""
    text = text.removeprefix(BOM)
    return parse_json(text) if looks_like_json(text) else parse_text(text)


def load_position(arg: str, stdin: TextIO | None = None, parse: Callable[[str], Any] = parse_position) -> Position:
    """A Position from ``-`` (read stdin), inline JSON, inline text notation, or a file holding either
    (``parse`` reads the text; views pass their own)."""
    if arg == "-":
        return parse((stdin or sys.stdin).read())
    if looks_like_json(arg) or "|" in arg:
        return parse(arg)
    path = Path(arg)
    if not path.is_file():
        raise PositionError("position", f"{arg!r} is not a file, JSON or text notation")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError("position", f"cannot read {arg!r}: {e}") from None
    return parse(text)


def bundled_position(name: str) -> Position:
    """A position shipped in ``arbiter/model/red7/data/<name>.json``."""
    return parse_json((resources.files(__package__) / "data" / f"{name}.json").read_text(encoding="utf-8"))


__all__ = [
    "bundled_position", "format_json", "format_text", "load_position", "parse_json", "parse_position",
    "parse_text", "position_from_json", "position_to_json", "read_json", "text_to_json",
]
