"""Realms (the trick-taking text): cards, trick resolution as data, a reference and a fast
evaluator, the reading switches, whole games with explicit chance, notation and protocol ops.

>>> from arbiter.model import realms
>>> realms.trick("red", ["YDr", "RDr", "R5", "B5"])
(3, 'blue', 3)
>>> realms.trick("red", ["YDr", "RDr", "R5", "B5"], realms.DEFAULT.with_switches(resolution="nuance"))
(1, 'blue', 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from . import cards, fast, protocol, reference, spec, steps
from .cards import COLOUR_NAMES, CardError, card_code, codes, parse_card, parse_cards, parse_colour
from .game import (
    Move,
    MoveError,
    Position,
    PositionError,
    apply,
    chance_outcomes,
    current_ruling,
    deal,
    legal_moves,
    random_game,
)
from .notation import GAME_ID, format_text, parse_position, position_from_json, position_to_json
from .ruleset import DEFAULT, PRESETS, SWITCH_INFO, SWITCHES, TRICK_SWITCHES, Ruleset, RulesetError


def trick(ruling: str, plays: Sequence[str], ruleset: Ruleset = DEFAULT) -> tuple[int | None, str, int | None]:
    """``(winner index, ruling colour after, leads_next index)`` of a trick given as play texts
    (``"P3=red"`` for a leading Purple's nomination, ``"CYC=blue"`` for a Cyclone's colour)."""
    answer = protocol.trick_answer(ruleset, *protocol.parse_trick({"ruling": ruling, "cards": list(plays)}))
    return answer["winner"], answer["ruling"], answer["leads_next"]


__all__ = [
    "COLOUR_NAMES", "DEFAULT", "GAME_ID", "PRESETS", "SWITCHES", "SWITCH_INFO", "TRICK_SWITCHES", "CardError", "Move",
    "MoveError", "Position", "PositionError", "Ruleset", "RulesetError", "apply", "card_code", "cards",
    "chance_outcomes", "codes", "current_ruling", "deal", "fast", "format_text", "legal_moves", "parse_card",
    "parse_cards", "parse_colour", "parse_position", "position_from_json", "position_to_json", "protocol",
    "random_game", "reference", "spec", "steps", "trick",
]
