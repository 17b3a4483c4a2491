"""arbiter's games in OpenSpiel: importing this module registers ``arbiter_red7`` (parameters
``players`` 2-4 and ``ruleset``, default ``basic``) with pyspiel. Needs the ``openspiel`` extra."""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('arbiter.adapters.openspiel needs OpenSpiel: pip install "arbiter[openspiel]"') from e

from .game import Description, register
from .red7 import RED7

GAMES: tuple[Description, ...] = (RED7,)  # Realms and Stick to Colours join here once their models exist

for _d in GAMES:
    register(_d)

__all__ = ["GAMES", "Description", "register"]
