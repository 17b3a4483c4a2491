"""Helpers every game's cards module shares: card sets as int bitmasks, and reading colour names
and card lists with errors that name the bad input."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_name(name: object, names: Sequence[str], letters: str, error: type[Exception], what: str) -> int:
    """The index of a name (``"red"``) or letter (``"R"``), case-insensitive; ``error`` naming
    ``what`` and the names otherwise."""
    if isinstance(name, str):
        text = name.strip().lower()
        if text in names:
            return names.index(text)
        if len(text) == 1 and text.upper() in letters:
            return letters.index(text.upper())
    raise error(f"unknown {what} {name!r} (one of {', '.join(names)})")


def parse_mask(items: object, parse: Callable[[str], int], code: Callable[[int], str], error: type[Exception],
               what: str) -> int:
    """Card codes -> mask; a card given twice is an ``error`` naming it and ``what``."""
    if isinstance(items, str) or not isinstance(items, (list, tuple)):
        raise error(f"{what} must be a list of card codes, got {items!r}")
    m = 0
    for text in items:
        c = parse(text)
        if m >> c & 1:
            raise error(f"card {code(c)} given twice in {what}")
        m |= 1 << c
    return m
