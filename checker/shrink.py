"""Shrinking a finding for any game: one step smaller at a time (a player, a card) while the
engine still fails in the same way (same op, rule and kind) on an input a game can reach."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import EngineCrash
from .plugin import Difference, Finding, GamePlugin

MAX_SHRINK_REQUESTS = 3000  # bound on engine calls spent on one witness


def probe(ask: Callable[[dict[str, Any]], dict[str, Any]], plugin: GamePlugin, request: dict[str, Any],
          expected: dict[str, Any] | None = None) -> Finding | None:
    """Ask the engine; a Finding if its answer differs from ``expected`` (default: the model's) or it
    raises (an in-process engine). Protocol faults propagate."""
    expected = plugin.answer(request) if expected is None else expected
    try:
        got = ask(request)
    except EngineCrash as crash:
        kind = "crashes (" + str(crash).split(":", 1)[0] + ")"
        return Finding(request, expected, {"crash": str(crash)},
                       Difference(kind, f"crashes on this input: {crash}"), plugin.rule_of(request))
    try:
        difference = plugin.compare(request, expected, got)
    except Exception as e:  # noqa: BLE001 - an answer of an unexpected shape is a difference, not our crash
        difference = Difference("an answer of the wrong shape", f"cannot read the answer {str(got)[:200]} ({e})")
    return Finding(request, expected, got, difference, plugin.rule_of(request)) if difference else None


def shrink(ask: Callable[[dict[str, Any]], dict[str, Any]], plugin: GamePlugin, finding: Finding,
           edge_cases: bool = False, on_request: Callable[[dict[str, Any]], None] | None = None) -> Finding:
    """The smallest finding reached by steps that keep ``finding.signature`` and reachability
    (unless ``edge_cases``) and the model's kind of answer (an error or not)."""
    errors = "error" in finding.expected
    calls = 0
    changed = True
    while changed and calls < MAX_SHRINK_REQUESTS:
        changed = False
        for candidate in plugin.smaller(finding.request):
            try:
                if not edge_cases and plugin.unreachable(candidate):
                    continue
                expected = plugin.answer(candidate)
            except (ValueError, KeyError, TypeError, IndexError):
                continue  # not a well-formed request any more
            if ("error" in expected) != errors:
                continue
            calls += 1
            if on_request:
                on_request(candidate)
            smaller = probe(ask, plugin, candidate, expected)
            if smaller and smaller.signature == finding.signature:
                finding, changed = smaller, True
                break
            if calls >= MAX_SHRINK_REQUESTS:
                break
    return finding
