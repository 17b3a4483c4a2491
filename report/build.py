"""Build a game's clarification report: the games that have one, each with its own builder
returning the shared report format that ``render`` draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .realms import build as realms
from .red7 import build as red7
from .stick_to_colours import build as stick_to_colours

GAMES: dict[str, Callable[..., dict[str, Any]]] = {"red7": red7.build, "realms": realms.build,
                                                   "stick-to-colours": stick_to_colours.build}
SIZES: dict[str, int] = {"red7": red7.DEFAULT_GAMES, "realms": realms.DEFAULT_GAMES,  # each game's default --games
                         "stick-to-colours": stick_to_colours.DEFAULT_GAMES}
DEFAULT_GAMES, DEFAULT_SEED = red7.DEFAULT_GAMES, red7.DEFAULT_SEED


@dataclass(frozen=True)
class Cost:
    """What a report costs in CPU seconds on one core, as measured (docs/performance.md, "What a
    report costs"): ``fixed`` (the witness search and the rest), ``per_games`` for each unit of
    --games (every player count, and for Red7 every preset), ``proofs`` when the proofs section is
    not cached. For an estimate printed before the work, not a promise."""

    fixed: float
    per_games: float
    proofs: float

    def seconds(self, games: int, proofs: bool = True) -> float:
        return self.fixed + self.per_games * games + (self.proofs if proofs else 0.0)


COSTS: dict[str, Cost] = {"red7": Cost(120.0, 1.5, 70.0), "realms": Cost(2.0, 4.8, 46.0),
                          "stick-to-colours": Cost(12.0, 5.7, 15.0)}


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, game: str = "red7", **options: Any) -> dict[str, Any]:
    """The report of ``game`` (``options`` as that game's builder takes them: progress, cache,
    refresh, jobs)."""
    return GAMES[game](games, seed, **options)
