"""Trick resolution written once, as data built from a few combinators: what counts as a match,
the rank ladders (normal and with the Match Rank Nuance), how the winner is found (last match or
highest rung), the Special hierarchy, the Purple wilds, the instant effects and following. The
ladders, the fallback and the follow rule are the trick-taking family's (``model/tricks/spec.py``).

``trick_spec(ruleset)`` and ``following_spec(ruleset)`` build the values for a reading;
``reference.py`` interprets them with lists and loops and ``arbiter.proofs`` compiles the same
values to z3. A new reading is a new value here, not an edit to either.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..tricks.spec import Fallback, Following, HighestOnLadder, Ladder, Rung
from .cards import NUMBER_KINDS, PICTURES
from .ruleset import Ruleset

NUMBERS = frozenset(NUMBER_KINDS)

__all__ = ["EFFECTS", "NORMAL", "NUANCE", "NUMBERS", "RESOLUTIONS", "Effects", "Fallback", "Following",
           "HighestOnLadder", "Ladder", "LastMatch", "Matching", "PurpleRule", "Resolution", "Rung", "SpecialOrder",
           "TrickSpec", "following_spec", "trick_spec"]


@dataclass(frozen=True)
class Matching:
    """When a later card matches an earlier one: the same number (Purple wilds by their value when
    ``purples``), the same picture type in ``pictures``, or for ``within_realm`` kinds the same type
    and the same realm (Sun: red/yellow, Moon: blue/green). With ``shift`` such a card is a colour
    match only when it shifts the marker: it has a colour, and not the marker's as it is played."""

    purples: bool
    pictures: frozenset[str]
    within_realm: frozenset[str]
    shift: bool = False


@dataclass(frozen=True)
class LastMatch:
    """The winner is the last card that matched; with no match, ``otherwise`` decides."""

    otherwise: HighestOnLadder


@dataclass(frozen=True)
class SpecialOrder:
    """Specials that win, highest first, above every ladder; ``yield_to_match`` lose to a trick that
    holds a match; ``cannot_win`` never win."""

    winners: tuple[str, ...]
    yield_to_match: frozenset[str]
    cannot_win: frozenset[str]


@dataclass(frozen=True)
class PurpleRule:
    """A leading Purple takes the colour its leader nominates. A following one counts as the ruling
    colour's number (``follows_as == "ruling"``) or has no colour (``"none"``). With ``sufficient``,
    being the highest number of the ruling colour wins the trick outright (Specials aside)."""

    follows_as: str
    sufficient: bool


@dataclass(frozen=True)
class Effects:
    """Instant effects on the marker: ``flip`` turns it to its realm partner, ``choose`` sets it to
    the player's choice; ``leads_next`` cards give their player the next lead."""

    flip: frozenset[str]
    choose: frozenset[str]
    leads_next: frozenset[str]


Resolution = LastMatch | HighestOnLadder


@dataclass(frozen=True)
class TrickSpec:
    matching: Matching
    resolution: Resolution
    specials: SpecialOrder
    purple: PurpleRule
    effects: Effects
    fallback: Fallback


def _rung(kind: str, **kw) -> Rung:
    return Rung(frozenset({kind}), **kw)


# Normal Rank Order: Realm, Dragon, Sorcerer, Guard, Troll, then Numbers 9 down to 1.
NORMAL = Ladder(tuple(_rung(k) for k in PICTURES) + tuple(_rung(str(n)) for n in range(9, 0, -1)))

# Match Rank Nuance: a matched picture sits just below the same picture of the ruling colour (the text
# says so of the Dragon; the other pictures follow it), matched numbers just below a ruling Troll,
# later matches above earlier ones (Timing Rule).
NUANCE = Ladder(tuple(r for k in PICTURES for r in (_rung(k), _rung(k, matched=True, any_colour=True, later=True)))
                + (Rung(NUMBERS, matched=True, any_colour=True, later=True),)
                + tuple(_rung(str(n)) for n in range(9, 0, -1)))

RESOLUTIONS: dict[str, Resolution] = {
    "timing": LastMatch(HighestOnLadder(NORMAL)),
    "nuance": HighestOnLadder(NUANCE),
    "rank": HighestOnLadder(NORMAL),
}

EFFECTS = Effects(flip=frozenset({"GNT"}), choose=frozenset({"CYC"}), leads_next=frozenset({"CYC"}))


@cache
def trick_spec(ruleset: Ruleset) -> TrickSpec:
    """The trick-resolution spec of a reading."""
    realm_types = frozenset({"Re"}) if ruleset.realm_shadow == "linked" else frozenset()
    return TrickSpec(
        matching=Matching(purples=ruleset.purple_match == "number", pictures=frozenset(PICTURES) - realm_types,
                          within_realm=realm_types, shift=ruleset.colour_match == "shift"),
        resolution=RESOLUTIONS[ruleset.resolution],
        specials=SpecialOrder(winners=("PHX", "GNT", "WLK"),
                              yield_to_match=frozenset({"GNT", "WLK"}) if ruleset.special_vs_match == "phoenix_only"
                              else frozenset(),
                              cannot_win=frozenset({"CYC", "TRE"})),
        purple=PurpleRule(follows_as=ruleset.purple_colour, sufficient=ruleset.purple_wins == "if"),
        effects=EFFECTS,
        fallback=Fallback(HighestOnLadder(NORMAL) if ruleset.no_winner == "lead_colour" else None),
    )


@cache
def following_spec(ruleset: Ruleset) -> Following:
    """The follow rule of a reading."""
    free = set()
    free.add("purple" if ruleset.troll_bullets == "purple" else "troll")
    if ruleset.specials_follow == "anytime":
        free.add("special")
    if ruleset.match_follow == "free":
        free.add("match")
    return Following(colour=ruleset.follow_colour, realm=ruleset.realm_follow == "realm", free=frozenset(free))
