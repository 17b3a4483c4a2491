"""The Stick to Colours report's proofs appendix: the theorem catalogue of ``arbiter.proofs``
(what ``arbiter prove --game stick-to-colours`` runs) proved again, cached as the other reports' are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.proofs.stick_to_colours import theorems as stick_theorems

from ..proved import catalogue_section

TITLE = "Stick to Colours theorems"
INTRO = ("Settled by `arbiter.proofs` as the report is built (z3 {z3}): the Stick to Colours theorem catalogue "
         "(what `arbiter prove --game stick-to-colours` runs). The theorems on scoring are z3 queries over the same "
         "scoring spec the engine's scorers interpret; the facts about turns are checked on the engine's own "
         "decisions; the largest score of 5 cards is found by scoring every such collection with the engine's scorer. "
         "A status is `proved` (the negation is unsatisfiable for z3, or every collection was scored), "
         "`counterexample` or `witness` (the "
         "collection with the fewest cards, then the least in card order, or a line of decisions replayable from a "
         "seeded deal), or `checked`: a fact about turns that held on every decision over a stated scope of "
         "reachable positions (the witness counts them), which is evidence, not a proof. Not covered: whether adding "
         "a card can lower a score under run_split=layered or sharing=several_runs (z3 does not settle it within "
         "the catalogue's minute), and the largest score of 6 cards or more.")


def section(cache: Cache | None = None, progress: Callable[[int, int], None] | None = None,
            refresh: bool = False, jobs: int = 1) -> dict[str, Any]:
    """``{"z3": version, "theorems": [...]}``, proved once per process and code version (in ``jobs``
    processes); read from and written to ``cache`` unless ``refresh``."""
    return catalogue_section("report-stick-to-colours-proofs", stick_theorems.run_catalogue, cache, progress, refresh,
                             jobs)


def ids() -> list[str]:
    """The ids of the catalogue's theorems, which entries may name (without proving anything)."""
    return [t.id for t in stick_theorems.select()]





def one_colour_split() -> dict[str, Any]:
    """The run split compared on every one-colour collection (computed by ``arbiter.proofs``)."""
    return stick_theorems.one_colour_split()
__all__ = ["INTRO", "TITLE", "ids", "one_colour_split", "section"]
