"""Checking an engine: hello, the conformance vectors, then seeded random cases per op, each
disagreement shrunk to a smallest case; the outcome is a Report."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from arbiter.model.red7.ruleset import Ruleset

from . import vectors
from .cases import Finding, Tally, card_count, minimise, probe, search
from .engine import Engine, EngineFault
from .oracle import OPS, reason
from .report import Disagreement, OpTally, Report

PROTOCOL = "arbiter-engine/1"


def hello(engine: Engine) -> list[str]:
    """The ops the engine serves, after checking its hello answer."""
    answer = engine.request({"op": "hello"})
    if "error" in answer:
        raise EngineFault(f"{engine.name} answered hello with an error: {answer['error']}")
    if answer.get("protocol") != PROTOCOL:
        raise EngineFault(f"{engine.name} speaks protocol {answer.get('protocol')!r}, expected {PROTOCOL!r}")
    if answer.get("game") != "red7":
        raise EngineFault(f"{engine.name} plays {answer.get('game')!r}, expected 'red7'")
    ops = answer.get("ops")
    if not isinstance(ops, list) or not all(isinstance(op, str) for op in ops):
        raise EngineFault(f"{engine.name} lists no ops in its hello answer")
    return ops


def check(engine: Engine, ops: Iterable[str] | None = None, ruleset: Ruleset | None = None, budget: int = 100,
          seed: int = 0, cases: list[dict[str, Any]] | None = None) -> Report:
    """Check ``engine`` against the model; the engine is closed (and killed) before returning.

    ``ops`` defaults to every op the engine serves; ``ruleset`` restricts vectors and random cases to
    one ruleset; ``budget`` random cases per op; ``cases`` defaults to a fresh generation of the
    conformance vectors."""
    report = Report(engine.name)
    try:
        served = hello(engine)
        wanted = list(ops) if ops is not None else [op for op in OPS if op in served]
        unknown = [op for op in wanted if op not in OPS]
        if unknown:
            raise ValueError(f"unknown op {unknown[0]!r} (checkable: {', '.join(OPS)})")
        missing = [op for op in wanted if op not in served]
        if missing:
            raise EngineFault(f"{engine.name} does not serve op {missing[0]!r} (its hello lists {served})")
        report.ops = wanted
        report.tallies = {op: OpTally() for op in wanted}
        skipped = [op for op in OPS if op not in wanted]
        if skipped:
            report.notes.append(f"not checked: {', '.join(skipped)}")
        _run_vectors(engine, report, cases if cases is not None else vectors.cases(), ruleset)
        for k, op in enumerate(wanted):
            _run_random(engine, report, op, budget, seed + k, ruleset)
        engine.close()
    except EngineFault as fault:
        report.fault = str(fault)
        engine.abort()
    except BaseException:
        engine.abort()
        raise
    return report


def _matches(case: dict[str, Any], ruleset: Ruleset | None) -> bool:
    return ruleset is None or Ruleset.from_json(case.get("ruleset", "basic")) == ruleset


def _run_vectors(engine: Engine, report: Report, cases: list[dict[str, Any]], ruleset: Ruleset | None) -> None:
    shrunk: set[str] = set()
    for case in cases:
        op = case["request"]["op"]
        if op not in report.tallies or not _matches(case, ruleset):
            continue
        tally = report.tallies[op]
        tally.vectors_run += 1
        finding = probe(engine.request, case["request"])
        if finding is None:
            tally.vectors_passed += 1
            continue
        report.failed_vectors.setdefault(op, []).append(case["id"])
        if op not in shrunk:  # one witness per op is shrunk; the rest are listed by id
            shrunk.add(op)
            report.disagreements.append(_witness(engine, op, f"vector {case['id']}", finding, case["reason"]))


def _run_random(engine: Engine, report: Report, op: str, budget: int, seed: int, ruleset: Ruleset | None) -> None:
    if budget <= 0:
        return
    counts = Tally()
    finding = search(engine.request, op, budget, seed, ruleset, counts)
    tally = report.tallies[op]
    tally.random_run, tally.random_passed = counts.run, counts.passed
    if finding:
        report.disagreements.append(_witness(engine, op, f"random, seed {seed}", finding, None))


def _witness(engine: Engine, op: str, source: str, finding: Finding, why: str | None) -> Disagreement:
    before = card_count(finding.request)
    small = minimise(engine.request, finding)
    if small is not finding or why is None:
        why = reason(small.request)
    return Disagreement(op, source, small.request, small.expected, small.got, small.difference, why, before,
                        card_count(small.request))
