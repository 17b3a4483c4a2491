"""Bridge cards as small ints, card sets as int bitmasks (52 cards in one int).

Card ``suit * 13 + rank``: suits 0..3 are spades, hearts, diamonds, clubs (PBN's order), ranks 0..12
are 2 up to the ace, so within a suit the higher card is the higher bit. Seats 0..3 are North,
East, South, West in the order of play; side 0 is North-South, side 1 East-West (``seat & 1``).
Strains 0..3 are the suits as trumps, 4 is no trump.
"""

from __future__ import annotations

from collections.abc import Iterator

Card = int
CardMask = int

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
RANKS = "23456789TJQKA"
SEATS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
STRAINS = ("S", "H", "D", "C", "NT")
NT = 4
DECK_SIZE = 52
HAND_SIZE = 13
ALL_CARDS: CardMask = (1 << DECK_SIZE) - 1
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


class CardError(ValueError):
    """A card, suit, seat or strain text that names none."""


def suit_of(c: Card) -> int:
    return c // 13


def rank_of(c: Card) -> int:
    return c % 13


def card(suit: int, rank: int) -> Card:
    return suit * 13 + rank


def card_code(c: Card) -> str:
    """``"SA"``, ``"HT"``, ``"C2"``: the suit letter, then the rank."""
    return SUITS[c // 13] + RANKS[c % 13]


def parse_card(text: object) -> Card:
    """A card code (``SA``, ``h7``, ``D10`` or ``DT``) -> Card; CardError naming the text."""
    if not isinstance(text, str):
        raise CardError(f"a card is a code like 'SA' or 'H7', got {text!r}")
    t = text.strip().upper().replace("10", "T")
    if len(t) != 2 or t[0] not in SUITS or t[1] not in RANKS:
        raise CardError(f"unknown card {text!r} (a suit S H D C, then a rank 2-9 T J Q K A: 'SA', 'H7')")
    return card(SUITS.index(t[0]), RANKS.index(t[1]))


def parse_seat(text: object) -> int:
    if isinstance(text, str) and text.strip().upper()[:1] in SEATS and text.strip().lower() in (
            "n", "e", "s", "w", "north", "east", "south", "west"):
        return SEATS.index(text.strip().upper()[0])
    raise CardError(f"unknown seat {text!r} (one of N E S W)")


def parse_strain(text: object) -> int:
    if isinstance(text, str):
        t = text.strip().upper()
        if t in STRAINS:
            return STRAINS.index(t)
        if t == "N":
            return NT
    raise CardError(f"unknown strain {text!r} (one of S H D C NT)")


def cards_of(mask: CardMask) -> Iterator[Card]:
    """The cards of a set in canonical order: spades first, each suit from the ace down."""
    for s in range(4):
        m = mask & SUIT_MASK[s]
        while m:
            top = m.bit_length() - 1
            yield top
            m &= ~(1 << top)


def codes(mask: CardMask) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def holding(mask: CardMask, suit: int) -> str:
    """The ranks of a hand in one suit, ace first (``"AKT2"``; empty for a void)."""
    return "".join(RANKS[c % 13] for c in cards_of(mask & SUIT_MASK[suit]))


def hand_text(mask: CardMask) -> str:
    """A hand in PBN form: four holdings S.H.D.C (``"AKQ2.JT9.876.54"``)."""
    return ".".join(holding(mask, s) for s in range(4))


def parse_hand(text: str, where: str) -> CardMask:
    """A PBN hand (``"AKQ2.JT9.876.54"``; ``"..."`` is an empty hand) -> mask; CardError naming ``where``."""
    parts = text.split(".")
    if len(parts) != 4:
        raise CardError(f"{where}: a hand is four holdings S.H.D.C separated by dots, like 'AKQ2.JT9.876.54', got "
                        f"{text!r}")
    m = 0
    for s, part in enumerate(parts):
        for ch in part.upper().replace("10", "T"):
            if ch not in RANKS:
                raise CardError(f"{where}: {ch!r} in the {SUIT_NAMES[s]} is not a rank (2-9 T J Q K A)")
            c = card(s, RANKS.index(ch))
            if m >> c & 1:
                raise CardError(f"{where}: {card_code(c)} is given twice")
            m |= 1 << c
    return m
