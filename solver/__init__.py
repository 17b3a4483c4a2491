"""Exact search written once for every game (``search``: alpha-beta with a budget and a table;
``coalition``: the forced-win question; ``chance``: expected values; ``result``: what every answer
shares; ``pieces``: work spread over processes; ``stats``: intervals), and one subpackage per game:
``arbiter.solver.red7``, ``arbiter.solver.realms``, ``arbiter.solver.stick_to_colours``.

Red7's solver used to live here. Its names (``solve``, ``SolveResult``, ``MoveOutcome``,
``Red7Game``) are still importable from ``arbiter.solver`` but deprecated: import them from
``arbiter.solver.red7``. The search's own names (``Budget``, ``Search``, ``SearchLimit``, ``Table``,
``SearchResult``, ``SOLVED``, ``UNKNOWN``) belong here.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from .result import SOLVED, UNKNOWN, SearchResult
from .search import Budget, Search, SearchLimit, Table

_MOVED = {"solve", "SolveResult", "MoveOutcome", "Red7Game"}  # -> arbiter.solver.red7


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"arbiter.solver.{name} moved to arbiter.solver.red7.{name}", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(f"{__name__}.red7"), name)


__all__ = ["SOLVED", "UNKNOWN", "Budget", "Search", "SearchLimit", "SearchResult", "Table"]
