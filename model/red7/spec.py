"""The seven colour rules written once, as data built from a few combinators.

Each rule is a *selector*: from a Palette it names candidate sets of cards, and the qualifying
set that counts is the best candidate by the comparison key (count, then highest card).
``reference.py`` interprets these values with sets and loops; ``arbiter.proofs`` compiles the
same values to z3. A new reading of a rule is a new value here, not an edit to either.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import BLUE, GREEN, INDIGO, ORANGE, RED, VIOLET, YELLOW

# Keys a combinator may group or order cards by.
NUMBER = "number"
COLOUR = "colour"


@dataclass(frozen=True)
class NumberIn:
    """Predicate: the card's number is one of ``numbers``."""

    numbers: frozenset[int]


@dataclass(frozen=True)
class HighestCard:
    """Candidates: each card alone. Best candidate: the single highest card."""


@dataclass(frozen=True)
class AllMatching:
    """Candidate: every Palette card meeting ``predicate``, all together."""

    predicate: NumberIn


@dataclass(frozen=True)
class LargestGroup:
    """Candidates: the cards sharing one value of ``key``, one candidate per value."""

    key: str


@dataclass(frozen=True)
class OnePerKey:
    """Candidate: the highest card of each value of ``key``, all together."""

    key: str


@dataclass(frozen=True)
class LongestRun:
    """Candidates: each maximal run of consecutive ``key`` values present in the Palette, one
    card per value; a duplicate value does not lengthen a run and its highest copy stands."""

    key: str


Selector = HighestCard | AllMatching | LargestGroup | OnePerKey | LongestRun


@dataclass(frozen=True)
class RuleSpec:
    colour: int
    name: str
    text: str  # the rule in the rulebook's words (V1.1 facts, see red7-digest.md)
    selector: Selector


RULES: tuple[RuleSpec, ...] = (
    RuleSpec(RED, "red", "Highest card", HighestCard()),
    RuleSpec(ORANGE, "orange", "Most cards of one number", LargestGroup(NUMBER)),
    RuleSpec(YELLOW, "yellow", "Most cards of one colour", LargestGroup(COLOUR)),
    RuleSpec(GREEN, "green", "Most even cards", AllMatching(NumberIn(frozenset({2, 4, 6})))),
    RuleSpec(BLUE, "blue", "Most cards of different colours", OnePerKey(COLOUR)),
    RuleSpec(INDIGO, "indigo", "Most cards that form a run of consecutive numbers", LongestRun(NUMBER)),
    RuleSpec(VIOLET, "violet", "Most cards below 4", AllMatching(NumberIn(frozenset({1, 2, 3})))),
)
