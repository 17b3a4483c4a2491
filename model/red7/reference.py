"""Plain reference evaluator of the declarative rules in ``spec.py``: sets and loops, obviously
correct, slow. The fast engine is held to it by tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card, colour_of, number_of
from .ruleset import BASIC, HIGHEST_CARD, Ruleset
from .spec import (
    COLOUR,
    RULES,
    AllMatching,
    HighestCard,
    LargestGroup,
    LongestRun,
    NumberIn,
    OnePerKey,
    Selector,
)

Key = tuple[int, int]  # (count, highest qualifying card); (0, -1) when nothing qualifies
NO_KEY: Key = (0, -1)


def key_value(card: Card, key: str) -> int:
    return colour_of(card) if key == COLOUR else number_of(card)


def holds(predicate: NumberIn, card: Card) -> bool:
    return number_of(card) in predicate.numbers


def candidates(selector: Selector, palette: frozenset[Card]) -> list[frozenset[Card]]:
    """The candidate sets a selector names in a Palette (possibly empty sets)."""
    if isinstance(selector, HighestCard):
        return [frozenset({c}) for c in palette]
    if isinstance(selector, AllMatching):
        return [frozenset(c for c in palette if holds(selector.predicate, c))]
    groups: dict[int, set[Card]] = {}
    for c in palette:
        groups.setdefault(key_value(c, selector.key), set()).add(c)
    if isinstance(selector, LargestGroup):
        return [frozenset(g) for g in groups.values()]
    if isinstance(selector, OnePerKey):
        return [frozenset(max(g) for g in groups.values())]
    if isinstance(selector, LongestRun):
        runs = []
        for start in groups:
            if start - 1 in groups:
                continue  # not the bottom of a maximal run
            end = start
            while end + 1 in groups:
                end += 1
            runs.append(frozenset(max(groups[v]) for v in range(start, end + 1)))
        return runs
    raise TypeError(f"unknown selector {selector!r}")


def key_of(cards: Iterable[Card]) -> Key:
    cards = list(cards)
    return (len(cards), max(cards)) if cards else NO_KEY


def qualifying(rule: int, palette: Iterable[Card]) -> frozenset[Card]:
    """The qualifying set that counts: the best candidate by (count, highest card)."""
    options = candidates(RULES[rule].selector, frozenset(palette))
    return max(options, key=key_of, default=frozenset())


def key(rule: int, palette: Iterable[Card]) -> Key:
    return key_of(qualifying(rule, palette))


def leader(
    rule: int,
    palettes: Sequence[Iterable[Card]],
    out: Iterable[int] = (),
    ruleset: Ruleset = BASIC,
) -> int | None:
    """The player winning under ``rule`` among those not out, or None when nobody is."""
    # Reading out_palettes=compete (FR never says an eliminated Palette stops counting).
    out = set(out) if ruleset.out_palettes == "ignored" else set()
    competing = [i for i in range(len(palettes)) if i not in out]
    keys = {i: key(rule, palettes[i]) for i in competing}
    if ruleset.tie_break == "highest_card" and isinstance(RULES[rule].selector, (LargestGroup, LongestRun)):
        # Equal group sizes decided by the highest card of the whole Palette.
        keys = {i: (k[0], max(palettes[i])) if k != NO_KEY else k for i, k in keys.items()}
    best = max(competing, key=lambda i: keys[i], default=None)
    if best is not None and keys[best] != NO_KEY:
        return best
    if ruleset.nobody_qualifies == HIGHEST_CARD:
        best = max(competing, key=lambda i: max(palettes[i], default=-1), default=None)
        if best is not None and max(palettes[best], default=-1) >= 0:
            return best
    return None


# The clauses that can decide a leader question, in the rulebook's words.
COUNT = "most qualifying cards wins"
TIE_NUMBER = "equal counts: the highest qualifying card wins, by number"
TIE_COLOUR = "equal counts and numbers: the highest qualifying card wins, by colour"
NOBODY_WINS = "nobody qualifies: nobody is winning"
NOBODY_HIGHEST = "nobody qualifies: the highest card decides"


def decision(
    rule: int,
    palettes: Sequence[Iterable[Card]],
    out: Iterable[int] = (),
    ruleset: Ruleset = BASIC,
) -> tuple[int | None, str, list[tuple[int, Key]]]:
    """``leader``'s answer with the clause that decided it and the keys compared, best first
    ((player, (count, highest qualifying card)) for every player competing): the model says why
    its answer is what it is, so that a report can name the clause an engine reads otherwise."""
    palettes = [frozenset(p) for p in palettes]
    who = leader(rule, palettes, out, ruleset)
    out = set(out) if ruleset.out_palettes == "ignored" else set()
    competing = [i for i in range(len(palettes)) if i not in out]
    keys = sorted(((i, key(rule, palettes[i])) for i in competing), key=lambda ik: ik[1], reverse=True)
    if ruleset.tie_break == "highest_card" and isinstance(RULES[rule].selector, (LargestGroup, LongestRun)):
        keys = sorted(((i, (k[0], max(palettes[i])) if k != NO_KEY else k) for i, k in keys),
                      key=lambda ik: ik[1], reverse=True)
    if not keys or keys[0][1] == NO_KEY:
        return who, NOBODY_HIGHEST if who is not None else NOBODY_WINS, keys
    if len(keys) < 2 or keys[1][1][0] != keys[0][1][0]:
        return who, COUNT, keys
    a, b = keys[0][1][1], keys[1][1][1]
    return who, TIE_NUMBER if number_of(a) != number_of(b) else TIE_COLOUR, keys
