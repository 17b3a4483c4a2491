"""Rulesets: a frozen value of named switches (presets Basic, Actions, Advanced and the reading
switches of ``red7-digest.md``). Every function that depends on a reading takes one explicitly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..switches import RulesetError, SwitchRuleset


# Values of the reading switches; the first of each tuple in SWITCHES is the default.
NOBODY = "nobody"
HIGHEST_CARD = "highest_card"

SWITCHES: dict[str, tuple[Any, ...]] = {
    "actions": (False, True),
    "advanced": (False, True),
    "nobody_qualifies": (NOBODY, HIGHEST_CARD),
    "losing_turns": ("not_generated", "legal", "plays_only", "discards_only"),
    "advanced_draw": ("optional", "mandatory"),
    "action_mode": ("mandatory", "optional"),
    "action1_eligibility": ("at_least_as_many", "any"),
    "action1_count": ("after_play", "before_play"),
    "action1_destination": ("deck_top", "deck_bottom"),
    "action3_draw_discardable": (True, False),
    "action5_chains": (True, False),
    "action7_destination": ("canvas_or_deck", "canvas"),
    "action7_advanced_draw": (False, True),
    "action7_check": ("end_of_turn", "at_once"),
    "discard_after_action7": (True, False),
    "banked_set": ("deciding", "all_tied_groups"),
    "next_round_first": ("left_of_red_leader", "left_of_last_winner"),
    "final_tie": ("shared", "most_cards"),
    "same_colour_discard": ("allowed", "not_allowed"),
    "action7_self": ("never", "allowed"),
    "action1_out_players": ("never", "allowed"),
    "new_hand": ("hand_and_palette", "hand"),
    "advanced_draw_count": ("at_discard", "turn_start"),
    "tie_break": ("deciding_group", "highest_card"),
    "out_palettes": ("ignored", "compete"),
}


@dataclass(frozen=True)
class Ruleset(SwitchRuleset):
    SWITCHES = SWITCHES
    PRESET_KEYS = ("advanced", "actions")

    actions: bool = False
    advanced: bool = False
    nobody_qualifies: str = NOBODY
    losing_turns: str = "not_generated"
    advanced_draw: str = "optional"
    action_mode: str = "mandatory"
    action1_eligibility: str = "at_least_as_many"
    action1_count: str = "after_play"
    action1_destination: str = "deck_top"
    action3_draw_discardable: bool = True
    action5_chains: bool = True
    action7_destination: str = "canvas_or_deck"
    action7_advanced_draw: bool = False
    action7_check: str = "end_of_turn"
    discard_after_action7: bool = True
    banked_set: str = "deciding"
    next_round_first: str = "left_of_red_leader"
    final_tie: str = "shared"
    same_colour_discard: str = "allowed"
    action7_self: str = "never"
    action1_out_players: str = "never"
    new_hand: str = "hand_and_palette"
    advanced_draw_count: str = "at_discard"
    tie_break: str = "deciding_group"
    out_palettes: str = "ignored"


BASIC = Ruleset()
ACTIONS = Ruleset(actions=True)
ADVANCED = Ruleset(advanced=True)
ADVANCED_ACTIONS = Ruleset(advanced=True, actions=True)
PRESETS: dict[str, Ruleset] = {
    "basic": BASIC,
    "actions": ACTIONS,
    "advanced": ADVANCED,
    "advanced+actions": ADVANCED_ACTIONS,
}
Ruleset.PRESETS = PRESETS


def preset(name: str) -> Ruleset:
    return Ruleset.preset_named(name)


__all__ = ["ACTIONS", "ADVANCED", "ADVANCED_ACTIONS", "BASIC", "HIGHEST_CARD", "NOBODY", "PRESETS", "SWITCHES",
           "Ruleset", "RulesetError", "preset"]
