"""arbiter's games in OpenSpiel: importing this module registers ``arbiter_red7``, ``arbiter_realms``
and ``arbiter_stick_to_colours`` with pyspiel (docs/openspiel.md). Needs the ``openspiel`` extra."""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError('arbiter.adapters.openspiel needs OpenSpiel: pip install "arbiter[openspiel]"') from e

from .game import Description, register
from .realms import REALMS
from .red7 import RED7
from .stick_to_colours import STICK_TO_COLOURS

GAMES: tuple[Description, ...] = (RED7, REALMS, STICK_TO_COLOURS)

for _d in GAMES:
    register(_d)

__all__ = ["GAMES", "Description", "register"]
