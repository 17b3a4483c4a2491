"""z3 proofs over Red7's declarative rules (the encoding compiled from ``model/red7/spec.py``),
theorems about turns checked on the engine's own turns (``turns``), the theorem catalogue and the
deciding-card table.

Public API:

- ``run_catalogue(only=None, each=None) -> list[Result]``: run every theorem (or one id / id
  prefix), calling ``each(result, done, total)`` after each one; each ``Result`` has ``id``,
  ``statement``, ``scope``, ``kind`` (z3, networkx, bounded), ``expected``, ``status`` (proved,
  checked, counterexample, witness, failed), ``seconds``, ``witness`` (decoded card codes; for
  checked, the positions and turns checked) and ``to_json()``.
- ``catalogue() -> list[Theorem]``: the theorems without running them.
- ``deciding_table() -> list[Cell]``: 7 rules x 49 cards x 1-3 opponents; ``Cell.to_json()``.
- ``never_decides() -> {"red": [card codes], ...}``: cards that decide against no opponent count.
"""

from __future__ import annotations

import importlib
from typing import Any

# Imported on first use, so that ``arbiter.proofs.cache`` alone does not load z3.
_WHERE = {"Cell": "deciding", "deciding_table": "deciding", "never_decides": "deciding",
          "Result": "theorems", "Theorem": "theorems", "catalogue": "theorems", "run_catalogue": "theorems"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)


__all__ = ["Cell", "Result", "Theorem", "catalogue", "deciding_table", "never_decides", "run_catalogue"]
