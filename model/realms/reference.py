"""Plain reference evaluator of the trick spec in ``spec.py``: lists and loops, obviously correct,
slow. The fast evaluator (``fast.py``) is held to it by tests.

A trick is a list of plays ``(card, choice)``; ``choice`` is the colour a leading Purple nominates
or a Cyclone sets (None for every other card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tricks import reference as tricks
from ..tricks.play import must_follow
from ..tricks.reference import Standing
from .cards import Card, CardMask, cards_of, colour_of, is_number, is_purple, kind_of, number_of, partner
from .spec import NUMBERS, Following, HighestOnLadder, LastMatch, Matching, TrickSpec

Play = tuple[Card, int | None]


@dataclass(frozen=True)
class Played:
    """A card as the trick saw it: the colour it counts as (None: no colour), whether it matched an
    earlier card when played, and the marker after it (instant effects included)."""

    card: Card
    colour: int | None
    matched: bool
    marker: int


@dataclass(frozen=True)
class TrickResult:
    """``winner`` and ``leads_next`` index the plays (None: nobody); ``ruling`` is the marker after."""

    winner: int | None
    ruling: int
    leads_next: int | None


def number_for_matching(m: Matching, c: Card) -> int | None:
    if is_number(c) or (is_purple(c) and m.purples):
        return number_of(c)
    return None


def matches(m: Matching, later: Card, earlier: Card) -> bool:
    """Whether ``later`` matches ``earlier`` (the number or picture type, as the spec says)."""
    a, b = number_for_matching(m, later), number_for_matching(m, earlier)
    if a is not None and a == b:
        return True
    kind = kind_of(later)
    if kind != kind_of(earlier):
        return False
    if kind in m.pictures:
        return True
    return kind in m.within_realm and colour_of(later) // 2 == colour_of(earlier) // 2


def is_match(m: Matching, card: Card, colour: int | None, marker: int, earlier: Sequence[Card]) -> bool:
    """Whether ``card``, counting as ``colour`` and played with the marker at ``marker``, is a colour
    match: it matches an earlier card (and, with ``m.shift``, it shifts the marker)."""
    if m.shift and (colour is None or colour == marker):
        return False
    return any(matches(m, card, e) for e in earlier)


def following_colour(spec: TrickSpec, card: Card, marker: int) -> int | None:
    """The colour a card that does not lead counts as (a Purple: the marker's or none)."""
    if is_purple(card):
        return marker if spec.purple.follows_as == "ruling" else None
    return colour_of(card)


def walk(spec: TrickSpec, ruling: int, plays: Sequence[Play]) -> list[Played]:
    """Each play with its colour, match and the marker after it, starting from marker ``ruling``."""
    out: list[Played] = []
    for i, (c, choice) in enumerate(plays):
        kind = kind_of(c)
        matched = False
        if i == 0:
            colour = choice if is_purple(c) else colour_of(c)
            if colour is not None:
                ruling = colour  # the lead sets the ruling colour (a Purple: the nominated one)
        else:
            colour = following_colour(spec, c, ruling)
            matched = is_match(spec.matching, c, colour, ruling, [p.card for p in out])
            if matched and colour is not None:
                ruling = colour  # Colour Match Override
        if kind in spec.effects.flip:
            ruling = partner(ruling)
        if kind in spec.effects.choose:
            ruling = choice
        out.append(Played(c, colour, matched, ruling))
    return out


def _standing(p: Played) -> Standing:
    return Standing(kind_of(p.card), p.colour, p.matched)


def rung_of(ladder_spec: HighestOnLadder, p: Played, ruling: int) -> int | None:
    """The index of the first rung that takes ``p`` under ``ruling``, None when none does."""
    return tricks.rung_of(ladder_spec, _standing(p), ruling)


def highest(ladder_spec: HighestOnLadder, played: list[Played], ruling: int, spec: TrickSpec) -> int | None:
    return tricks.highest(ladder_spec, [_standing(p) for p in played], ruling, spec.specials.cannot_win)


def winner(spec: TrickSpec, played: list[Played]) -> int | None:
    """The index of the winning play, or None when nothing wins the trick."""
    if not played:
        return None
    ruling = played[-1].marker
    kinds = [kind_of(p.card) for p in played]
    any_match = any(p.matched for p in played)
    for s in spec.specials.winners:  # Phoenix > Giant > Warlock
        if s in kinds and not (any_match and s in spec.specials.yield_to_match):
            return kinds.index(s)
    if spec.purple.sufficient:
        numbers = [i for i, p in enumerate(played) if p.colour == ruling and kinds[i] in NUMBERS]
        if numbers:
            top = max(numbers, key=lambda i: (number_of(played[i].card), -i))
            if is_purple(played[top].card):
                return top
    resolution = spec.resolution
    if isinstance(resolution, LastMatch):
        last = [i for i, p in enumerate(played) if p.matched and kinds[i] not in spec.specials.cannot_win]
        if last:
            return last[-1]
        resolution = resolution.otherwise
    found = highest(resolution, played, ruling, spec)
    if found is None and spec.fallback.lead_colour is not None and played[0].colour is not None:
        found = highest(spec.fallback.lead_colour, played, played[0].colour, spec)
    return found


def resolve(spec: TrickSpec, ruling: int, plays: Sequence[Play]) -> TrickResult:
    """The winner, the marker after and who leads next (a Cyclone's player, else the winner, else
    the leader) of a trick played from marker ``ruling``."""
    played = walk(spec, ruling, plays)
    w = winner(spec, played)
    lead = next((i for i, p in enumerate(played) if kind_of(p.card) in spec.effects.leads_next), None)
    if lead is None:
        lead = w if w is not None else 0
    return TrickResult(w, played[-1].marker if played else ruling, lead if played else None)


def colour_to_follow(following: Following, played: list[Played]) -> int:
    return played[0].marker if following.colour == "lead" else played[-1].marker


def may_play(spec: TrickSpec, following: Following, ruling: int, plays: Sequence[Play], hand: CardMask) -> CardMask:
    """The hand cards that may be played next (the whole hand when leading or unable to follow)."""
    if not plays:
        return hand
    played = walk(spec, ruling, plays)
    colour = colour_to_follow(following, played)
    followers = free = 0
    marker, earlier = played[-1].marker, [p.card for p in played]
    for c in cards_of(hand):
        kind = kind_of(c)
        if colour_of(c) == colour or (following.realm and colour_of(c) == partner(colour)):
            followers |= 1 << c
        elif ("purple" in following.free and is_purple(c)) or ("troll" in following.free and kind == "Tr") \
                or ("special" in following.free and colour_of(c) is None and not is_purple(c)) \
                or ("match" in following.free
                    and is_match(spec.matching, c, following_colour(spec, c, marker), marker, earlier)):
            free |= 1 << c
    return must_follow(hand, followers, free)
