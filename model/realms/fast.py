"""Fast trick evaluator: per-card tables and bitmasks instead of the spec's ladders, one closure
compiled per ruleset. Written separately from ``reference.py`` and held to it by tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from .cards import (
    CYCLONE,
    DECK_SIZE,
    GIANT,
    PHOENIX,
    TREE,
    WARLOCK,
    Card,
    colour_of,
    is_purple,
    number_of,
    picture_of,
)
from .ruleset import Ruleset

COLOUR = [-1 if colour_of(c) is None else colour_of(c) for c in range(DECK_SIZE)]
NUMBER = [number_of(c) or 0 for c in range(DECK_SIZE)]
PICTURE = [-1 if picture_of(c) is None else picture_of(c) for c in range(DECK_SIZE)]
PURPLE = [is_purple(c) for c in range(DECK_SIZE)]
# Normal rank inside the ruling colour: numbers 1..9, Troll 10 .. Realm 14.
RANK = [NUMBER[c] if NUMBER[c] else (14 - PICTURE[c] if PICTURE[c] >= 0 else 0) for c in range(DECK_SIZE)]
MATCHED_NUMBER = 50  # Match Rank Nuance: above every ruling number, below the lowest picture slot


def _keys(purples: bool, linked_realms: bool) -> list[int]:
    """Bit sets of what each card shows for matching: bit n for number n, 10 + picture for a type,
    15 + realm for a Realm card when Realms match only within their realm."""
    out = []
    for c in range(DECK_SIZE):
        k = 0
        if NUMBER[c] and (not PURPLE[c] or purples):
            k |= 1 << NUMBER[c]
        if PICTURE[c] >= 0:
            k |= 1 << (15 + COLOUR[c] // 2) if (PICTURE[c] == 0 and linked_realms) else 1 << (10 + PICTURE[c])
        out.append(k)
    return out


Walker = Callable[[int, Card, int | None, int, int, bool, bool], tuple[int, bool, int, bool, bool]]


def _walker(ruleset: Ruleset, keys: list[int]) -> Walker:
    """``play(i, card, choice, marker, seen, unset, nominated) -> (colour, matched, marker, unset,
    nominated)``: the ``i``-th play of a trick, ``seen`` the match keys of the cards before it; the
    marker after it (the lead's colour, a Colour Match Override, the first colour, the Giant's flip
    and the Cyclone's choice), shared by the resolution and the follow rule."""
    purple_none = ruleset.purple_colour == "none"
    shift_only = ruleset.colour_match == "shift"
    first_colour = ruleset.special_lead == "first_colour"
    keep_nominated = ruleset.nominated_links == "ignored"

    def play(i: int, c: Card, choice: int | None, ruling: int, seen: int, unset: bool,
             nominated: bool) -> tuple[int, bool, int, bool, bool]:
        matched = False
        if PURPLE[c]:
            col = choice if i == 0 else (-1 if purple_none else ruling)
        else:
            col = COLOUR[c]
        if i == 0:
            if col >= 0:
                ruling = col
            nominated = PURPLE[c]
            unset = first_colour and col < 0
        else:
            new = ruling
            if keys[c] & seen and not (shift_only and (col < 0 or col == ruling)):
                matched = True
                if col >= 0:
                    new = col
            if unset and COLOUR[c] >= 0:
                new, unset = col, False
            if new != ruling:
                nominated = False
            ruling = new
        if c == GIANT:
            if not (keep_nominated and nominated):
                ruling ^= 1
                nominated = False
            unset = False
        elif c == CYCLONE:
            ruling = choice
            nominated = unset = False
        return col, matched, ruling, unset, nominated

    return play


Resolver = Callable[[int, Sequence[Card], Sequence[int | None]], tuple[int | None, int, int | None]]


@lru_cache(maxsize=64)
def resolver(ruleset: Ruleset) -> Resolver:
    """``resolve(ruling, cards, choices) -> (winner, ruling after, leads_next)`` for ``ruleset``."""
    keys = _keys(ruleset.purple_match == "number", ruleset.realm_shadow == "linked")
    play = _walker(ruleset, keys)
    purple_final = ruleset.purple_colour == "resolution"
    mode = ruleset.resolution
    yield_to_match = ruleset.special_vs_match == "phoenix_only"
    timed = ruleset.special_vs_match == "timed"
    sufficient = ruleset.purple_wins == "if"
    fallback = ruleset.no_winner == "lead_colour"
    tie = ruleset.number_tie
    matched_pictures = ruleset.nuance_pictures == "below_own"
    realm = ruleset.realm_rank == "realm"

    def resolve(ruling: int, cards: Sequence[Card], choices: Sequence[int | None]) -> tuple[int | None, int, int | None]:
        n = len(cards)
        if not n:
            return None, ruling, None
        colours = [0] * n
        matched = [False] * n
        seen = 0
        any_match = False
        phoenix = giant = warlock = cyclone = -1
        last_match = -1
        unset = nominated = False
        for i in range(n):
            c = cards[i]
            col, m, ruling, unset, nominated = play(i, c, choices[i], ruling, seen, unset, nominated)
            if m:
                matched[i] = any_match = True
                last_match = i
            seen |= keys[c]
            colours[i] = col
            if c >= PHOENIX and not PURPLE[c]:
                if c == GIANT:
                    giant = i
                elif c == CYCLONE:
                    cyclone = i
                elif c == PHOENIX:
                    phoenix = i
                elif c == WARLOCK:
                    warlock = i
        if purple_final:
            for i in range(1, n):
                if PURPLE[cards[i]]:
                    colours[i] = ruling
        w = -1
        if phoenix >= 0:
            w = phoenix
        elif giant >= 0 and not (yield_to_match and any_match) and not (timed and last_match > giant):
            w = giant
        elif warlock >= 0 and not (yield_to_match and any_match) and not (timed and last_match > warlock):
            w = warlock
        if w < 0 and mode == "timing" and last_match >= 0:
            w = last_match
        if w < 0 and sufficient:
            best_n, best_i, level = 0, -1, 0
            for i in range(n):
                if colours[i] == ruling and NUMBER[cards[i]]:
                    if NUMBER[cards[i]] > best_n:
                        best_n, best_i, level = NUMBER[cards[i]], i, 1
                    elif NUMBER[cards[i]] == best_n:
                        level += 1
            if best_i >= 0 and level == 1 and PURPLE[cards[best_i]]:
                w = best_i
        if w < 0:
            w = _highest(cards, colours, matched, ruling, mode == "nuance", matched_pictures, tie, realm, n)
        if w < 0 and fallback and colours[0] >= 0:
            w = _highest(cards, colours, matched, colours[0], False, matched_pictures, tie, realm, n)
        winner = w if w >= 0 else None
        lead = cyclone if cyclone >= 0 else (max(w, 0))
        return winner, ruling, lead

    return resolve


def _highest(cards: Sequence[Card], colours: list[int], matched: list[bool], ruling: int, nuance: bool,
             matched_pictures: bool, tie: str, realm: bool, n: int) -> int:
    best, best_i = -1, -1
    for i in range(n):
        c = cards[i]
        if c == CYCLONE or c == TREE:
            continue
        v = -1
        # with realm, a Realm card of the ruling colour's partner stands with the ruling Realm
        if RANK[c] and (colours[i] == ruling or (realm and PICTURE[c] == 0 and colours[i] == ruling ^ 1)):
            if PICTURE[c] >= 0:
                v, order = RANK[c] * 10 + 5, 63 - i  # on a ruling rung the earlier card keeps the trick
            else:
                v = RANK[c]  # a number: ties only between a Purple and a coloured card (number_tie)
                order = i if tie == "later" else 63 - i
                if tie == "coloured" and not PURPLE[c]:
                    order += 64
        if nuance and matched[i] and (PICTURE[c] < 0 or matched_pictures or PICTURE[c] == 1):
            mv = (RANK[c] * 10 if PICTURE[c] >= 0 else MATCHED_NUMBER)
            if mv > v:
                v, order = mv, i  # on a matched rung the later card wins (Timing Rule)
        if v < 0:
            continue
        key = v * 128 + order
        if key > best:
            best, best_i = key, i
    return best_i

def resolve(ruleset: Ruleset, ruling: int, cards: Sequence[Card],
            choices: Sequence[int | None] | None = None) -> tuple[int | None, int, int | None]:
    """``(winner, ruling after, leads_next)`` of a trick; ``choices`` default to none."""
    return resolver(ruleset)(ruling, cards, choices if choices is not None else [None] * len(cards))


Follower = Callable[[int, Sequence[Card], Sequence[int | None], int], int]


@lru_cache(maxsize=64)
def follower(ruleset: Ruleset) -> Follower:
    """``legal(ruling, cards, choices, hand) -> the hand cards that may be played next`` for
    ``ruleset``: the follow rule of ``reference.may_play`` on per-card tables (the marker walked as
    ``resolver`` walks it)."""
    keys = _keys(ruleset.purple_match == "number", ruleset.realm_shadow == "linked")
    play = _walker(ruleset, keys)
    purple_none = ruleset.purple_colour == "none"
    shift_only = ruleset.colour_match == "shift"
    keep_nominated = ruleset.nominated_links == "ignored"
    by_lead = ruleset.follow_colour == "lead"
    realm = ruleset.realm_follow == "realm"
    purple_follows = ruleset.purple_follows == "yes"
    free_match = ruleset.match_follow == "free"
    free = 0  # the cards free to play whatever is to be followed
    for c in range(DECK_SIZE):
        if (PURPLE[c] if ruleset.troll_bullets == "purple" else PICTURE[c] == 4) or (
                ruleset.specials_follow == "anytime" and COLOUR[c] < 0 and not PURPLE[c]):
            free |= 1 << c
    colour_cards = [0] * 4  # the cards of each colour
    for c in range(DECK_SIZE):
        if COLOUR[c] >= 0:
            colour_cards[COLOUR[c]] |= 1 << c
    purples = sum(1 << c for c in range(DECK_SIZE) if PURPLE[c])

    def legal(ruling: int, cards: Sequence[Card], choices: Sequence[int | None], hand: int) -> int:
        n = len(cards)
        if not n:
            return hand
        seen = 0
        unset = nominated = False
        at = -1  # the marker to follow (-1: none yet)
        at_nominated = False
        for i in range(n):
            c = cards[i]
            _, _, ruling, unset, nominated = play(i, c, choices[i], ruling, seen, unset, nominated)
            seen |= keys[c]
            if not unset and (at < 0 or not by_lead):
                at, at_nominated = ruling, nominated
        if unset and not by_lead:
            at = -1
        if at < 0:
            return hand
        followers = colour_cards[at]
        if realm and not (keep_nominated and at_nominated):
            followers |= colour_cards[at ^ 1]
        if purple_follows:
            followers |= purples
        if not hand & followers:
            return hand
        allowed = followers | free
        if free_match:
            rest = hand & ~allowed
            while rest:
                low = rest & -rest
                c = low.bit_length() - 1
                rest ^= low
                col = (-1 if purple_none else ruling) if PURPLE[c] else COLOUR[c]
                if keys[c] & seen and not (shift_only and (col < 0 or col == ruling)):
                    allowed |= low
        return hand & allowed

    return legal
