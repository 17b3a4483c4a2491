"""A report's proofs section, proved once per process and code version: kept in memory and, when
a ``Cache`` is given, on disk keyed by the code and the z3 version (shared by every game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3
from arbiter.proofs.cache import PACKAGES, Cache, code_version, key

_memo: dict[str, dict[str, Any]] = {}


def cached(name: str, compute: Callable[[Callable[[int, int], None] | None], dict[str, Any]],
           cache: Cache | None = None, progress: Callable[[int, int], None] | None = None,
           refresh: bool = False) -> dict[str, Any]:
    """``compute(progress)`` (a dict with a ``"theorems"`` list), or its cached value under
    ``name``; read from and written to ``cache`` unless ``refresh``."""
    k = key(code_version((*PACKAGES, "report")), z3.get_version_string(), name)
    cache = cache or Cache(None)
    data = None if refresh else _memo.get(k) or cache.get(name, k)
    if data is None:
        data = compute(progress)
        cache.put(name, k, data)
    elif progress:
        progress(len(data["theorems"]), len(data["theorems"]))
    _memo[k] = data
    return data
