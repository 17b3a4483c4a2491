"""What every game's turn facts share: one walk over reached positions checking every fact on every
transition, its verdict per fact, and facts computed once per process."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Verdict:
    """What checking one fact on the scope gave: the first witness against it (None if it held)
    and how much was checked until then."""

    witness: dict[str, Any] | None
    positions: int
    turns: int


def walk(reached: Iterable[Any], moves: Callable[[Any], Iterable[tuple[Any, Any]]],
         facts: dict[str, Callable[[Any, Any, Any], dict[str, Any] | None]]) -> dict[str, Verdict]:
    """Every fact on every transition ``moves(r)`` of every reached position ``r`` (any game), in one
    walk (the walk is the cost, so the facts share it); a fact stops being checked at its first
    witness, the walk goes on."""
    broken: dict[str, Verdict] = {}
    seen_positions = turns = 0
    for r in reached:
        seen_positions += 1
        for move, nxt in moves(r):
            turns += 1
            for name, fact in facts.items():
                if name not in broken and (w := fact(r, move, nxt)) is not None:
                    broken[name] = Verdict(w, seen_positions, turns)
    return {name: broken.get(name, Verdict(None, seen_positions, turns)) for name in facts}


class Once:
    """A game's turn facts, each computed once per process by name (``forget()`` after changing the
    engine: the walk reads the engine, so a mutated engine must be walked anew)."""

    def __init__(self) -> None:
        self._values: dict[str, Any] = {}

    def get(self, name: str, compute: Callable[[], Any]) -> Any:
        if name not in self._values:
            self._values[name] = compute()
        return self._values[name]

    def forget(self) -> None:
        self._values.clear()
