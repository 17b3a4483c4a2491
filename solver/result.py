"""What every game's solver answer shares: the position, whether it was solved, the moves' values, a
principal line and the work the search did; and the one way a solve is run to a result or a limit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from .search import Budget, SearchLimit

SOLVED, UNKNOWN = "solved", "unknown"


@dataclass
class SearchResult:
    """The fields every solver's result holds. ``result`` is ``"solved"`` or ``"unknown"`` (a limit
    stopped the search: ``stopped`` says which, and the other fields hold what was found before).
    The shared fields are keyword-only, so a game's own fields after ``position`` keep their place."""

    position: Any
    _: KW_ONLY
    result: str = UNKNOWN
    moves: list[Any] = field(default_factory=list)
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    stopped: str | None = None

    @property
    def solved(self) -> bool:
        return self.result == SOLVED

    def run(self, budget: Budget, work: Callable[[], None]) -> None:
        """Run ``work`` (which fills this result in); ``solved`` when it ends, ``stopped`` when a limit
        stops it; then the nodes and seconds ``budget`` counted."""
        try:
            work()
            self.result = SOLVED
        except SearchLimit as stop:
            self.stopped = str(stop)
        self.nodes, self.seconds = budget.nodes, budget.seconds
