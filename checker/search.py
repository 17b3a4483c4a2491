"""The random search for any game: seeded Hypothesis cases of one op, the budget shared evenly by
the game's rules, every case handed to the caller (a failure does not stop the search)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .plugin import Capabilities, GamePlugin


class _Stop(BaseException):
    """Carries an exception out through Hypothesis, which only lets BaseException through."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def search(examine: Callable[[str, dict[str, Any]], None], plugin: GamePlugin, op: str, budget: int, seed: int,
           caps: Capabilities, ruleset: Any = None, edge_cases: bool = False, label: str = "random case") -> None:
    """About ``budget`` random requests of ``op`` (seeded), each given to ``examine(source, request)``
    in turn; an exception ``examine`` raises ends the search and propagates as it is."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as hypothesis_seed

    share = -(-budget // len(plugin.rules))
    for k, rule in enumerate(plugin.rules):
        def cases(rule: str = rule) -> Callable[[dict[str, Any]], None]:
            count = 0

            def case(request: dict[str, Any]) -> None:
                nonlocal count
                count += 1
                try:
                    examine(f"{label} {count} of {op}, rule {rule} (seed {seed})", request)
                except Exception as e:  # noqa: BLE001 - anything examine raises ends the search
                    raise _Stop(e) from None
            return case

        test = given(plugin.strategy(op, rule, caps, ruleset, edge_cases))(cases())
        test = settings(max_examples=share, database=None, deadline=None, derandomize=False,
                        verbosity=Verbosity.quiet, phases=[Phase.generate], suppress_health_check=list(HealthCheck),
                        print_blob=False)(test)
        test = hypothesis_seed(seed * len(plugin.rules) + k)(test)
        try:
            test()
        except _Stop as stop:
            raise stop.error from None
