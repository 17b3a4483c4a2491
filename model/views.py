"""What every game's views share: the unseen cards dealt to a view's hidden places (a hand as a set,
a pile as a sequence where its order matters), counted, enumerated each once, or sampled uniformly;
and a hidden place written as a count of cards in the notation.

A game's view (``model/<game>/view.py``) says which places are hidden and how big they are, and
fills a whole position from one deal of them; the advice, the bots and the human seat only ever see
the view, so what they show cannot depend on a card the seat does not see."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb, perm
from typing import Any

Deal = tuple[tuple[int, ...], ...]  # the cards dealt to each place, in the order of the places


@dataclass(frozen=True)
class Place:
    """A hidden place of a view: ``size`` unseen cards, a set (a hand) or, ``ordered``, a sequence
    whose order is part of the deal (a pile that will be drawn from)."""

    size: int
    ordered: bool = False


def count_deals(unseen: int, places: Sequence[Place]) -> int:
    """The number of deals of ``unseen`` cards (each told apart, even two copies of one card) to ``places``."""
    n, left = 1, unseen
    for p in places:
        n *= perm(left, p.size) if p.ordered else comb(left, p.size)
        left -= p.size
    return n


def deal_all(cards: Sequence[int], places: Sequence[Place]) -> Iterator[Deal]:
    """Every deal of ``cards`` to ``places``, each once, in a fixed order (the places in turn; the
    cards left over are in none)."""

    def rest(k: int, pool: tuple[int, ...], done: tuple[tuple[int, ...], ...]) -> Iterator[Deal]:
        if k == len(places):
            yield done
            return
        p = places[k]
        picks = permutations(range(len(pool)), p.size) if p.ordered else combinations(range(len(pool)), p.size)
        for idx in picks:
            chosen = tuple(pool[i] for i in idx)
            taken = set(idx)
            yield from rest(k + 1, tuple(c for i, c in enumerate(pool) if i not in taken), (*done, chosen))

    yield from rest(0, tuple(cards), ())


def deal_one(cards: Sequence[int], places: Sequence[Place], rng: random.Random) -> Deal:
    """One deal of ``cards`` to ``places`` drawn uniformly at random (every deal of ``deal_all`` alike):
    one sample of all the places' cards at once, cut in the order of the places."""
    drawn = rng.sample(list(cards), sum(p.size for p in places))
    out, k = [], 0
    for p in places:
        part = drawn[k:k + p.size]
        out.append(tuple(part if p.ordered else sorted(part)))  # a set as ``deal_all`` writes it
        k += p.size
    return tuple(out)


def is_count(x: Any) -> bool:
    """Whether a notation value is a count of hidden cards (an int, not a bool) rather than cards."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_count(x: int, field: str, high: int, error: Callable[[str, str], Exception]) -> int:
    """``x`` when it is a possible count of hidden cards (0 to ``high``), else ``error(field, message)``."""
    if x < 0 or x > high:
        raise error(field, f"a hidden count must be 0 to {high} cards, got {x}")
    return x


__all__ = ["Deal", "Place", "check_count", "count_deals", "deal_all", "deal_one", "is_count"]
