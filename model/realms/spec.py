"""Trick resolution written once, as data built from a few combinators: what counts as a match,
the rank ladders (normal and with the Match Rank Nuance), how the winner is found (last match or
highest rung), the Special hierarchy, the Purple wilds, the instant effects and following. The
ladders, the fallback and the follow rule are the trick-taking family's (``model/tricks/spec.py``).

``trick_spec(ruleset)`` and ``following_spec(ruleset)`` build the values for a reading;
``reference.py`` interprets them with lists and loops and ``arbiter.proofs`` compiles the same
values to z3. A new reading is a new value here, not an edit to either.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from ..tricks.spec import Fallback, Following, HighestOnLadder, Ladder, Rung
from .cards import NUMBER_KINDS, PICTURES
from .ruleset import Ruleset

NUMBERS = frozenset(NUMBER_KINDS)

__all__ = ["EFFECTS", "NORMAL", "NUANCE", "NUMBERS", "TIES", "Effects", "Fallback", "Following", "HighestOnLadder",
           "Ladder", "LastMatch", "Lead", "Matching", "PurpleRule", "Resolution", "Rung", "SpecialOrder", "TrickSpec",
           "following_spec", "normal", "nuance", "resolution", "trick_spec"]


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
    holds a match; ``yield_to_later`` lose to a match played after them; ``cannot_win`` never win."""

    winners: tuple[str, ...]
    yield_to_match: frozenset[str]
    cannot_win: frozenset[str]
    yield_to_later: frozenset[str] = frozenset()


@dataclass(frozen=True)
class PurpleRule:
    """A leading Purple takes the colour its leader nominates. A following one counts as the ruling
    colour's number when it is played (``follows_as == "ruling"``), has no colour (``"none"``), or
    counts as the ruling colour's number when played and at resolution alike (``"resolution"``:
    the marker's final colour). With ``sufficient``, a Purple that is the highest number of the
    ruling colour (no other card of that number) wins wherever rank decides: it beats the ruling
    colour's pictures, not a winning Special nor the last match under the Timing Rule."""

    follows_as: str
    sufficient: bool


@dataclass(frozen=True)
class Effects:
    """Instant effects on the marker: ``flip`` turns it to its realm partner (unless ``keep_nominated``
    and the marker still shows the colour a leading Purple nominated), ``choose`` sets it to the
    player's choice; ``leads_next`` cards give their player the next lead."""

    flip: frozenset[str]
    choose: frozenset[str]
    leads_next: frozenset[str]
    keep_nominated: bool = False


@dataclass(frozen=True)
class Lead:
    """What sets the trick's ruling colour: the lead card's colour; after a lead with no colour and
    no effect on the marker, the marker as it stood (``colourless == "marker"``) or the first card
    with a colour of its own (``"first_colour"``: until it is played, nothing is to be followed)."""

    colourless: str


Resolution = LastMatch | HighestOnLadder


@dataclass(frozen=True)
class TrickSpec:
    matching: Matching
    resolution: Resolution
    specials: SpecialOrder
    purple: PurpleRule
    effects: Effects
    fallback: Fallback
    lead: Lead = Lead("marker")


def _rung(kind: str, **kw) -> Rung:
    return Rung(frozenset({kind}), **kw)


# How a Purple and a coloured card of one number and colour rank against each other (number_tie).
TIES = {"coloured": {"coloured": True}, "earlier": {}, "later": {"later": True}}


def _numbers(tie: str) -> tuple[Rung, ...]:
    return tuple(_rung(str(n), **TIES[tie]) for n in range(9, 0, -1))


def _own(kind: str, realm: str) -> Rung:
    """A picture's rung in the ruling colour; with ``realm == "realm"`` the Realm card of the ruling
    colour's realm partner stands on the Realm rung too (the highest picture within its realm)."""
    return _rung(kind, partner=kind == "Re" and realm == "realm")


@cache
def normal(tie: str = "coloured", realm: str = "colour") -> Ladder:
    """Normal Rank Order: Realm, Dragon, Sorcerer, Guard, Troll, then Numbers 9 down to 1."""
    return Ladder(tuple(_own(k, realm) for k in PICTURES) + _numbers(tie))


@cache
def nuance(tie: str = "coloured", pictures: str = "below_own", realm: str = "colour") -> Ladder:
    """Match Rank Nuance: a matched Dragon sits just below the ruling colour's Dragon, and so does
    every matched picture with ``pictures == "below_own"`` (with ``"normal"`` the other pictures
    keep their normal rank); matched numbers just below a ruling Troll; later matches above
    earlier ones (Timing Rule)."""
    matched_kinds = PICTURES if pictures == "below_own" else ("Dr",)
    return Ladder(tuple(r for k in PICTURES
                        for r in (_own(k, realm),) + ((_rung(k, matched=True, any_colour=True, later=True),)
                                                      if k in matched_kinds else ()))
                  + (Rung(NUMBERS, matched=True, any_colour=True, later=True),)
                  + _numbers(tie))


NORMAL = normal()
NUANCE = nuance()


def resolution(ruleset: Ruleset) -> Resolution:
    tie = ruleset.number_tie
    if ruleset.resolution == "nuance":
        return HighestOnLadder(nuance(tie, ruleset.nuance_pictures, ruleset.realm_rank))
    ladder = HighestOnLadder(normal(tie, ruleset.realm_rank))
    return LastMatch(ladder) if ruleset.resolution == "timing" else ladder


EFFECTS = Effects(flip=frozenset({"GNT"}), choose=frozenset({"CYC"}), leads_next=frozenset({"CYC"}))
GIANT_AND_WARLOCK = frozenset({"GNT", "WLK"})


@cache
def trick_spec(ruleset: Ruleset) -> TrickSpec:
    """The trick-resolution spec of a reading."""
    realm_types = frozenset({"Re"}) if ruleset.realm_shadow == "linked" else frozenset()
    vs_match = ruleset.special_vs_match
    return TrickSpec(
        matching=Matching(purples=ruleset.purple_match == "number", pictures=frozenset(PICTURES) - realm_types,
                          within_realm=realm_types, shift=ruleset.colour_match == "shift"),
        resolution=resolution(ruleset),
        specials=SpecialOrder(winners=("PHX", "GNT", "WLK"),
                              yield_to_match=GIANT_AND_WARLOCK if vs_match == "phoenix_only" else frozenset(),
                              cannot_win=frozenset({"CYC", "TRE"}),
                              yield_to_later=GIANT_AND_WARLOCK if vs_match == "timed" else frozenset()),
        purple=PurpleRule(follows_as=ruleset.purple_colour, sufficient=ruleset.purple_wins == "if"),
        effects=replace(EFFECTS, keep_nominated=ruleset.nominated_links == "ignored"),
        fallback=Fallback(HighestOnLadder(normal(ruleset.number_tie, ruleset.realm_rank))
                          if ruleset.no_winner == "lead_colour" else None),
        lead=Lead(ruleset.special_lead),
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
    return Following(colour=ruleset.follow_colour, realm=ruleset.realm_follow == "realm", free=frozenset(free),
                     purple=ruleset.purple_follows == "yes", nominated_alone=ruleset.nominated_links == "ignored")
