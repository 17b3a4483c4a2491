"""A report's proofs section, proved once per process and code version: kept in memory and, when
a ``Cache`` is given, on disk keyed by the code and the z3 version, and drawn as the proofs
appendix (shared by every game)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any

import z3
from arbiter.proofs.cache import PACKAGES, Cache, code_version, key
from arbiter.solver.pieces import local

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


def verdict(t: dict[str, Any]) -> str:
    """A theorem's status, flagged when it is not the expected one."""
    return t["status"] + ("" if t["as_expected"] else " (not as expected)")


def theorem_table(theorems: list[dict[str, Any]]) -> dict[str, Any]:
    """An appendix table of theorem results (``theorem_json`` dicts), one row each."""
    rows = [[t["id"], t["statement"], t["expected"], verdict(t), witness_text(t)] for t in theorems]
    return {"head": ["id", "statement", "expected", "status", "witness"], "rows": rows}


def prove(run_catalogue: Callable[..., list[Any]],
          progress: Callable[[int, int], None] | None = None, jobs: int = 1, only: str | None = None) -> dict[str, Any]:
    """A game's section: every theorem ``run_catalogue(only, each=...)`` runs (``arbiter prove``'s catalogue,
    or its theorems under the id prefix ``only``), as ``theorem_json``; ``progress(done, total)`` after
    each theorem. With ``jobs`` above 1 the
    theorems are proved in that many worker processes, each alone (``run_catalogue(only=id)``, from
    the module that defines it, whose ``select`` lists them): the same section, in the same order."""
    if jobs <= 1:
        results = [r.to_json() for r in run_catalogue(
            only, each=None if progress is None else lambda r, done, total: progress(done, total))]
    else:
        module = run_catalogue.__module__
        ids = [t.id for t in importlib.import_module(module).select(only)]
        results = []
        for result in local(jobs).map(_prove_one, [(module, i) for i in ids]):
            results.append(result)
            if progress:
                progress(len(results), len(ids))
    return {"z3": z3.get_version_string(), "theorems": [theorem_json(r) for r in results]}


def _prove_one(module: str, theorem_id: str) -> dict[str, Any]:
    """One theorem of a catalogue, proved on a worker (as ``arbiter prove --only ID`` does)."""
    results = importlib.import_module(module).run_catalogue(only=theorem_id)
    return next(r.to_json() for r in results if r.id == theorem_id)


def appendix(title: str, intro: str, section: dict[str, Any], *tables: dict[str, Any]) -> dict[str, Any]:
    """The proofs appendix of a report: ``intro`` (its ``{z3}`` filled in), the theorem table of
    ``section``, then any further ``tables``."""
    return {"id": "proofs", "title": title, "intro": intro.format(z3=section["z3"]),
            "tables": [theorem_table(section["theorems"]), *tables]}


def linked(ids: tuple[str, ...], section: dict[str, Any]) -> list[dict[str, Any]]:
    """An entry's ``theorems`` as the report shows them beside the entry: each one's id, statement and
    ``verdict`` from ``section``. Raises ValueError on an id the section does not have."""
    by_id = {t["id"]: t for t in section["theorems"]}
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise ValueError(f"no theorem {', '.join(map(repr, missing))} in the proofs section")
    return [{"id": i, "statement": by_id[i]["statement"], "verdict": verdict(by_id[i])} for i in ids]


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


def catalogue_section(name: str, run_catalogue: Callable[..., list[Any]], cache: Cache | None = None,
                      progress: Callable[[int, int], None] | None = None, refresh: bool = False,
                      jobs: int = 1, only: str | None = None) -> dict[str, Any]:
    """``prove(run_catalogue)`` cached under ``name``: a game's whole proofs section (``jobs`` processes),
    or only its theorems under the id prefix ``only`` (cached under a name of their own)."""
    return cached(name if only is None else f"{name}-only-{only}", lambda step: prove(run_catalogue, step, jobs, only),
                  cache, progress, refresh)
