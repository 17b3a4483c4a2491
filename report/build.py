"""Build a game's clarification report: the games that have one, each with its own builder
returning the shared report format that ``render`` draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .red7 import build as red7
from .stick_to_colours import build as stick_to_colours

GAMES: dict[str, Callable[..., dict[str, Any]]] = {"red7": red7.build, "stick-to-colours": stick_to_colours.build}
DEFAULT_GAMES, DEFAULT_SEED = red7.DEFAULT_GAMES, red7.DEFAULT_SEED
GAMES_DEFAULT = {"red7": red7.DEFAULT_GAMES, "stick-to-colours": stick_to_colours.DEFAULT_GAMES}  # --games per game


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, game: str = "red7", **options: Any) -> dict[str, Any]:
    """The report of ``game`` (``options`` as that game's builder takes them: progress, cache,
    refresh, jobs)."""
    return GAMES[game](games, seed, **options)
