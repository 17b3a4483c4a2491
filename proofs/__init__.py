"""z3 proofs, one subpackage per game (``arbiter.proofs.red7``, ``arbiter.proofs.realms``,
``arbiter.proofs.stick_to_colours``: each an encoding compiled from the model's spec, a theorem
catalogue and its rule-interaction queries), and what they share (``cache``: results kept on disk).

Red7's catalogue used to live here. Its names (``run_catalogue``, ``catalogue``, ``Result``,
``Theorem``, ``deciding_table``, ``never_decides``, ``Cell``) are still importable from
``arbiter.proofs`` but deprecated: import them from ``arbiter.proofs.red7``. Nothing here imports z3
until a game's proofs are used.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

_MOVED = {"Cell", "Result", "Theorem", "catalogue", "deciding_table", "never_decides", "run_catalogue"}


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"arbiter.proofs.{name} moved to arbiter.proofs.red7.{name}", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(f"{__name__}.red7"), name)
