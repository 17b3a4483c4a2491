"""When each Realms entry's situation arises in a trick (on the trick's own cards, under the
recommended reading), and the first step of a game where two readings part."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise

from arbiter.model.realms import fast
from arbiter.model.realms.cards import (
    GIANT,
    PHOENIX,
    TREE,
    WARLOCK,
    is_number,
    is_picture,
    is_purple,
    kind_of,
    number_of,
)
from arbiter.model.realms.game import PLAY, STEAL, legal_cards
from arbiter.model.realms.reference import Played, walk, winner
from arbiter.model.realms.ruleset import DEFAULT, Ruleset
from arbiter.model.realms.spec import trick_spec

from .play import Game, tricks

Plays = Sequence[tuple[int, int | None]]


def walked(ruling: int, plays: Plays, ruleset: Ruleset = DEFAULT) -> list[Played]:
    return walk(trick_spec(ruleset), ruling, list(plays))


def _numberish(c: int) -> bool:
    return is_number(c) or is_purple(c)


def matched_number(w: list[Played]) -> bool:
    return any(p.matched and _numberish(p.card) for p in w)


def dragon_comes_back(w: list[Played]) -> bool:
    """A Dragon matched an earlier Dragon and is the last match, and the ruling colour at resolution
    is not its colour but that of a Dragon played before it."""
    ruling = w[-1].marker
    for i, p in enumerate(w):
        if p.matched and kind_of(p.card) == "Dr" and not any(q.matched for q in w[i + 1:]) and p.colour != ruling:
            return any(kind_of(q.card) == "Dr" and q.colour == ruling for q in w[:i])
    return False


def picture_left_behind(w: list[Played]) -> bool:
    """A matched Realm, Sorcerer, Guard or Troll is not of the ruling colour at resolution."""
    return any(p.matched and kind_of(p.card) in ("Re", "So", "Gu", "Tr") and p.colour != w[-1].marker for p in w)


def partner_realm(w: list[Played]) -> bool:
    """A Realm card of the ruling colour's realm partner was played."""
    ruling = w[-1].marker
    return any(kind_of(p.card) == "Re" and p.colour is not None and p.colour == ruling ^ 1 for p in w)


def match_after_special(w: list[Played]) -> bool:
    """A Giant or a Warlock (no Phoenix) was played, and a later card matched."""
    if any(p.card == PHOENIX for p in w):
        return False
    return any(p.card in (GIANT, WARLOCK) and any(q.matched for q in w[i + 1:]) for i, p in enumerate(w))


def purple_moved_on(w: list[Played]) -> bool:
    """A following Purple took a colour the marker no longer shows at resolution."""
    return any(i and is_purple(p.card) and p.colour is not None and p.colour != w[-1].marker for i, p in enumerate(w))


def purple_level(w: list[Played]) -> bool:
    """A Purple and a coloured card of its number counted as one colour, neither a match."""
    return any(is_purple(p.card) and not p.matched and p.colour is not None and is_number(q.card) and not q.matched
               and number_of(q.card) == number_of(p.card) and q.colour == p.colour for p in w for q in w)


def special_led(w: list[Played]) -> bool:
    return w[0].card in (PHOENIX, WARLOCK, TREE)


def dragon_then_number(w: list[Played]) -> bool:
    first = next((i for i, p in enumerate(w) if p.matched and kind_of(p.card) == "Dr"), None)
    return first is not None and any(p.matched and _numberish(p.card) for p in w[first + 1:])


def any_match(w: list[Played]) -> bool:
    return any(p.matched for p in w)


def match_without_purple(w: list[Played]) -> bool:
    return any_match(w) and not any(is_purple(p.card) for p in w)


def same_colour_match(w: list[Played]) -> bool:
    """A number or picture matched an earlier card while of the marker's colour (no Purple in the trick)."""
    return not any(is_purple(p.card) for p in w) and any(
        p.matched and p.colour == before.marker for before, p in pairwise(w))


def special_and_match(w: list[Played]) -> bool:
    cards = {p.card for p in w}
    return PHOENIX not in cards and bool(cards & {GIANT, WARLOCK}) and any_match(w)


