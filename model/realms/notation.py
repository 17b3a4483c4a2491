"""Realms positions as JSON and as one line of text (``docs/notation.md``), both round-tripping
exactly; errors name the field at fault.

>>> pos = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,10 "
...                      "| trick R5 | hands - / B5 YDr | draw - | shuffled - | discard -")
>>> format_text(pos) == format_text(parse_position(format_text(pos)))
True
"""

from __future__ import annotations

from typing import Any

from ..games import parse_position_text
from .cards import COLOUR_NAMES, CardError, card_code, codes, parse_card, parse_cards, parse_colour
from .game import PHASES, PLAY, Move, Position, PositionError, choice_kind, parse_play
from .ruleset import Ruleset, RulesetError

GAME_ID = "realms"
_SECTIONS = ("trick", "hands", "draw", "shuffled", "discard")


def play_text(play: tuple[int, int | None] | None, leading: bool) -> str:
    if play is None:
        return "pass"
    c, x = play
    return str(Move(c, x)) if x is not None or choice_kind(c, leading) is None else card_code(c)


def _trick_texts(pos: Position) -> list[str]:
    out, leading = [], True
    for p in pos.trick:
        out.append(play_text(p, leading))
        leading = leading and p is None
    return out


def _trick_from(items: Any, where: str = "trick") -> tuple:
    if isinstance(items, str) or not isinstance(items, list):
        raise PositionError(where, f"must be a list of plays like 'R5', 'P3=red' or 'pass', got {items!r}")
    out: list = []
    for k, text in enumerate(items):
        try:
            m = parse_play(text, all(p is None for p in out))
        except (CardError, ValueError) as e:
            raise PositionError(f"{where}[{k}]", str(e)) from None
        if m.ruling:
            raise PositionError(f"{where}[{k}]", "the dealer's colour is not a play")
        out.append(None if m.card is None else (m.card, m.choice))
    return tuple(out)


def position_to_json(pos: Position) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "ruleset": pos.ruleset.to_json(),
        "phase": pos.phase,
        "round": pos.round,
        "dealer": pos.dealer,
        "leader": pos.leader,
        "ruling": None if pos.ruling is None else COLOUR_NAMES[pos.ruling],
        "scores": list(pos.scores),
        "trick": _trick_texts(pos),
        "hands": [codes(h) for h in pos.hands],
        "draw": [card_code(c) for c in pos.draw],
        "shuffled": codes(pos.shuffled),
        "discard": codes(pos.discard),
    }


def _int(obj: dict, name: str, default: Any = None) -> int:
    value = obj.get(name, default)
    if type(value) is not int:
        raise PositionError(name, f"must be an integer, got {value!r}")
    return value


def _mask(obj: dict, name: str) -> int:
    try:
        return parse_cards(obj.get(name, []), name)
    except CardError as e:
        raise PositionError(name, str(e)) from None


