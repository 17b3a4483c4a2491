"""A report's proofs section, proved once per process and code version: kept in memory and, when
a ``Cache`` is given, on disk keyed by the code and the z3 version (shared by every game)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import z3
from arbiter.proofs.cache import PACKAGES, Cache, code_version, key

_memo: dict[str, dict[str, Any]] = {}
STABLE = ("id", "statement", "kind", "scope", "expected", "status", "witness")  # seconds vary, so they are left out


def theorem_json(result: dict[str, Any]) -> dict[str, Any]:
    """The stable fields of one theorem result, with whether its status is the expected one."""
    out = {k: result[k] for k in STABLE if k in result}
    out["as_expected"] = result["status"] == result["expected"]
    return out


def witness_text(t: dict[str, Any]) -> str:
    w = t.get("witness")
    return json.dumps(w, ensure_ascii=False, separators=(", ", ": ")) if w is not None else ""


def theorem_table(theorems: list[dict[str, Any]]) -> dict[str, Any]:
    """An appendix table of theorem results (``theorem_json`` dicts), one row each."""
    rows = [[t["id"], t["statement"], t["expected"], t["status"] + ("" if t["as_expected"] else " (not as expected)"),
             witness_text(t)] for t in theorems]
    return {"head": ["id", "statement", "expected", "status", "witness"], "rows": rows}


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
