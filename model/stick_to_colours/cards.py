"""Stick to Colours cards as small ints and collections as counted multisets.

Card ``k`` has colour ``k // 10`` (0 red, 1 blue, 2 green, the rulebook's order) and value
``k % 10 + 1`` for 1..9; ``k % 10 == 9`` is that colour's joker. A collection is a tuple of 30
counts indexed by card (``Counts``); codes are ``R1``..``R9``, ``RJ`` and likewise for B and G.

>>> codes(parse_cards(["rj", "R1", "r1"]))
['R1', 'R1', 'RJ']
"""

from __future__ import annotations

from collections.abc import Iterable

Card = int
Counts = tuple[int, ...]

COLOURS = "RBG"
COLOUR_NAMES = ("red", "blue", "green")
RED, BLUE, GREEN = range(3)
VALUES = range(1, 10)
JOKER = 9  # the offset of a colour's joker
KINDS = 30
EMPTY: Counts = (0,) * KINDS


class CardError(ValueError):
    """A card code or card list that does not name Stick to Colours cards."""


def card(colour: int, value: int) -> Card:
    return colour * 10 + value - 1


def joker(colour: int) -> Card:
    return colour * 10 + JOKER


def colour_of(c: Card) -> int:
    return c // 10


def value_of(c: Card) -> int | None:
    """The printed value, None for a joker."""
    return None if is_joker(c) else c % 10 + 1


def is_joker(c: Card) -> bool:
    return c % 10 == JOKER


def card_code(c: Card) -> str:
    return COLOURS[colour_of(c)] + ("J" if is_joker(c) else str(c % 10 + 1))


def parse_card(code: object) -> Card:
    """``"r7"``, ``"R7"`` or ``"gj"`` -> the card int; CardError naming the bad code."""
    if not isinstance(code, str):
        raise CardError(f"card must be a string like 'R7' or 'BJ', got {code!r}")
    text = code.strip().upper()
    if len(text) != 2 or text[0] not in COLOURS or text[1] not in "123456789J":
        raise CardError(f"unknown card {code!r} (a card is R, B or G and a value 1-9 or J for the joker)")
    colour = COLOURS.index(text[0])
    return joker(colour) if text[1] == "J" else card(colour, int(text[1]))


def copies(c: Card, jokers: tuple[int, ...] = (RED, BLUE, GREEN)) -> int:
    """Copies of card ``c`` in a deck whose jokers are those of the colours ``jokers``."""
    if is_joker(c):
        return 1 if colour_of(c) in jokers else 0
    return 2 if c % 10 < 6 else 1


def full_deck(jokers: tuple[int, ...] = (RED, BLUE, GREEN)) -> Counts:
    return tuple(copies(c, jokers) for c in range(KINDS))


def counts_of(cards: Iterable[Card]) -> Counts:
    n = [0] * KINDS
    for c in cards:
        n[c] += 1
    return tuple(n)


def cards_of(counts: Counts) -> list[Card]:
    """The cards of a collection in canonical order (red, blue, green; values up; joker last)."""
    return [c for c in range(KINDS) for _ in range(counts[c])]


def codes(counts: Counts) -> list[str]:
    return [card_code(c) for c in cards_of(counts)]


def size(counts: Counts) -> int:
    return sum(counts)


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def sub(a: Counts, b: Counts) -> Counts:
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    if min(out) < 0:
        raise ValueError("subtracting cards that are not there")
    return out


def contains(a: Counts, b: Counts) -> bool:
    return all(x >= y for x, y in zip(a, b, strict=True))


def parse_cards(items: object, what: str = "cards", deck: Counts | None = None) -> Counts:
    """A list of codes (or one space-separated string) -> counts; CardError when a card is
    unknown or appears more often than ``deck`` (default: the 48-card deck) holds it."""
    if isinstance(items, str):
        items = items.split()
    if not isinstance(items, list | tuple):
        raise CardError(f"{what} must be a list of card codes, got {type(items).__name__}")
    counts = counts_of(parse_card(x) for x in items)
    limit = full_deck() if deck is None else deck
    for c in range(KINDS):
        if counts[c] > limit[c]:
            held = "is not in the deck" if not limit[c] else f"is in the deck {limit[c]} time(s)"
            raise CardError(f"{what}: {card_code(c)} appears {counts[c]} times but {held}")
    return counts


def collections(max_size: int, deck: Counts | None = None, jokers: bool = True):
    """Every collection of at most ``max_size`` cards of ``deck`` (default the 48 cards), each once."""
    limit = full_deck() if deck is None else deck
    cur = [0] * KINDS

    def rec(k: int, left: int):
        if k == KINDS:
            yield tuple(cur)
            return
        top = 0 if (is_joker(k) and not jokers) else min(limit[k], left)
        for n in range(top + 1):
            cur[k] = n
            yield from rec(k + 1, left - n)
        cur[k] = 0

    yield from rec(0, max_size)


def one_colour(colour: int = RED) -> Counts:
    """The deck's cards of one colour (its joker included): the domain of every per-colour search."""
    return tuple(n if colour_of(k) == colour else 0 for k, n in enumerate(full_deck()))


def recolour(counts: Counts, order: tuple[int, int, int]) -> Counts:
    """The collection with colour ``c`` repainted ``order[c]``."""
    out = [0] * KINDS
    for k, n in enumerate(counts):
        out[order[k // 10] * 10 + k % 10] += n
    return tuple(out)


def is_colour_canonical(counts: Counts) -> bool:
    """Whether no repainting of the colours gives a lexicographically larger collection (one
    collection per class of colour-symmetric ones)."""
    blocks = [counts[0:10], counts[10:20], counts[20:30]]
    return blocks[0] >= blocks[1] >= blocks[2]
