"""What every game's theorem catalogue shares: a theorem (id, statement, scope, how it is settled,
the status it should have), the result of running it, and running a catalogue in order."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

PROVED, COUNTEREXAMPLE, WITNESS, FAILED = "proved", "counterexample", "witness", "failed"
# Held on every turn of a bounded scope of reachable positions: evidence, not a proof.
CHECKED = "checked"
# How a theorem is settled: z3 over the compiled rules, networkx over the card order, or the
# engine's own turns enumerated over the theorem's scope.
Z3, GRAPH, BOUNDED = "z3", "networkx", "bounded"
Outcome = tuple[str, dict[str, Any] | None]


@dataclass(frozen=True)
class Theorem:
    id: str
    statement: str
    scope: str
    expected: str
    check: Callable[[], Outcome]
    kind: str = Z3


@dataclass(frozen=True)
class Result:
    """What running a theorem gave: ``status`` is proved, checked (held on every turn of a bounded
    scope), counterexample, witness or failed; ``witness`` holds the decoded cards of a
    counterexample or witness (or the object that was proved, or how much was checked)."""

    id: str
    statement: str
    scope: str
    expected: str
    status: str
    seconds: float
    witness: dict[str, Any] | None = None
    kind: str = Z3

    @property
    def as_expected(self) -> bool:
        return self.status == self.expected

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"id": self.id, "statement": self.statement, "scope": self.scope, "kind": self.kind,
                               "expected": self.expected, "status": self.status, "seconds": round(self.seconds, 3)}
        if self.witness is not None:
            obj["witness"] = self.witness
        return obj


class Unknown(Exception):
    """z3 answered neither sat nor unsat while a witness was being settled."""


def run(theorem: Theorem) -> Result:
    start = time.perf_counter()
    try:
        status, witness = theorem.check()
    except Unknown as e:
        status, witness = FAILED, {"z3": f"unknown ({e})"}
    return Result(theorem.id, theorem.statement, theorem.scope, theorem.expected, status,
                  time.perf_counter() - start, witness, theorem.kind)


class Checked(Protocol):
    """A turn fact's verdict (``arbiter.proofs.walk.Verdict``)."""

    witness: dict[str, Any] | None
    positions: int
    turns: int


def verdict_outcome(verdict: Checked) -> Outcome:
    """A turn fact's verdict as a result: checked with how much was looked at, or its counterexample."""
    if verdict.witness is not None:
        return COUNTEREXAMPLE, {**verdict.witness, "checked_before": {"positions": verdict.positions,
                                                                       "turns": verdict.turns}}
    return CHECKED, {"positions": verdict.positions, "turns": verdict.turns}


def choose(theorems: list[Theorem], only: str | None = None) -> list[Theorem]:
    """``theorems``, or those whose id is ``only`` or starts with ``only/`` (any game's catalogue)."""
    return [t for t in theorems if only is None or t.id == only or t.id.startswith(only + "/")]


def run_all(chosen: list[Theorem], each: Callable[[Result, int, int], None] | None = None) -> list[Result]:
    """Run ``chosen`` in order; ``each(result, done, total)`` after each one."""
    results = []
    for theorem in chosen:
        results.append(run(theorem))
        if each:
            each(results[-1], len(results), len(chosen))
    return results
