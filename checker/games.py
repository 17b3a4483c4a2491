"""The games the checker knows: game id -> the module of its ``GamePlugin`` (``plugin.py``),
imported when a check or an export asks for the game."""

from __future__ import annotations

import importlib

from .plugin import GamePlugin

PLUGINS: dict[str, str] = {"red7": "arbiter.checker.red7", "realms": "arbiter.checker.realms",
                            "stick-to-colours": "arbiter.checker.stick_to_colours", "bridge": "arbiter.checker.bridge"}
DEFAULT_GAME = "red7"


def plugin(game: str) -> GamePlugin:
    """The plugin of ``game``; ValueError naming the games known."""
    if game not in PLUGINS:
        raise ValueError(f"unknown game {game!r} (the checker knows: {', '.join(PLUGINS)})")
    return importlib.import_module(PLUGINS[game]).PLUGIN
