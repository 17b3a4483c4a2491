"""Trick-taking combinators shared by the family: a ladder of rungs decides the highest card of a
colour, a fallback names the colour that wins when the ruling one is absent, and ``Following`` is
the follow rule. Realms builds its readings from them (``model/realms/spec.py``); bridge is one
ladder (A down to 2), trumps as the ruling colour and the suit led as the fallback. Every field a
reading adds has the default under which bridge's ladder and follow rule read as before."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rung:
    """One step of a ladder: cards whose kind is in ``kinds``; ``matched`` None takes any card, True
    only a card that matched when played; ``any_colour`` lets a matched card of any colour stand on
    the rung (otherwise only the ruling colour's cards do); ``later`` breaks ties for the later card
    (otherwise the earlier keeps the trick); ``coloured`` first breaks a tie for the card with a
    colour of its own over a wild one (Realms: two cards tie on a number rung only when one is a
    Purple); ``partner`` lets a card of the ruling colour's partner colour (Realms: its realm
    partner) stand on the rung too."""

    kinds: frozenset[str]
    matched: bool | None = None
    any_colour: bool = False
    later: bool = False
    coloured: bool = False
    partner: bool = False


@dataclass(frozen=True)
class Ladder:
    """Rungs from highest to lowest; a card stands on the first rung that takes it."""

    rungs: tuple[Rung, ...]


@dataclass(frozen=True)
class HighestOnLadder:
    """The winner is the card on the highest rung of ``ladder``."""

    ladder: Ladder


@dataclass(frozen=True)
class Fallback:
    """A trick nothing wins: won by nobody, or by the highest card of the lead's colour on ``ladder``."""

    lead_colour: HighestOnLadder | None


@dataclass(frozen=True)
class Following:
    """What a player holding a card of the colour to follow may play: that colour (and its realm
    partner with ``realm``, unless ``nominated_alone`` and the colour is a leading wild card's
    nomination), a wild card too with ``purple`` (Realms: holding a Purple counts as able to
    follow), plus the free kinds: ``"purple"``, ``"troll"``, ``"special"``, ``"match"`` (a card
    matching an earlier card of the trick). ``colour`` is ``"current"`` (the marker now) or
    ``"lead"`` (the colour the lead set)."""

    colour: str
    realm: bool
    free: frozenset[str]
    purple: bool = False
    nominated_alone: bool = False


def ladder_of(kinds: tuple[str, ...]) -> Ladder:
    """A plain ladder: one rung per kind, highest first, ties kept by the earlier card."""
    return Ladder(tuple(Rung(frozenset({k})) for k in kinds))
