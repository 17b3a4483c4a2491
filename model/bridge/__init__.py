"""Contract bridge card play, an instance of the trick-taking family (``model/tricks/``): cards as
small ints, hands as bitmasks, the trick spec as data, a reference and a fast evaluator, immutable
positions with a seeded deal, PBN notation and protocol ops. The auction is not modelled: a
position names its strain (and contract and declarer, when known).

>>> from arbiter.model import bridge
>>> bridge.trick("S", ["HK", "HA", "S2", "H3"])
(2, 'S2')
>>> bridge.trick("NT", ["HK", "HA", "S2", "H3"])
(1, 'HA')
"""

from __future__ import annotations

from collections.abc import Sequence

from . import cards, fast, protocol, reference, spec
from .cards import CardError, card_code, codes, parse_card
from .game import (
    DEFAULT,
    Move,
    MoveError,
    Position,
    PositionError,
    Ruleset,
    apply,
    chance_outcomes,
    deal,
    legal_moves,
    random_game,
)
from .notation import GAME_ID, format_text, parse_position, position_from_json, position_to_json

PRESETS = Ruleset.PRESETS
SWITCHES = Ruleset.SWITCHES


def trick(strain: str, plays: Sequence[str]) -> tuple[int, str]:
    """``(winner index, winning card)`` of a trick given as card codes at ``strain`` (S H D C NT)."""
    answer = protocol.trick_answer(*protocol.parse_trick({"strain": strain, "cards": list(plays)}))
    return answer["winner"], answer["card"]


__all__ = [
    "DEFAULT", "GAME_ID", "PRESETS", "SWITCHES", "CardError", "Move", "MoveError", "Position", "PositionError",
    "Ruleset", "apply", "card_code", "cards", "chance_outcomes", "codes", "deal", "fast", "format_text",
    "legal_moves", "parse_card", "parse_position", "position_from_json", "position_to_json", "protocol",
    "random_game", "reference", "spec", "trick",
]
