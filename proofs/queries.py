"""What every game's rule-interaction queries share: the progress callback they report to, and a
query's result (its data, whether it came from the cache, and how long it took)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Progress = Callable[[str], None]
SCOPE_NAMES = ("small", "medium")  # every game's interaction scopes (its ``interactions.SCOPES``), smallest first


@dataclass
class Run:
    data: dict[str, Any]
    cached: bool
    seconds: float
