"""The random search for any game: seeded Hypothesis cases of one op, the budget shared evenly by
the game's rules, every case run (a failure does not stop it), the first finding of each new
failure kept."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .plugin import Capabilities, Finding, GamePlugin
from .shrink import probe


@dataclass
class Tally:
    run: int = 0
    passed: int = 0
    failures: dict[tuple[str, str, str], int] = field(default_factory=dict)  # signature -> random cases


class _Stop(BaseException):
    """Carries an engine fault out through Hypothesis, which only lets BaseException through."""

    def __init__(self, fault: Exception) -> None:
        super().__init__(str(fault))
        self.fault = fault


def search(ask: Callable[[dict[str, Any]], dict[str, Any]], plugin: GamePlugin, op: str, budget: int, seed: int,
           caps: Capabilities, ruleset: Any = None, edge_cases: bool = False, known: set | None = None,
           tally: Tally | None = None,
           on_case: Callable[[str, dict[str, Any]], None] | None = None) -> list[tuple[str, Finding]]:
    """About ``budget`` random requests of ``op`` (seeded); (source, finding) for the first finding
    of every signature not in ``known`` (which grows). ``on_case(source, request)`` is told of each case before it is
    sent. Engine faults propagate as they are."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hypothesis_seed

    known = known if known is not None else set()
    tally = tally if tally is not None else Tally()
    share = -(-budget // len(plugin.rules))
    found: list[tuple[str, Finding]] = []

    def examine(source: str, request: dict[str, Any]) -> None:
        if on_case:
            on_case(source, request)
        try:
            finding = probe(ask, plugin, request)
        except Exception as e:  # noqa: BLE001 - an engine fault ends the search at once
            raise _Stop(e) from None
        tally.run += 1
        if finding is None:
            tally.passed += 1
            return
        tally.failures[finding.signature] = tally.failures.get(finding.signature, 0) + 1
        if finding.signature not in known:
            known.add(finding.signature)
            found.append((source, finding))

    for k, rule in enumerate(plugin.rules):
        def cases(rule: str = rule) -> Callable[[dict[str, Any]], None]:
            count = 0

            def case(request: dict[str, Any]) -> None:
                nonlocal count
                count += 1
                examine(f"random case {count} of {op}, rule {rule} (seed {seed})", request)
            return case

        test = given(plugin.strategy(op, rule, caps, ruleset, edge_cases))(cases())
        test = settings(max_examples=share, database=None, deadline=None, derandomize=False,
                        verbosity=Verbosity.quiet, phases=[Phase.generate], suppress_health_check=list(HealthCheck),
                        print_blob=False)(test)
        test = hypothesis_seed(seed * len(plugin.rules) + k)(test)
        try:
            test()
        except _Stop as stop:
            raise stop.fault from None
    return found
