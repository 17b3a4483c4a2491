"""Plain reference evaluator of the trick spec in ``spec.py``: lists and loops, obviously correct,
slow. The fast evaluator (``fast.py``) is held to it by tests.

A trick is a list of plays ``(card, choice)``; ``choice`` is the colour a leading Purple nominates
or a Cyclone sets (None for every other card)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..tricks import reference as tricks
from ..tricks.play import must_follow
from ..tricks.reference import Standing
from .cards import Card, CardMask, cards_of, colour_of, is_number, is_purple, kind_of, number_of, partner
from .spec import NUMBERS, Following, HighestOnLadder, LastMatch, Matching, TrickSpec

Play = tuple[Card, int | None]


@dataclass(frozen=True)
class Played:
    """A card as the trick saw it: the colour it counts as (None: no colour), whether it matched an
    earlier card when played, and the marker after it (instant effects included); ``unset`` while
    the trick has no ruling colour yet (``Lead.colourless == "first_colour"``), ``nominated`` while
    the marker shows the colour a leading Purple nominated."""

    card: Card
    colour: int | None
    matched: bool
    marker: int
    unset: bool = False
    nominated: bool = False


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
    """The colour a card that does not lead counts as when played (a Purple: the marker's or none)."""
    if is_purple(card):
        return None if spec.purple.follows_as == "none" else marker
    return colour_of(card)


def walk(spec: TrickSpec, ruling: int, plays: Sequence[Play]) -> list[Played]:
    """Each play with its colour, match and the marker after it, starting from marker ``ruling``."""
    out: list[Played] = []
    unset = nominated = False
    effects = spec.effects
    for i, (c, choice) in enumerate(plays):
        kind = kind_of(c)
        matched = False
        if i == 0:
            colour = choice if is_purple(c) else colour_of(c)
            if colour is not None:
                ruling = colour  # the lead sets the ruling colour (a Purple: the nominated one)
            nominated = is_purple(c)
            unset = colour is None and spec.lead.colourless == "first_colour"
        else:
            colour = following_colour(spec, c, ruling)
            matched = is_match(spec.matching, c, colour, ruling, [p.card for p in out])
            new = colour if matched and colour is not None else ruling  # Colour Match Override
            if unset and colour_of(c) is not None:
                new, unset = colour, False  # the first card with a colour sets the ruling colour, as a lead would
            nominated = nominated and new == ruling
            ruling = new
        if kind in effects.flip and not (effects.keep_nominated and nominated):
            ruling, nominated = partner(ruling), False
        if kind in effects.choose:
            ruling, nominated = choice, False
        if kind in effects.flip | effects.choose:
            unset = False
        out.append(Played(c, colour, matched, ruling, unset, nominated))
    return out


def _standing(p: Played) -> Standing:
    return Standing(kind_of(p.card), p.colour, p.matched, is_purple(p.card))


def rung_of(ladder_spec: HighestOnLadder, p: Played, ruling: int) -> int | None:
    """The index of the first rung that takes ``p`` under ``ruling``, None when none does."""
    return tricks.rung_of(ladder_spec, _standing(p), ruling, partner(ruling))


def highest(ladder_spec: HighestOnLadder, played: list[Played], ruling: int, spec: TrickSpec) -> int | None:
    return tricks.highest(ladder_spec, [_standing(p) for p in played], ruling, spec.specials.cannot_win,
                          partner(ruling))


def at_resolution(spec: TrickSpec, played: list[Played]) -> list[Played]:
    """The plays as resolution sees them: with ``follows_as == "resolution"`` a following Purple
    counts as the marker's final colour."""
    if spec.purple.follows_as != "resolution" or not played:
        return played
    final = played[-1].marker
    return [replace(p, colour=final) if i and is_purple(p.card) else p for i, p in enumerate(played)]


def top_purple(played: list[Played], ruling: int) -> int | None:
    """The Purple that is the highest number of the ruling colour, no other card of its number."""
    numbers = [i for i, p in enumerate(played) if p.colour == ruling and kind_of(p.card) in NUMBERS]
    if not numbers:
        return None
    top = max(number_of(played[i].card) for i in numbers)
    at_top = [i for i in numbers if number_of(played[i].card) == top]
    return at_top[0] if len(at_top) == 1 and is_purple(played[at_top[0]].card) else None


def winner(spec: TrickSpec, played: list[Played]) -> int | None:
    """The index of the winning play, or None when nothing wins the trick."""
    if not played:
        return None
    played = at_resolution(spec, played)
    ruling = played[-1].marker
    kinds = [kind_of(p.card) for p in played]
    any_match = any(p.matched for p in played)
    for s in spec.specials.winners:  # Phoenix > Giant > Warlock
        if s not in kinds:
            continue
        at = kinds.index(s)
        if any_match and s in spec.specials.yield_to_match:
            continue
        if s in spec.specials.yield_to_later and any(p.matched for p in played[at + 1:]):
            continue  # a later valid match outranks earlier plays
        return at
    resolution = spec.resolution
    if isinstance(resolution, LastMatch):
        last = [i for i, p in enumerate(played) if p.matched and kinds[i] not in spec.specials.cannot_win]
        if last:
            return last[-1]
        resolution = resolution.otherwise
    if spec.purple.sufficient:
        top = top_purple(played, ruling)
        if top is not None:
            return top
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


def colours_to_follow(following: Following, played: list[Played]) -> frozenset[int]:
    """The colours whose cards follow the trick so far (none: nothing to follow yet): the marker
    now or the colour the lead set, with its realm partner under ``following.realm`` (not for a
    leading Purple's nomination under ``following.nominated_alone``)."""
    if following.colour == "lead":
        at = next((p for p in played if not p.unset), None)
    else:
        at = None if played[-1].unset else played[-1]
    if at is None:
        return frozenset()
    if following.realm and not (following.nominated_alone and at.nominated):
        return frozenset({at.marker, partner(at.marker)})
    return frozenset({at.marker})


def follows(following: Following, colours: frozenset[int], card: Card) -> bool:
    """Whether holding ``card`` makes its player able to follow ``colours``."""
    return colour_of(card) in colours or (following.purple and bool(colours) and is_purple(card))


def may_play(spec: TrickSpec, following: Following, ruling: int, plays: Sequence[Play], hand: CardMask) -> CardMask:
    """The hand cards that may be played next (the whole hand when leading or unable to follow)."""
    if not plays:
        return hand
    played = walk(spec, ruling, plays)
    colours = colours_to_follow(following, played)
    followers = free = 0
    marker, earlier = played[-1].marker, [p.card for p in played]
    for c in cards_of(hand):
        kind = kind_of(c)
        if follows(following, colours, c):
            followers |= 1 << c
        elif ("purple" in following.free and is_purple(c)) or ("troll" in following.free and kind == "Tr") \
                or ("special" in following.free and colour_of(c) is None and not is_purple(c)) \
                or ("match" in following.free
                    and is_match(spec.matching, c, following_colour(spec, c, marker), marker, earlier)):
            free |= 1 << c
    return must_follow(hand, followers, free)
