"""The scoring rules written once, as data: the set kinds (values) and how cards may be shared
between sets. ``reference.py`` interprets a spec with plain search, ``fast.py`` with per-colour
tables; a reading of the rulebook is a different spec value, chosen by ``scoring_spec(ruleset)``."""

from __future__ import annotations

from dataclasses import dataclass

from .ruleset import DEFAULT, Ruleset

# How many sets of one kind a card may belong to.
ONE = "one"  # at most one set of the kind
DISTINCT = "distinct"  # any number: every distinct set of the kind counts once
COPIES = "copies"  # any number: every set of distinct cards counts, two copies of a card making two sets


@dataclass(frozen=True)
class ValueSet:
    """3 cards of one value in ``values``, one of each colour: ``points`` points."""

    name: str
    values: frozenset[int]
    points: int


@dataclass(frozen=True)
class Run:
    """``min_length`` or more cards of one colour, each value once, worth their number; the values are
    consecutive unless ``gaps``. ``layered``: the runs are not chosen but read off layer by layer
    (first copies of each value, then second copies), maximal stretches only."""

    min_length: int
    gaps: bool
    layered: bool


Kind = ValueSet | Run


@dataclass(frozen=True)
class ScoringSpec:
    """The set kinds, each with its sharing (``ONE``, ``DISTINCT`` or, for value sets, ``COPIES``);
    ``across``: whether one card may be in sets of different kinds at once; ``joker_values``: the
    values a joker may take; ``within_deck``: a joker may not give its colour more cards of a value
    than the deck has (two of 1-6, one of 7-9)."""

    kinds: tuple[tuple[Kind, str], ...]
    across: bool
    joker_values: tuple[int, ...]
    within_deck: bool = False


def scoring_spec(ruleset: Ruleset = DEFAULT) -> ScoringSpec:
    """The scoring rules under a ruleset's scoring switches."""
    run = Run(min_length=3, gaps=ruleset.runs == "ascending",
              layered=ruleset.run_split == "layered" and ruleset.sharing != "several_runs")
    # a card in one set only (sharing=one_set) cannot be in two value sets either
    values = COPIES if ruleset.value_copies == "every_set" and ruleset.sharing != "one_set" else ONE
    return ScoringSpec(
        kinds=((ValueSet("value set 1-6", frozenset(range(1, 7)), 3), values),
               (ValueSet("value set 7-9", frozenset(range(7, 10)), 6), values),
               (run, DISTINCT if ruleset.sharing == "several_runs" else ONE)),
        across=ruleset.sharing != "one_set",
        joker_values=tuple(range(1, 10 if ruleset.joker_values == "1-9" else 7)),
        within_deck=ruleset.joker_copies == "within_deck",
    )
