"""Red7 cards as small ints ordered by strength, card sets as int bitmasks.

Card ``k`` has number ``k // 7 + 1`` and colour ``6 - k % 7`` (0 = Red ... 6 = Violet), so
``V1 == 0`` is the weakest card, ``R7 == 48`` the strongest, and the highest card of a set is
its most significant bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..cardsets import mask_of, parse_mask, parse_name  # noqa: F401 - mask_of is part of this module's API

Card = int
CardMask = int

COLOURS = "ROYGBIV"
COLOUR_NAMES = ("red", "orange", "yellow", "green", "blue", "indigo", "violet")
RED, ORANGE, YELLOW, GREEN, BLUE, INDIGO, VIOLET = range(7)
NUMBERS = range(1, 8)
ALL_CARDS: CardMask = (1 << 49) - 1


class CardError(ValueError):
    """A card code or card list that does not name Red7 cards."""


def card(number: int, colour: int) -> Card:
    return (number - 1) * 7 + (6 - colour)


def number_of(c: Card) -> int:
    return c // 7 + 1


def colour_of(c: Card) -> int:
    return 6 - c % 7


NUMBER_MASK: dict[int, CardMask] = {n: 0b1111111 << (7 * (n - 1)) for n in NUMBERS}
COLOUR_MASK: list[CardMask] = [sum(1 << card(n, c) for n in NUMBERS) for c in range(7)]
EVEN_MASK: CardMask = NUMBER_MASK[2] | NUMBER_MASK[4] | NUMBER_MASK[6]
BELOW_4_MASK: CardMask = NUMBER_MASK[1] | NUMBER_MASK[2] | NUMBER_MASK[3]
ACTION_MASK: CardMask = NUMBER_MASK[1] | NUMBER_MASK[3] | NUMBER_MASK[5] | NUMBER_MASK[7]


def parse_card(code: str) -> Card:
    """``"r7"`` or ``"R7"`` -> the card int; raises CardError naming the bad code."""
    if not isinstance(code, str):
        raise CardError(f"card must be a string like 'R7', got {code!r}")
    text = code.strip().upper()
    if len(text) != 2 or text[0] not in COLOURS or text[1] not in "1234567":
        raise CardError(f"unknown card {code!r} (a card is a colour letter R O Y G B I V and a number 1-7)")
    return card(int(text[1]), COLOURS.index(text[0]))


def card_code(c: Card) -> str:
    return f"{COLOURS[colour_of(c)]}{number_of(c)}"


def parse_colour(name: str) -> int:
    """A rule/colour name (``"red"``) or letter (``"R"``), case-insensitive."""
    return parse_name(name, COLOUR_NAMES, COLOURS, CardError, "rule")


def cards_of(mask: CardMask) -> Iterator[Card]:
    """The cards of a mask, strongest first."""
    while mask:
        top = mask.bit_length() - 1
        yield top
        mask ^= 1 << top


def parse_cards(codes: Iterable[str], what: str = "cards") -> CardMask:
    """Card codes -> mask; a card given twice is an error naming it and ``what``."""
    return parse_mask(codes, parse_card, card_code, CardError, what)


def codes(mask: CardMask) -> list[str]:
    """Readable view of a mask: codes, strongest first."""
    return [card_code(c) for c in cards_of(mask)]


def highest(mask: CardMask) -> Card:
    return mask.bit_length() - 1
