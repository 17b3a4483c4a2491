"""Build a game's clarification report: the games that have one (a ``build`` module in their report
package: ``build``, ``DEFAULT_GAMES``, ``COST``), each builder returning the shared report format
that ``render`` draws. A game's builder loads only when its report is asked for."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from arbiter.model import games as registry

DEFAULT_SEED = 7  # every game's: the committed reports are built with it

# The games with a report, in the registry's order.
GAMES: tuple[str, ...] = tuple(g for g in registry.GAMES if registry.exists(registry.info(g).module("report") + ".build"))


def builder(game: str) -> ModuleType:
    """The ``build`` module of ``game``'s report package, imported."""
    if game not in GAMES:
        raise registry.UnknownGame(f"no report for game {game!r} (reports: {', '.join(GAMES)})")
    return importlib.import_module(registry.info(game).module("report") + ".build")


class _PerGame(Mapping):
    """One attribute of every game's builder, read when asked for: ``SIZES["realms"]``."""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __getitem__(self, game: str) -> Any:
        if game not in GAMES:
            raise KeyError(game)
        return getattr(builder(game), self.attr)

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


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


SIZES: Mapping[str, int] = _PerGame("DEFAULT_GAMES")  # each game's default --games
COSTS: Mapping[str, Cost] = _PerGame("COST")


def build(games: int | None = None, seed: int = DEFAULT_SEED, game: str = registry.DEFAULT,
          **options: Any) -> dict[str, Any]:
    """The report of ``game`` (``games`` a setting, default the game's own; ``options`` as that
    game's builder takes them: progress, cache, refresh, jobs)."""
    return builder(game).build(SIZES[game] if games is None else games, seed, **options)