def purple_and_number(w: list[Played]) -> bool:
    values = {number_of(p.card) for p in w if is_number(p.card)}
    return any(is_purple(p.card) and number_of(p.card) in values for p in w)


def purple_follows(w: list[Played]) -> bool:
    return any(is_purple(p.card) for p in w[1:])


def purple_top_and_picture(w: list[Played]) -> bool:
    ruling = w[-1].marker
    numbers = [p for p in w if p.colour == ruling and _numberish(p.card)]
    if not numbers or not is_purple(max(numbers, key=lambda p: number_of(p.card)).card):
        return False
    return any(p.colour == ruling and is_picture(p.card) for p in w)


def sun_and_moon(w: list[Played]) -> bool:
    realms = {p.colour // 2 for p in w if kind_of(p.card) == "Re"}
    return len(realms) == 2


def nobody_wins(w: list[Played]) -> bool:
    return winner(trick_spec(DEFAULT), w) is None


SITUATIONS: dict[str, tuple[str, Callable[[list[Played]], bool]]] = {
    "timing-vs-matched-number": ("a Number (or Purple) matched an earlier card", matched_number),
    "timing-vs-matched-dragon": (("a Dragon matched an earlier Dragon and was the last match, and the ruling colour "
                                  "went back to the earlier Dragon's colour"), dragon_comes_back),
    "example-vs-nuance": ("a matched Dragon was followed by a matched Number, as in the third example",
                          dragon_then_number),
    "match-vs-rank": ("a card matched an earlier card (no Purple in the trick)", match_without_purple),
    "same-colour-match": (("a card matched an earlier card while already of the ruling colour (no Purple in the "
                           "trick)"), same_colour_match),
    "special-vs-match": ("a Giant or a Warlock (and no Phoenix) was played and a card matched",
                         special_and_match),
    "purple-match": ("a Purple and a number card of its value were both played", purple_and_number),
    "purple-colour": ("a Purple was played to a trick someone else led", purple_follows),
    "purple-wins": ("a Purple was the highest number of the ruling colour and a picture of that colour was played",
                    purple_top_and_picture),
    "realm-shadow": ("a Sun Realm card and a Moon Realm card were both played", sun_and_moon),
    "no-winner": ("nothing could win: no match, no winning Special, no card of the ruling colour", nobody_wins),
    "nuance-pictures": ("a matched Realm, Sorcerer, Guard or Troll was not of the ruling colour at resolution",
                        picture_left_behind),
    "realm-rank": ("a Realm card of the ruling colour's realm partner was played", partner_realm),
    "match-after-special": ("a Giant or a Warlock (no Phoenix) was played and a later card matched",
                            match_after_special),
    "purple-at-resolution": ("a following Purple took a colour the marker no longer showed at resolution",
                             purple_moved_on),
    "number-tie": ("a Purple and a coloured card of its number counted as one colour, neither a match", purple_level),
    "special-lead": ("a Phoenix, a Warlock or a Tree was led", special_led),
}


def trick_differs(a: Ruleset, b: Ruleset, ruling: int, plays: Plays) -> bool:
    cards, choices = [c for c, _ in plays], [x for _, x in plays]
    return fast.resolve(a, ruling, cards, choices) != fast.resolve(b, ruling, cards, choices)


def first_difference(game: Game, alt: Ruleset, switch: str) -> int | None:
    """The first step of ``game`` (played under the default) whose result the reading ``alt``
    changes: other legal cards, another trick result, another transition; 0 with ``first_lead``
    (the deal itself differs); None when the game would be played the same under ``alt``."""
    if switch == "first_lead":
        return 0
    ends = {t.step: t for t in tricks(game)}
    for k, (b, _, a) in enumerate(game.steps):
        if switch == "halftime":
            if b.round == 1 and a.round == 2 and not a.is_over:
                return k
            continue
        if switch == "troll_victim":
            if b.phase == STEAL:
                return k
            continue
        if switch == "recycle":
            if not a.pile() and a.discard and not a.is_over:
                return k
            continue
        if b.phase == PLAY and legal_cards(b) != legal_cards(replace(b, ruleset=alt)):
            return k
        t = ends.get(k)
        if t is not None and trick_differs(game.ruleset, alt, t.ruling, t.plays):
            return k
    return None
