"""The games the checker knows, by game id: each a ``GamePlugin`` (``plugin.py``)."""

from __future__ import annotations

from .plugin import GamePlugin
from .red7 import PLUGIN as RED7

PLUGINS: dict[str, GamePlugin] = {"red7": RED7}
DEFAULT_GAME = "red7"


def plugin(game: str) -> GamePlugin:
    """The plugin of ``game``; ValueError naming the games known."""
    if game not in PLUGINS:
        raise ValueError(f"unknown game {game!r} (the checker knows: {', '.join(PLUGINS)})")
    return PLUGINS[game]
