"""arbiter's games in OpenSpiel: importing this module registers ``arbiter_red7``, ``arbiter_realms``,
``arbiter_stick_to_colours`` and ``arbiter_bridge`` with pyspiel (docs/openspiel.md). Needs the
``openspiel`` extra."""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('arbiter.adapters.openspiel needs OpenSpiel: pip install "arbiter[openspiel]"') from e

import importlib

from arbiter.model import games as _registry

from .game import Description, Game, register

# Each game's adapter module (``adapters/openspiel/<package>.py``) names its pyspiel game ``GAME``.
GAMES: tuple[type[Game], ...] = tuple(
    importlib.import_module(f"{__name__}.{_registry.info(g).package}").GAME for g in _registry.GAMES
    if _registry.provides(g)["openspiel"])

for _g in GAMES:
    register(_g)

__all__ = ["GAMES", "Description", "Game", "register"]
