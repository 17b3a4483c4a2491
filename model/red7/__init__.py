"""Red7: cards, the seven rules as data, a reference evaluator, a fast engine, rulesets, rounds.

>>> from arbiter.model import red7
>>> red7.leader("red", [["R7"], ["O7"]])
0
>>> red7.qualifying("blue", ["R7", "R1", "B2"])
['R7', 'B2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from . import cards, fast, protocol, reference, spec, steps
from .cards import CardError, card_code, codes, parse_card, parse_cards, parse_colour
from .game import (
    Move,
    MoveError,
    Position,
    PositionError,
    apply,
    banked_set,
    deal,
    legal_moves,
    points,
    successors,
)
from .notation import format_text, parse_position, position_from_json, position_to_json
from .ruleset import ACTIONS, ADVANCED, ADVANCED_ACTIONS, BASIC, PRESETS, Ruleset, RulesetError, preset

GAME_ID = "red7"


def _rule(rule: int | str) -> int:
    return rule if isinstance(rule, int) and 0 <= rule < 7 else parse_colour(rule)


def leader(rule: int | str, palettes: Sequence[Iterable[str]], out: Iterable[int] = (),
           ruleset: Ruleset = BASIC) -> int | None:
    """Index of the player winning ``rule`` (a colour name) among Palettes given as card codes;
    ``out`` lists players not competing; None when nobody is winning."""
    masks = []
    for i, p in enumerate(palettes):
        masks.append(parse_cards(list(p), f"palettes[{i}]"))
    seen = 0
    for i, m in enumerate(masks):
        if seen & m:
            raise CardError(f"card {codes(seen & m)[0]} is in two Palettes (again in palettes[{i}])")
        seen |= m
    out_mask = 0
    for i in out:
        if not isinstance(i, int) or not 0 <= i < len(masks):
            raise CardError(f"out: {i!r} is not a player index")
        out_mask |= 1 << i
    return fast.leader(_rule(rule), masks, out_mask, ruleset)


def qualifying(rule: int | str, palette: Iterable[str]) -> list[str]:
    """The qualifying cards that count under ``rule``, strongest first."""
    return codes(fast.qualifying_mask(_rule(rule), parse_cards(list(palette), "palette")))


__all__ = [
    "ACTIONS",
    "ADVANCED",
    "ADVANCED_ACTIONS",
    "BASIC",
    "GAME_ID",
    "PRESETS",
    "CardError",
    "Move",
    "MoveError",
    "Position",
    "PositionError",
    "Ruleset",
    "RulesetError",
    "apply",
    "banked_set",
    "card_code",
    "cards",
    "codes",
    "deal",
    "fast",
    "format_text",
    "leader",
    "legal_moves",
    "parse_card",
    "parse_cards",
    "parse_colour",
    "parse_position",
    "points",
    "position_from_json",
    "position_to_json",
    "preset",
    "protocol",
    "qualifying",
    "reference",
    "spec",
    "steps",
    "successors",
]
