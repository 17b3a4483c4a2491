"""The Realms report's optional proofs appendix: the Realms theorem catalogue of ``arbiter.proofs``
(what ``arbiter prove --game realms`` runs) proved again, cached as the Red7 section is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.proofs.realms import theorems as realms_theorems

from ..proved import catalogue_section, witness_text

__all__ = ["INTRO", "only_note", "section", "witness_text"]

INTRO = ("Settled by `arbiter.proofs` as the report is built (z3 {z3}): the Realms theorem catalogue (what "
         "`arbiter prove --game realms` runs), compiled from the same trick spec as the engine. A status is "
         "`proved` (the negation is unsatisfiable for z3) or `counterexample` or `witness` (the satisfying trick "
         "with the fewest cards, then the lowest card codes).")


def section(cache: Cache | None = None, progress: Callable[[int, int], None] | None = None,
            refresh: bool = False, jobs: int = 1, only: str | None = None) -> dict[str, Any]:
    """The catalogue proved (in ``jobs`` processes), or only its theorems under the id prefix ``only``."""
    return catalogue_section("report-realms-proofs", realms_theorems.run_catalogue, cache, progress, refresh, jobs,
                             only)


def only_note(only: str) -> str:
    """What an appendix of the theorems under ``only`` says of itself, after INTRO."""
    return (f" This build proved only the catalogue's theorems under `{only}` (what `arbiter prove --game realms "
            f"--only {only}` runs), not the whole catalogue.")
