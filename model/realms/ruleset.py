"""Realms rulesets: a frozen value of the reading switches found reading the rule text sentence by
sentence (``docs/rules-realms.md`` argues each default). Every function that depends on a reading
takes a ruleset explicitly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..switches import RulesetError, Switch, SwitchRuleset

SOURCE = "RULES"  # realms-trick-taking.en.txt, the only source

_OVERRIDE = ("If a later player plays a card that matches the number or picture type of any earlier card in the "
             "trick, the ruling colour instantly shifts to the new card’s colour.")
_CURRENT_WINNER = "That card becomes the current winner, even if it would normally be weaker by rank."
_TIMING = ("The last valid colour match at resolution wins, unless beaten by a higher Special "
           "(Phoenix > Giant > Warlock).")
_NUANCE_NUMBER = "A matched Number (e.g., 3–3) ranks just below a Troll of the ruling colour."
_NUANCE_DRAGON = "A matched Dragon sits below a Dragon of the ruling colour but above a Sorcerer."
_HIERARCHY = "Otherwise, evaluate by Realm hierarchy within the ruling colour."
_WON_BY = ("The trick is won by either (1) the last valid colour match, or (2) the highest eligible Special.")
_PURPLE_WINS = ("Wins only if (a) it is the highest number of the ruling colour at resolution, or (b) it is the "
                "last valid colour match in the trick.")
_PURPLE_LEAD = "Leading Purple: the leader nominates a colour for this trick; the Purple counts as that colour’s number."
_PURPLE_RANK = "Purple numbers sit in normal numeric rank for the nominated colour."
_FOLLOW = "Players must follow the ruling colour if able."
_NOT_FOLLOW = "If not, they may play any other card, including Specials or Purple Wilds."
_TROLL = ("When played, discard one card from your hand, then choose a player at random and take one random card "
          "from their hand (without looking).")
_LEAD = "That card’s colour sets the ruling colour for this trick (unless later overridden)."
_GIANT = ("⛰ Giant → Second to Phoenix. When played, instantly flips the ruling colour within its realm: Red ↔ Yellow, "
          "Blue ↔ Green.")
_REALM_LINKS = "Realm links are ignored for Purple nominations: Red ≠ Yellow, Blue ≠ Green."
_TIMING_ORDER = "Colour matches win in time order: a later valid match outranks earlier plays (even Dragons)."

SWITCH_INFO: tuple[Switch, ...] = (
    Switch("resolution", ("timing", "nuance", "rank"),
           "Which card wins when the Override, Timing Rule, Match Rank Nuance and Normal Rank Order disagree?",
           ((SOURCE, _CURRENT_WINNER), (SOURCE, _TIMING), (SOURCE, _NUANCE_NUMBER), (SOURCE, _NUANCE_DRAGON),
            (SOURCE, _HIERARCHY))),
    Switch("colour_match", ("any", "shift"),
           "Is a card that matches an earlier card but is already of the ruling colour a colour match (the "
           "current winner, last in time order), or only a card that shifts the ruling colour?",
           ((SOURCE, _OVERRIDE), (SOURCE, _CURRENT_WINNER), (SOURCE, _TIMING_ORDER), (SOURCE, _TIMING),
            (SOURCE, "Apply Colour Match shifts and timing."), (SOURCE, "A Colour Match shifts the ruling colour."))),
    Switch("special_vs_match", ("specials", "phoenix_only", "timed"),
           "Do the Giant and the Warlock beat a colour match, only the Phoenix, or a Giant or Warlock only the "
           "matches played before it?",
           ((SOURCE, _TIMING), (SOURCE, _WON_BY), (SOURCE, "Phoenix → Supreme. No card defeats it."),
            (SOURCE, _TIMING_ORDER),
            (SOURCE, "Apply Colour Match shifts and timing."),
            (SOURCE, "Apply Wild dominance (Phoenix > Giant > Warlock). Cyclone/Tree cannot win."))),
    Switch("purple_match", ("number", "never"),
           "Does a Purple wild match a number card of its value (and the other way round)?",
           ((SOURCE, _OVERRIDE), (SOURCE, _PURPLE_RANK), (SOURCE, _PURPLE_WINS))),
    Switch("purple_colour", ("ruling", "none", "resolution"),
           "What colour is a Purple that does not lead: the ruling colour's number when it is played, no colour, "
           "or the ruling colour at resolution?",
           ((SOURCE, _PURPLE_LEAD), (SOURCE, _PURPLE_RANK), (SOURCE, _PURPLE_WINS))),
    Switch("purple_wins", ("only_if", "if"),
           "Is the Purple's 'wins only if' a restriction, or does being the highest number suffice to win?",
           ((SOURCE, _PURPLE_WINS),
            (SOURCE, "Purple Wilds ignore Realm links and only win if highest number or last valid colour match."))),
    Switch("number_tie", ("coloured", "earlier", "later"),
           "A Purple and a coloured card of the same number and colour, neither a colour match: which ranks "
           "higher (the coloured card, the earlier or the later)?",
           ((SOURCE, _PURPLE_RANK), (SOURCE, _PURPLE_WINS), (SOURCE, _HIERARCHY))),
    Switch("special_lead", ("marker", "first_colour"),
           "When a Special without a colour effect leads, does the marker keep its colour, or does the first "
           "coloured card set the ruling colour as a lead would?",
           ((SOURCE, _LEAD), (SOURCE, "The lead sets a colour."), (SOURCE, "Specials sit outside normal rank order."),
            (SOURCE, _FOLLOW))),
    Switch("nuance_pictures", ("below_own", "normal"),
           "Under the Match Rank Nuance, where does a matched Realm, Sorcerer, Guard or Troll rank: just below the "
           "same picture of the ruling colour (as the Dragon), or by its normal rank?",
           ((SOURCE, _NUANCE_NUMBER), (SOURCE, _NUANCE_DRAGON))),
    Switch("nominated_links", ("apply", "ignored"),
           "While the marker shows the colour a leading Purple nominated, do Realm links still apply (the Giant "
           "flips it, a realm partner follows it) or are they ignored?",
           ((SOURCE, _REALM_LINKS), (SOURCE, _GIANT), (SOURCE, _PURPLE_LEAD))),
    Switch("realm_rank", ("colour", "realm"),
           "Is a Realm card the highest picture of its own colour only, or of both colours of its realm (a Red Realm "
           "above the Yellow pictures when yellow rules)?",
           ((SOURCE, "Realm cards are the highest picture rank within their realm."),
            (SOURCE, "Colours pair into Realms."), (SOURCE, "Normal Rank Order (within a colour)"))),
    Switch("realm_shadow", ("type", "linked"),
           "Does a Realm card match every other Realm card, or only the one of its own realm (Sun or Moon)?",
           ((SOURCE, "Realm Shadow only compares Realm vs. Realm (Sun/Moon), not other ranks."),
            (SOURCE, "Colours pair into Realms."), (SOURCE, _OVERRIDE))),
    Switch("no_winner", ("nobody", "lead_colour"),
           "Who wins a trick with no match, no winning Special and no card of the ruling colour?",
           ((SOURCE, _HIERARCHY), (SOURCE, _WON_BY))),
    Switch("follow_colour", ("current", "lead"),
           "Must a player follow the marker as it stands (after shifts) or the colour the lead set?",
           ((SOURCE, _FOLLOW), (SOURCE, _LEAD), (SOURCE, "Update the marker."))),
    Switch("match_follow", ("follow", "free"),
           "May a card that matches an earlier card be played when the player could follow colour?",
           ((SOURCE, _FOLLOW), (SOURCE, _OVERRIDE))),
    Switch("specials_follow", ("unable", "anytime"),
           "May a Special be played by a player who could follow colour?",
           ((SOURCE, _NOT_FOLLOW), (SOURCE, "Specials sit outside normal rank order."),
            (SOURCE, "Cannot follow? You may play anything, but remember Cyclone and Tree cannot win."))),
    Switch("purple_follows", ("no", "yes"),
           "Does holding a Purple count as able to follow (so a player with no card of the colour but a Purple "
           "must play the Purple)?",
           ((SOURCE, _FOLLOW), (SOURCE, _NOT_FOLLOW), (SOURCE, _PURPLE_LEAD), (SOURCE, _PURPLE_RANK))),
    Switch("troll_bullets", ("purple", "troll"),
           "Which card does 'May follow any colour' (under the Troll heading) describe?",
           ((SOURCE, "May follow any colour."),
            (SOURCE, _TROLL), (SOURCE, _PURPLE_LEAD))),
    Switch("realm_follow", ("colour", "realm"),
           "Does a card of the ruling colour's realm partner follow (Red with Yellow, Blue with Green)?",
           ((SOURCE, "Colours pair into Realms."),
            (SOURCE, _REALM_LINKS), (SOURCE, _FOLLOW))),
    Switch("first_lead", ("left_of_dealer", "dealer"),
           "Who leads the first trick of a round, when no trick has been won?",
           ((SOURCE, "The winner of the previous trick leads and may play any card."),
            (SOURCE, ("The dealer chooses the starting ruling colour before looking at their hand; place the marker "
                      "on that colour.")))),
    Switch("halftime", ("new_round", "resume"),
           "After the halftime redeal, does a new round start (next dealer's colour, left of dealer leads) "
           "or does play resume (marker kept, the trick's winner leads)?",
           ((SOURCE, ("A round ends as soon as any player reaches 50 points; record scores, reshuffle, and start a "
                      "new round.")),
            (SOURCE, "First to 50 points triggers halftime: record scores, reshuffle, redeal, resume."))),
    Switch("troll_victim", ("others", "anyone"),
           "Can the Troll's random player be the Troll's own player?",
           ((SOURCE, _TROLL),)),
    Switch("recycle", ("when_needed", "at_once"),
           "Is the discard pile shuffled into a new draw pile when a draw needs it, or as soon as the pile empties?",
           ((SOURCE, "If the draw pile empties, shuffle the discard pile to form a new draw pile."),
            (SOURCE, "If both are empty and a draw is required, skip the draw and continue."))),
)

SWITCHES: dict[str, tuple[Any, ...]] = {s.name: s.alternatives for s in SWITCH_INFO}
INFO: dict[str, Switch] = {s.name: s for s in SWITCH_INFO}

# The switches that change who wins a trick or the marker after it (the rest change what may be played).
TRICK_SWITCHES = ("resolution", "colour_match", "special_vs_match", "purple_match", "purple_colour", "purple_wins",
                  "number_tie", "special_lead", "nuance_pictures", "nominated_links", "realm_rank", "realm_shadow",
                  "no_winner")


@dataclass(frozen=True)
class Ruleset(SwitchRuleset):
    SWITCHES = SWITCHES


PRESETS: dict[str, Ruleset] = Ruleset.make_presets()
DEFAULT = PRESETS["default"]


def readings(names: tuple[str, ...] = TRICK_SWITCHES) -> list[Ruleset]:
    """The default and each ruleset one switch away from it (over ``names``)."""
    out = [DEFAULT]
    for name in names:
        out += [DEFAULT.with_switches(**{name: v}) for v in SWITCHES[name][1:]]
    return out


__all__ = ["DEFAULT", "INFO", "PRESETS", "SWITCHES", "SWITCH_INFO", "TRICK_SWITCHES", "Ruleset", "RulesetError",
           "readings"]
