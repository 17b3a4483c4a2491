"""Asking the engine about one request (``probe``), and the search for the smallest witness of a
finding, for any game: a greedy shrink, then pairs removed at once, then nearby requests of the same
size (lower numbers, other colours), then every request of increasing size around the finding's
clause, within a stated budget of engine calls and CPU seconds; a witness stays reachable."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .engine import EngineCrash
from .plugin import Difference, Failure, GamePlugin

Ask = Callable[[dict[str, Any]], dict[str, Any]]


def probe(ask: Ask, plugin: GamePlugin, request: dict[str, Any], expected: dict[str, Any] | None = None) -> Failure | None:
    """Ask the engine; a Failure if its answer differs from ``expected`` (default: the model's) or it
    crashes. Protocol faults propagate."""
    expected = plugin.answer(request) if expected is None else expected
    try:
        got = ask(request)
    except EngineCrash as crash:
        kind = "crashes (" + str(crash).split(":", 1)[0] + ")"
        return Failure(request, expected, {"crash": str(crash)},
                       Difference(kind, f"crashes on this input: {crash}"), plugin.rule_of(request))
    try:
        difference = plugin.compare(request, expected, got)
    except Exception as e:  # noqa: BLE001 - an answer of an unexpected shape is a difference, not our crash
        difference = Difference("an answer of the wrong shape", f"cannot read the answer {str(got)[:200]} ({e})")
    return Failure(request, expected, got, difference, plugin.rule_of(request)) if difference else None


@dataclass
class Budget:
    """What one witness search may spend: engine calls and CPU seconds (of this process)."""

    tries: int = 400
    cpu: float = 2.0


@dataclass
class Searched:
    """A witness search's outcome: the witness, the engine calls spent, and how far every smaller
    request was checked (``exhaustive``: every smaller request the finding can show on was sent)."""

    witness: Failure
    tries: int
    exhaustive: bool
    checked_up_to: int | None  # every request of up to this many cards around the clause was checked

    def words(self) -> str:
        if self.exhaustive:
            return f"smallest possible (no smaller case can show it: every one checked, {self.tries} tries)"
        upto = f"; every case of up to {self.checked_up_to} cards checked" if self.checked_up_to else ""
        return f"smallest found in {self.tries} tries{upto}"


class _Spent(Exception):
    """The budget is spent: the search stops with what it has."""


class Stop(Exception):
    """Raised by the asker to end a search (an engine crashing too often): the witness so far stands."""


def smallest(ask: Ask, plugin: GamePlugin, start: Failure, keeps: Callable[[Failure], bool],
             differs: Callable[[dict[str, Any]], bool], budget: Budget, edge_cases: bool = False,
             enumerate_sizes: bool = True, on_request: Callable[[dict[str, Any]], None] | None = None) -> Searched:
    """The smallest failure ``keeps`` accepts, reached from ``start``. ``differs(request)`` says from
    the model alone whether the finding could show on a request (those it cannot are not sent), so
    that "every smaller case checked" means every smaller case on which the finding can show."""
    errors = "error" in start.expected
    deadline = time.process_time() + budget.cpu
    tried: set[str] = set()
    tries = 0

    def attempt(request: dict[str, Any]) -> Failure | None:
        nonlocal tries
        if tries >= budget.tries or time.process_time() > deadline:
            raise _Spent
        key = json.dumps(request, sort_keys=True)
        if key in tried:
            return None
        tried.add(key)
        try:
            if not edge_cases and plugin.unreachable(request):
                return None
            expected = plugin.answer(request)
            if ("error" in expected) != errors or not differs(request):
                return None
        except (ValueError, KeyError, TypeError, IndexError):
            return None  # not a well-formed request any more
        tries += 1
        if on_request:
            on_request(request)
        found = probe(ask, plugin, request, expected)
        return found if found is not None and keeps(found) else None

    def first(candidates: Iterator[dict[str, Any]]) -> Failure | None:
        for candidate in candidates:
            found = attempt(candidate)
            if found is not None:
                return found
        return None

    def greedy(failure: Failure) -> Failure:
        while (smaller := first(plugin.smaller(failure.request))) is not None:
            failure = smaller
        return failure

    def pairs(request: dict[str, Any]) -> Iterator[dict[str, Any]]:
        for once in plugin.smaller(request):
            yield from plugin.smaller(once)

    current, checked = start, None
    try:
        while True:
            current = greedy(current)
            size = plugin.size(current.request)
            found = first(pairs(current.request))
            if found is None:
                for variant in plugin.variants(current.request):
                    near = attempt(variant)
                    if near is not None and plugin.size((near := greedy(near)).request) < size:
                        found = near
                        break
            if found is None and enumerate_sizes:
                for n in range(plugin.min_size(current.request), size):
                    if checked is not None and n <= checked:
                        continue
                    listed = plugin.enumerate(current.request, n, differs)
                    if listed is None:
                        break
                    found = first(listed)
                    if found is not None:
                        break
                    checked = n
            if found is None:
                break
            current = found  # sizes already enumerated stay checked
    except (_Spent, Stop):
        pass
    size = plugin.size(current.request)
    low = plugin.min_size(current.request)
    exhaustive = size <= low or (checked is not None and checked >= size - 1)
    return Searched(current, tries, exhaustive, checked)
