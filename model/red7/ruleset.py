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
    "action_mode": ("mandatory", "optional", "if_it_keeps_you_in"),
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
    "winning_check": ("end_of_turn", "every_step"),
    "discard_becomes": ("winning_after", "was_not_winning"),
    "action1_only_card": ("never", "allowed"),
    "action7_deck_place": ("top", "bottom"),
}


@dataclass(frozen=True)
class Ruleset(SwitchRuleset):
    SWITCHES = SWITCHES
    PRESET_KEYS = ("advanced", "actions")


PRESETS: dict[str, Ruleset] = Ruleset.make_presets({
    "basic": {},
    "actions": {"actions": True},
    "advanced": {"advanced": True},
    "advanced+actions": {"advanced": True, "actions": True},
})
BASIC, ACTIONS, ADVANCED, ADVANCED_ACTIONS = PRESETS.values()


def preset(name: str) -> Ruleset:
    return Ruleset.preset_named(name)


__all__ = ["ACTIONS", "ADVANCED", "ADVANCED_ACTIONS", "BASIC", "HIGHEST_CARD", "NOBODY", "PRESETS", "SWITCHES",
           "Ruleset", "RulesetError", "preset"]
