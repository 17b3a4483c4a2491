"""The report's proofs section: the theorem catalogue of ``arbiter.proofs`` proved again
(``run_catalogue``, as ``arbiter prove`` does) and its never-decides table
(``never_decides``). The whole catalogue takes some 40 s of z3, so a section is kept in memory for
the process and, when a ``Cache`` is given, on disk keyed by the code and the z3 version."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.proofs.red7 import never_decides, run_catalogue

from ..proved import cached, prove, theorem_json, witness_text  # noqa: F401 - theorem_json, witness_text re-exported


def compute(progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> dict[str, Any]:
    """Prove every theorem of the catalogue (in ``jobs`` processes) and the deciding-card table;
    ``progress(done, total)`` after each theorem."""
    return {**prove(run_catalogue, progress, jobs), "never_decides": never_decides()}


def section(cache: Cache | None = None, progress: Callable[[int, int], None] | None = None,
            refresh: bool = False, jobs: int = 1) -> dict[str, Any]:
    """``{"z3": version, "theorems": [...], "never_decides": {rule: [codes]}}``, proved once per
    process and code version (in ``jobs`` processes); read from and written to ``cache`` unless ``refresh``."""
    return cached("report-proofs", lambda step: compute(step, jobs), cache, progress, refresh)


PROOFS_INTRO = ("Settled by `arbiter.proofs` as the report is built (z3 {z3}): the theorem catalogue (what "
                "`arbiter prove` runs) and the deciding-card table (`never_decides`). A status is `proved` (the "
                "negation is unsatisfiable for z3), `counterexample` or `witness` (a satisfying example with the "
                "fewest cards, shown as cards), or `checked`: a fact about turns checked on the engine's own "
                "turns over the stated scope of reachable positions, which is evidence, not a proof.")
NEVER_INTRO = ("Cards that can never be the deciding card (the highest qualifying card of the winning Palette) "
               "against 1, 2 or 3 opponents, by rule, strongest first:")
