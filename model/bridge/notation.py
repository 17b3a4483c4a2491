"""Bridge positions as JSON and as one line of text, both round-tripping; the hands are a PBN deal
(``N:AKQ2.JT9.876.54 T987.AKQ.JT9.876 ...``: the first seat, then each hand S.H.D.C in seat order).

Text: ``bridge contract=4S declarer=S leader=W tricks=0,0 trick=- | N:<four hands>`` (``strain=NT``
in place of ``contract=`` when no contract is named). A bare PBN deal, or a PBN file with ``[Deal
"..."]`` (and ``[Contract]``/``[Declarer]`` tags), reads as the position before the opening lead.

>>> pos = parse_position("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4")
>>> format_text(pos)
'bridge strain=NT leader=N tricks=0,0 trick=- | N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4'
>>> parse_position("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.")
Traceback (most recent call last):
...
arbiter.model.bridge.game.PositionError: deal: the hands hold 13, 13, 13, 11 cards (N E S W); with no card played to the trick led by N each must hold 13
"""

from __future__ import annotations

import re
from typing import Any

from ..games import BOM, PBN_TAG_LINE, parse_position_text
from .cards import SEATS, STRAINS, CardError, card_code, hand_text, parse_card, parse_hand, parse_seat, parse_strain
from .game import DEFAULT, Position, PositionError, Ruleset, opening_leader

GAME_ID = "bridge"

DEAL_RE = re.compile(r"^\s*[NESWnesw]:\S")
_TAG_RE = re.compile(r'^\s*\[(\w+)\s+"([^"]*)"\]\s*$')


def deal_text(hands: tuple[int, ...], first: int = 0) -> str:
    """A PBN deal string of four hands, starting with seat ``first``."""
    return f"{SEATS[first]}:" + " ".join(hand_text(hands[(first + k) % 4]) for k in range(4))


def parse_deal(text: Any) -> tuple[tuple[int, int, int, int], int]:
    """A PBN deal string -> (hands N E S W, the seat it starts with); PositionError naming ``deal``."""
    if not isinstance(text, str):
        raise PositionError("deal", f"must be a PBN deal like 'N:AKQ2.JT9.876.54 ...', got {text!r}")
    first, sep, rest = text.strip().partition(":")
    try:
        seat = parse_seat(first)
    except CardError:
        raise PositionError("deal", f"a PBN deal starts with the first seat and a colon ('N:'), got {text[:20]!r}") \
            from None
    parts = rest.split()
    if not sep or len(parts) != 4:
        raise PositionError("deal", f"a PBN deal holds four hands after '{first}:', got {len(parts)}")
    hands = [0, 0, 0, 0]
    for k, part in enumerate(parts):
        s = (seat + k) % 4
        try:
            hands[s] = parse_hand(part, f"hands[{SEATS[s]}]")
        except CardError as e:
            raise PositionError(str(e).split(":")[0], str(e).split(": ", 1)[1]) from None
    return (hands[0], hands[1], hands[2], hands[3]), seat


def contract_text(pos: Position) -> str:
    return f"{pos.level}{STRAINS[pos.strain]}" if pos.level is not None else STRAINS[pos.strain]


def parse_contract(text: Any) -> tuple[int, int | None]:
    """``"4S"`` -> (strain, level); ``"NT"`` -> (strain, None); PositionError naming ``contract``."""
    if isinstance(text, str):
        t = text.strip().upper()
        level = int(t[0]) if t[:1].isdigit() else None
        try:
            strain = parse_strain(t[1:] if level is not None else t)
        except CardError:
            pass
        else:
            if level is None or 1 <= level <= 7:
                return strain, level
    raise PositionError("contract", f"a contract is a level 1-7 and a strain S H D C NT, like '4S' or '3NT', got {text!r}")


def _seat(text: Any, where: str) -> int:
    try:
        return parse_seat(text)
    except CardError as e:
        raise PositionError(where, str(e)) from None


def _trick(items: Any) -> tuple[int, ...]:
    if not isinstance(items, list):
        raise PositionError("trick", f"must be a list of card codes in play order, got {items!r}")
    out = []
    for k, text in enumerate(items):
        try:
            out.append(parse_card(text))
        except CardError as e:
            raise PositionError(f"trick[{k}]", str(e)) from None
    return tuple(out)


def _tricks(value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(t) is int and 0 <= t <= 13 for t in value)):
        raise PositionError("tricks", f"must be two counts 0-13 (North-South, East-West), got {value!r}")
    return value[0], value[1]


def _ruleset(value: Any) -> Ruleset:
    try:
        return Ruleset.from_json(value)
    except ValueError as e:
        raise PositionError("ruleset", str(e)) from None


def position_to_json(pos: Position) -> dict[str, Any]:
    out: dict[str, Any] = {"game": GAME_ID, "deal": deal_text(pos.hands), "strain": STRAINS[pos.strain]}
    if pos.level is not None:
        out["level"] = pos.level
    if pos.declarer is not None:
        out["declarer"] = SEATS[pos.declarer]
    out.update(leader=SEATS[pos.leader], trick=[card_code(c) for c in pos.trick], tricks=list(pos.tricks),
               ruleset=pos.ruleset.to_json())
    return out