def position_from_json(obj: Any) -> Position:
    """A validated position from its JSON object; PositionError naming the field otherwise."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    if obj.get("game", GAME_ID) != GAME_ID:
        raise PositionError("game", f"expected {GAME_ID!r}, got {obj.get('game')!r}")
    known = {"game", "ruleset", "phase", "round", "dealer", "leader", "ruling", "scores"} | set(_SECTIONS)
    extra = sorted(set(obj) - known)
    if extra:
        raise PositionError(extra[0], f"unknown field (known: {', '.join(sorted(known))})")
    try:
        ruleset = Ruleset.from_json(obj.get("ruleset", "default"))
    except RulesetError as e:
        raise PositionError("ruleset", str(e)) from None
    hands = obj.get("hands")
    if not isinstance(hands, list):
        raise PositionError("hands", "must be a list of hands (lists of card codes), one per player")
    hand_masks = []
    for i, h in enumerate(hands):
        try:
            hand_masks.append(parse_cards(h, f"hands[{i}]"))
        except CardError as e:
            raise PositionError(f"hands[{i}]", str(e)) from None
    draw = obj.get("draw", [])
    if isinstance(draw, str) or not isinstance(draw, list):
        raise PositionError("draw", f"must be a list of card codes (top first), got {draw!r}")
    try:
        draw_cards = tuple(parse_card(c) for c in draw)
    except CardError as e:
        raise PositionError("draw", str(e)) from None
    ruling = obj.get("ruling")
    if ruling is not None:
        try:
            ruling = parse_colour(ruling)
        except CardError as e:
            raise PositionError("ruling", str(e)) from None
    scores = obj.get("scores", [0] * len(hand_masks))
    if not isinstance(scores, list):
        raise PositionError("scores", f"must be a list of integers, got {scores!r}")
    phase = obj.get("phase", PLAY)
    if phase not in PHASES:
        raise PositionError("phase", f"must be one of {', '.join(PHASES)}, got {phase!r}")
    pos = Position(hands=tuple(hand_masks), draw=draw_cards, shuffled=_mask(obj, "shuffled"),
                   discard=_mask(obj, "discard"), ruling=ruling, trick=_trick_from(obj.get("trick", [])),
                   leader=_int(obj, "leader", 0), dealer=_int(obj, "dealer", 0), scores=tuple(scores),
                   round=_int(obj, "round", 1), phase=phase, ruleset=ruleset)
    return pos.validate()


def format_text(pos: Position) -> str:
    """The one-line text form (starts with the word ``realms``)."""
    ruling = "-" if pos.ruling is None else COLOUR_NAMES[pos.ruling]
    head = (f"realms {pos.ruleset} phase={pos.phase} round={pos.round} dealer={pos.dealer} leader={pos.leader} "
            f"ruling={ruling} scores={','.join(map(str, pos.scores))}")

    def cards(items: list[str]) -> str:
        return " ".join(items) or "-"

    return " | ".join([
        head,
        f"trick {cards(_trick_texts(pos))}",
        "hands " + " / ".join(cards(codes(h)) for h in pos.hands),
        f"draw {cards([card_code(c) for c in pos.draw])}",
        f"shuffled {cards(codes(pos.shuffled))}",
        f"discard {cards(codes(pos.discard))}",
    ])


def parse_text(text: str) -> Position:
    return position_from_json(text_to_json(text))


def text_to_json(text: str, counts: bool = False) -> dict[str, Any]:
    """The JSON object of a text position; with ``counts`` (a view), a hand or the draw pile may be
    a number of hidden cards."""
    parts = [p.strip() for p in text.strip().split("|")]
    head = parts[0].split()
    if not head or head[0].lower() != GAME_ID:
        raise PositionError("text", "a Realms text position starts with the word 'realms'")
    if len(head) < 2:
        raise PositionError("ruleset", "the word 'realms' is followed by the ruleset, e.g. 'default'")
    obj: dict[str, Any] = {"game": GAME_ID, "ruleset": head[1]}
    try:
        obj["ruleset"] = Ruleset.parse(head[1]).to_json()
    except RulesetError as e:
        raise PositionError("ruleset", str(e)) from None
    for token in head[2:]:
        key, sep, value = token.partition("=")
        if not sep or key not in ("phase", "round", "dealer", "leader", "ruling", "scores"):
            raise PositionError("text", f"expected phase= round= dealer= leader= ruling= scores=, got {token!r}")
        if key in ("round", "dealer", "leader"):
            if not value.isdecimal():
                raise PositionError(key, f"must be a number, got {value!r}")
            obj[key] = int(value)
        elif key == "scores":
            items = value.split(",")
            if not all(v.isdecimal() for v in items):
                raise PositionError("scores", f"must be numbers separated by commas, got {value!r}")
            obj[key] = [int(v) for v in items]
        else:
            obj[key] = None if value == "-" else value
    for part in parts[1:]:
        name, _, rest = part.partition(" ")
        if name not in _SECTIONS:
            raise PositionError("text", f"unknown section {name!r} (sections: {', '.join(_SECTIONS)})")
        if name in obj:
            raise PositionError(name, "given twice")
        if name == "hands":
            obj[name] = [_items(h, counts) for h in rest.split("/")]
        else:
            obj[name] = _items(rest, counts and name == "draw")
    if "hands" not in obj:
        raise PositionError("hands", "the text has no 'hands' section")
    return obj


def _items(text: str, counts: bool) -> list[str] | int:
    words = text.split()
    if counts and len(words) == 1 and words[0].isdecimal():
        return int(words[0])
    return [] if text.strip() in ("", "-") else words


def parse_position(text: str) -> Position:
    """A position from JSON or the text form; PositionError naming the problem otherwise."""
    return parse_position_text(text, position_from_json, parse_text, PositionError)
