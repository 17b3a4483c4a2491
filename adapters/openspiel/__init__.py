"""arbiter's games in OpenSpiel: importing this module registers ``arbiter_red7``, ``arbiter_realms``,
``arbiter_stick_to_colours`` and ``arbiter_bridge`` with pyspiel (docs/openspiel.md). Needs the
``openspiel`` extra."""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('arbiter.adapters.openspiel needs OpenSpiel: pip install "arbiter[openspiel]"') from e

from .bridge import BridgeGame
from .game import Description, Game, register
from .realms import RealmsGame
from .red7 import Red7Game
from .stick_to_colours import StickToColoursGame

GAMES: tuple[type[Game], ...] = (Red7Game, RealmsGame, StickToColoursGame, BridgeGame)

for _g in GAMES:
    register(_g)

__all__ = ["GAMES", "Description", "Game", "register"]
