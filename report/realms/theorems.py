"""The Realms report's optional proofs appendix: the Realms theorem catalogue of ``arbiter.proofs``
(what ``arbiter prove --game realms`` runs) proved again, cached as the Red7 section is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import z3
from arbiter.proofs.cache import Cache
from arbiter.proofs.realms import theorems as realms_theorems

from ..proved import cached, theorem_json, witness_text

__all__ = ["INTRO", "compute", "section", "witness_text"]

INTRO = ("Settled by `arbiter.proofs` as the report is built (z3 {z3}): the Realms theorem catalogue (what "
         "`arbiter prove --game realms` runs), compiled from the same trick spec as the engine. A status is "
         "`proved` (the negation is unsatisfiable for z3) or `counterexample` or `witness` (the satisfying trick "
         "with the fewest cards, then the lowest card codes).")


def compute(progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    results = realms_theorems.run_catalogue(each=None if progress is None else lambda r, d, t: progress(d, t))
    return {"z3": z3.get_version_string(), "theorems": [theorem_json(r.to_json()) for r in results]}


def section(cache: Cache | None = None, progress: Callable[[int, int], None] | None = None,
            refresh: bool = False) -> dict[str, Any]:
    return cached("report-realms-proofs", compute, cache, progress, refresh)