FIELDS = ("game", "deal", "strain", "level", "declarer", "leader", "trick", "tricks", "ruleset")


def position_from_json(obj: Any) -> Position:
    """A position from its JSON object; PositionError naming the field at fault."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    if obj.get("game", GAME_ID) != GAME_ID:
        raise PositionError("game", f"this is bridge's reader, got game {obj.get('game')!r}")
    for name in obj:
        if name not in FIELDS:
            raise PositionError(name, f"unknown field (fields: {', '.join(FIELDS[1:])})")
    if "deal" not in obj:
        raise PositionError("deal", "missing field")
    hands, _ = parse_deal(obj["deal"])
    try:
        strain = parse_strain(obj.get("strain", "NT"))
    except CardError as e:
        raise PositionError("strain", str(e)) from None
    level = obj.get("level")
    if level is not None and not (type(level) is int and 1 <= level <= 7):
        raise PositionError("level", f"a contract's level is 1 to 7, got {level!r}")
    declarer = None if obj.get("declarer") is None else _seat(obj["declarer"], "declarer")
    if "leader" in obj:
        leader = _seat(obj["leader"], "leader")
    else:
        leader = 0 if declarer is None else opening_leader(declarer)
    pos = Position(hands=hands, strain=strain, leader=leader, trick=_trick(obj.get("trick", [])),
                   tricks=_tricks(obj.get("tricks", [0, 0])), declarer=declarer, level=level,
                   ruleset=_ruleset(obj.get("ruleset", "default")))
    return pos.validate()


def format_text(pos: Position) -> str:
    head = f"contract={contract_text(pos)}" if pos.level is not None else f"strain={STRAINS[pos.strain]}"
    if pos.declarer is not None:
        head += f" declarer={SEATS[pos.declarer]}"
    trick = ",".join(card_code(c) for c in pos.trick) or "-"
    rules = "" if pos.ruleset == DEFAULT else f" ruleset={pos.ruleset}"
    return (f"{GAME_ID} {head} leader={SEATS[pos.leader]} tricks={pos.tricks[0]},{pos.tricks[1]} trick={trick}{rules}"
            f" | {deal_text(pos.hands)}")


def _from_text(text: str) -> Position:
    if DEAL_RE.match(text) and "|" not in text:
        hands, first = parse_deal(text)
        return Position(hands=hands, leader=first).validate()
    if text.lstrip().startswith("["):
        return _from_pbn_tags(text)
    head, sep, deal = text.partition("|")
    words = head.split()
    if not words or words[0].lower() != GAME_ID:
        raise PositionError("position", f"bridge text starts with 'bridge', or is a PBN deal 'N:...', got "
                            f"{text.strip()[:20]!r}")
    if not sep:
        raise PositionError("deal", "missing: the text ends with '| N:<four hands>'")
    obj: dict[str, Any] = {"deal": deal.strip()}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise PositionError("position", f"expected key=value, got {word!r}")
        if key == "contract":
            strain, level = parse_contract(value)
            obj.update(strain=STRAINS[strain], level=level)
        elif key in ("strain", "declarer", "leader", "ruleset"):
            obj[key] = value
        elif key == "trick":
            obj["trick"] = [] if value == "-" else value.split(",")
        elif key == "tricks":
            counts = value.split(",")
            if len(counts) != 2 or not all(t.isdecimal() for t in counts):
                raise PositionError("tricks", f"is two counts, North-South and East-West: tricks=3,2, got {value!r}")
            obj["tricks"] = [int(t) for t in counts]
        else:
            raise PositionError(key, "unknown field (contract, strain, declarer, leader, tricks, trick, ruleset)")
    return position_from_json(obj)


def _from_pbn_tags(text: str) -> Position:
    """A PBN file's first board: its Deal tag, with Contract and Declarer when present."""
    tags: dict[str, str] = {}
    for line in text.splitlines():
        if (m := _TAG_RE.match(line)) and m.group(1) not in tags:
            tags[m.group(1)] = m.group(2)
    if "Deal" not in tags:
        raise PositionError("deal", "a PBN file needs a [Deal \"N:...\"] tag")
    obj: dict[str, Any] = {"deal": tags["Deal"]}
    contract = tags.get("Contract", "").strip()
    if contract and contract.lower() != "pass":
        strain, level = parse_contract(contract.rstrip("X").rstrip("X"))
        obj.update(strain=STRAINS[strain], level=level, declarer=tags.get("Declarer"))
    else:
        obj["leader"] = SEATS[parse_deal(tags["Deal"])[1]]
    return position_from_json(obj)


def parse_position(text: str) -> Position:
    """A position from JSON or text notation (or a PBN deal or file); PositionError naming the field.
    A PBN file opens with ``[`` as a JSON array does: its first line, a ``[Tag "value"]``, says which."""
    if isinstance(text, str) and PBN_TAG_LINE.match(text.removeprefix(BOM).lstrip().partition("\n")[0]):
        return _from_pbn_tags(text.removeprefix(BOM))
    return parse_position_text(text, position_from_json, _from_text, PositionError)
