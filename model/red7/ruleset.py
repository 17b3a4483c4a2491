"""Rulesets: a frozen value of named switches (presets Basic, Actions, Advanced and the reading
switches of ``red7-digest.md``). Every function that depends on a reading takes one explicitly."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any


class RulesetError(ValueError):
    """An unknown preset, an unknown switch or a value a switch does not take."""


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
class Ruleset:
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

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = SWITCHES[f.name]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise RulesetError(
                    f"switch {f.name!r} takes {' or '.join(map(_show, allowed))}, got {_show(value)}"
                )

    @property
    def preset(self) -> str:
        """The preset this ruleset starts from (by its Action and Advanced switches)."""
        return PRESET_OF[(self.advanced, self.actions)]

    def overrides(self) -> dict[str, Any]:
        """Switches that differ from this ruleset's preset."""
        base = PRESETS[self.preset]
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}

    def with_switches(self, **switches: Any) -> Ruleset:
        for name in switches:
            if name not in SWITCHES:
                raise RulesetError(f"unknown switch {name!r} (known: {', '.join(SWITCHES)})")
        return replace(self, **switches)

    def to_json(self) -> str | dict[str, Any]:
        extra = self.overrides()
        return self.preset if not extra else {"preset": self.preset, **extra}

    @classmethod
    def from_json(cls, value: Any) -> Ruleset:
        """A preset name, or an object ``{"preset": ..., <switch>: <value>, ...}``."""
        if isinstance(value, str):
            return preset(value)
        if isinstance(value, dict):
            rest = dict(value)
            name = rest.pop("preset", "basic")
            return preset(name).with_switches(**rest)
        raise RulesetError(f"ruleset must be a preset name or an object, got {value!r}")

    def __str__(self) -> str:
        extra = self.overrides()
        return ",".join([self.preset] + [f"{k}={_show(v)}" for k, v in extra.items()])

    @classmethod
    def parse(cls, text: str) -> Ruleset:
        """The text form of ``str()``: ``preset[,switch=value...]`` (booleans as true/false)."""
        name, *pairs = text.strip().split(",")
        switches: dict[str, Any] = {}
        for pair in pairs:
            key, sep, raw = pair.partition("=")
            if not sep:
                raise RulesetError(f"expected switch=value in ruleset, got {pair!r}")
            key = key.strip()
            if key not in SWITCHES:
                raise RulesetError(f"unknown switch {key!r} (known: {', '.join(SWITCHES)})")
            raw = raw.strip()
            switches[key] = {"true": True, "false": False}.get(raw, raw) if isinstance(SWITCHES[key][0], bool) else raw
        return preset(name).with_switches(**switches)


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


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
PRESET_OF = {(r.advanced, r.actions): name for name, r in PRESETS.items()}


def preset(name: str) -> Ruleset:
    if not isinstance(name, str) or name.strip().lower() not in PRESETS:
        raise RulesetError(f"unknown ruleset {name!r} (one of {', '.join(PRESETS)})")
    return PRESETS[name.strip().lower()]
