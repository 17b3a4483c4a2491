"""Build a game's clarification report: the games that have one, each with its own builder
returning the shared report format that ``render`` draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .realms import build as realms
from .red7 import build as red7
from .stick_to_colours import build as stick_to_colours

GAMES: dict[str, Callable[..., dict[str, Any]]] = {"red7": red7.build, "realms": realms.build,
                                                   "stick-to-colours": stick_to_colours.build}
SIZES: dict[str, int] = {"red7": red7.DEFAULT_GAMES, "realms": realms.DEFAULT_GAMES,  # each game's default --games
                         "stick-to-colours": stick_to_colours.DEFAULT_GAMES}
DEFAULT_GAMES, DEFAULT_SEED = red7.DEFAULT_GAMES, red7.DEFAULT_SEED


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, game: str = "red7", **options: Any) -> dict[str, Any]:
    """The report of ``game`` (``options`` as that game's builder takes them: progress, cache,
    refresh, jobs)."""
    return GAMES[game](games, seed, **options)
