"""Stick to Colours: cards, the scoring rules as data, a reference and a fast scorer, rulesets of
reading switches, the whole auction game, notation and protocol ops.

>>> from arbiter.model import stick_to_colours as stc
>>> stc.score(["R1", "R2", "R3", "RJ"]).points
4
"""

from __future__ import annotations

from collections.abc import Iterable

from . import cards, fast, protocol, reference, spec, steps
from .cards import CardError, card_code, codes, parse_card, parse_cards
from .game import (
    Auction,
    Move,
    MoveError,
    Position,
    PositionError,
    Slot,
    apply,
    chance_outcomes,
    deal,
    deck_counts,
    legal_moves,
    successors,
)
from .notation import GAME_ID, format_text, parse_position, position_from_json, position_to_json
from .reference import Score, ScoredSet
from .ruleset import DEFAULT, PRESETS, Ruleset, RulesetError
from .spec import scoring_spec


def score(cards_: Iterable[str], ruleset: Ruleset = DEFAULT) -> Score:
    """The points of a collection given as codes, with one optimal arrangement."""
    return fast.score(parse_cards(list(cards_), "cards", deck_counts(ruleset)), scoring_spec(ruleset))


__all__ = [
    "DEFAULT", "GAME_ID", "PRESETS", "Auction", "CardError", "Move", "MoveError", "Position", "PositionError",
    "Ruleset", "RulesetError", "Score", "ScoredSet", "Slot", "apply", "card_code", "cards", "chance_outcomes",
    "codes", "deal", "deck_counts", "fast", "format_text", "legal_moves", "parse_card", "parse_cards",
    "parse_position", "position_from_json", "position_to_json", "protocol", "reference", "score", "scoring_spec",
    "spec", "steps", "successors",
]
