"""Realms cards as small ints, card sets as int bitmasks (65 cards, so a set fits one int).

Numbers ``R1``..``G9`` are 0..35 (colour * 9 + number - 1), pictures 36..55 (36 + colour * 5 +
picture, Realm first), Specials 56..60 (``PHX GNT WLK CYC TRE``), Purple wilds ``P1``..``P4`` 61..64.
Colours 0..3 are red, yellow, blue, green; a colour's realm partner is ``colour ^ 1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..cardsets import mask_of, parse_mask, parse_name

Card = int
CardMask = int

COLOURS = "RYBG"
COLOUR_NAMES = ("red", "yellow", "blue", "green")
RED, YELLOW, BLUE, GREEN = range(4)
PICTURES = ("Re", "Dr", "So", "Gu", "Tr")  # Realm, Dragon, Sorcerer, Guard, Troll: the rulebook's order
REALM, DRAGON, SORCERER, GUARD, TROLL = range(5)
PICTURE_NAMES = ("Realm", "Dragon", "Sorcerer", "Guard", "Troll")
SPECIALS = ("PHX", "GNT", "WLK", "CYC", "TRE")
SPECIAL_NAMES = ("Phoenix", "Giant", "Warlock", "Cyclone", "Tree")
PHOENIX, GIANT, WARLOCK, CYCLONE, TREE = range(56, 61)
FIRST_PICTURE, FIRST_SPECIAL, FIRST_PURPLE = 36, 56, 61
DECK_SIZE = 65
ALL_CARDS: CardMask = (1 << DECK_SIZE) - 1

# Kinds, as the trick spec names them: "1".."9" for numbers (Purple included), picture codes, Special codes.
NUMBER_KINDS = tuple(str(n) for n in range(1, 10))


class CardError(ValueError):
    """A card code or card list that does not name Realms cards."""


def number_card(colour: int, number: int) -> Card:
    return colour * 9 + number - 1


def picture_card(colour: int, picture: int) -> Card:
    return FIRST_PICTURE + colour * 5 + picture


def purple_card(number: int) -> Card:
    return FIRST_PURPLE + number - 1


def is_number(c: Card) -> bool:
    return c < FIRST_PICTURE


def is_picture(c: Card) -> bool:
    return FIRST_PICTURE <= c < FIRST_SPECIAL


def is_special(c: Card) -> bool:
    return FIRST_SPECIAL <= c < FIRST_PURPLE


def is_purple(c: Card) -> bool:
    return c >= FIRST_PURPLE


def colour_of(c: Card) -> int | None:
    """The printed colour (0..3) of a number or picture card; None for Specials and Purples."""
    if c < FIRST_PICTURE:
        return c // 9
    if c < FIRST_SPECIAL:
        return (c - FIRST_PICTURE) // 5
    return None


def number_of(c: Card) -> int | None:
    """The number of a number card or a Purple wild; None otherwise."""
    if c < FIRST_PICTURE:
        return c % 9 + 1
    if c >= FIRST_PURPLE:
        return c - FIRST_PURPLE + 1
    return None


def picture_of(c: Card) -> int | None:
    return (c - FIRST_PICTURE) % 5 if FIRST_PICTURE <= c < FIRST_SPECIAL else None


def kind_of(c: Card) -> str:
    """The card's kind in the trick spec: its number, picture code or Special code."""
    if c < FIRST_PICTURE or c >= FIRST_PURPLE:
        return str(number_of(c))
    if c < FIRST_SPECIAL:
        return PICTURES[picture_of(c)]
    return SPECIALS[c - FIRST_SPECIAL]


def partner(colour: int) -> int:
    """The other colour of the colour's realm: red <-> yellow, blue <-> green."""
    return colour ^ 1


def card_code(c: Card) -> str:
    if c < FIRST_PICTURE:
        return f"{COLOURS[c // 9]}{c % 9 + 1}"
    if c < FIRST_SPECIAL:
        return f"{COLOURS[colour_of(c)]}{PICTURES[picture_of(c)]}"
    if c < FIRST_PURPLE:
        return SPECIALS[c - FIRST_SPECIAL]
    return f"P{number_of(c)}"


_BY_CODE = {card_code(c).upper(): c for c in range(DECK_SIZE)}


def parse_card(code: str) -> Card:
    """``"bdr"`` or ``"BDr"`` -> the card int; raises CardError naming the bad code."""
    if not isinstance(code, str):
        raise CardError(f"card must be a string like 'R5' or 'BDr', got {code!r}")
    c = _BY_CODE.get(code.strip().upper())
    if c is None:
        raise CardError(f"unknown card {code!r} (R1..G9, a colour letter and Re Dr So Gu Tr, "
                        "PHX GNT WLK CYC TRE, or P1..P4)")
    return c


def parse_colour(name: str) -> int:
    """A colour name (``"red"``) or letter (``"R"``), case-insensitive."""
    return parse_name(name, COLOUR_NAMES, COLOURS, CardError, "colour")


def cards_of(mask: CardMask) -> Iterator[Card]:
    """The cards of a mask in card order (numbers, pictures, Specials, Purples)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def codes(mask: CardMask) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def parse_cards(items: Iterable[str], what: str = "cards") -> CardMask:
    """Card codes -> mask; a card given twice is an error naming it and ``what``."""
    return parse_mask(items, parse_card, card_code, CardError, what)


COLOUR_MASK: list[CardMask] = [
    mask_of([number_card(c, n) for n in range(1, 10)] + [picture_card(c, p) for p in range(5)]) for c in range(4)]
PURPLE_MASK: CardMask = mask_of(range(FIRST_PURPLE, DECK_SIZE))
SPECIAL_MASK: CardMask = mask_of(range(FIRST_SPECIAL, FIRST_PURPLE))
TROLL_MASK: CardMask = mask_of(picture_card(c, TROLL) for c in range(4))
