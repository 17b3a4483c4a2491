"""The result of checking an engine, for any game: per-op tallies, one group per distinct failure
(op, rule, kind) with its smallest witness, the coverage, any protocol fault located; text or JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

AGREE, DISAGREE, BROKEN = 0, 1, 2  # exit codes


@dataclass
class OpTally:
    vectors_run: int = 0
    vectors_passed: int = 0
    vectors_skipped: int = 0  # outside the engine's capabilities, or edge cases without --edge-cases
    random_run: int = 0
    random_passed: int = 0


@dataclass
class Disagreement:
    """One distinct failure: its signature, where it was first seen, its smallest witness."""

    op: str
    rule: str
    kind: str
    source: str  # "vector <id>" or "random case N of <op>, rule R (seed S)"
    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    difference: str
    reason: str
    cards_before_shrinking: int
    cards: int
    shown: list[str] = field(default_factory=list)  # the witness for people
    edge_case: str | None = None  # why no game reaches the witness (only with --edge-cases)
    vectors: list[str] = field(default_factory=list)  # ids of the vectors failing this way
    random_cases: int = 0  # random cases failing this way


@dataclass
class Fault:
    """The engine broke the protocol: what happened, on which case and request, its last stderr lines."""

    message: str
    source: str | None = None
    request: dict[str, Any] | None = None
    stderr: list[str] = field(default_factory=list)


@dataclass
class Report:
    engine: str
    game: str = "red7"
    ops: list[str] = field(default_factory=list)
    tallies: dict[str, OpTally] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    fault: Fault | None = None
    notes: list[str] = field(default_factory=list)
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)  # category -> label -> requests
    not_exercised: dict[str, list[str]] = field(default_factory=dict)
    edge_cases: bool = False

    @property
    def exit_code(self) -> int:
        return BROKEN if self.fault else DISAGREE if self.disagreements else AGREE

    @property
    def failed_vectors(self) -> dict[str, list[str]]:
        """op -> ids of the vectors that disagree."""
        out: dict[str, list[str]] = {}
        for d in self.disagreements:
            out.setdefault(d.op, []).extend(d.vectors)
        return {op: ids for op, ids in out.items() if ids}

    def to_json(self) -> dict[str, Any]:
        verdict = {AGREE: "agree", DISAGREE: "disagree", BROKEN: "broken"}[self.exit_code]
        return {"engine": self.engine, "game": self.game, "verdict": verdict, "exit_code": self.exit_code,
                "ops": self.ops, "edge_cases": self.edge_cases,
                "tallies": {op: asdict(t) for op, t in self.tallies.items()},
                "disagreements": [asdict(d) for d in self.disagreements],
                "failed_vectors": self.failed_vectors, "fault": asdict(self.fault) if self.fault else None,
                "notes": self.notes, "coverage": self.coverage, "not_exercised": self.not_exercised}

    def to_text(self) -> str:
        lines = [f"arbiter check: {self.engine} ({self.game})"]
        if self.tallies:
            lines.append(f"  {'op':<12} {'vectors':>15} {'random':>15}")
            for op, t in self.tallies.items():
                lines.append(f"  {op:<12} {f'{t.vectors_passed}/{t.vectors_run}':>15} "
                             f"{f'{t.random_passed}/{t.random_run}':>15}")
        lines.extend(f"note: {n}" for n in self.notes)
        if self.coverage:
            lines.append("coverage: " + self._coverage_text())
        for k, d in enumerate(self.disagreements, 1):
            lines.append("")
            seen = ", ".join(filter(None, [_ids(d.vectors), d.random_cases and f"{d.random_cases} random case(s)"]))
            lines.append(f"DISAGREEMENT {k} of {len(self.disagreements)} in {d.op}, rule {d.rule}: {d.kind}"
                         + (f" ({seen})" if seen else ""))
            size = (f"shrunk from {d.cards_before_shrinking} to {d.cards} cards" if d.cards < d.cards_before_shrinking
                    else f"{d.cards} cards, none can go")
            lines.append(f"  witness from {d.source}, {size}"
                         + (f"; EDGE CASE, no game reaches it: {d.edge_case}" if d.edge_case else ""))
            lines.extend("  " + row for row in d.shown)
            lines.append(f"  expected: {_clip(json.dumps(d.expected))}")
            lines.append(f"  got:      {_clip(json.dumps(d.got))}")
            lines.append(f"  differs:  {d.difference}")
            lines.append(f"  rule:     {d.reason}")
            lines.append(f"  request:  {json.dumps(d.request)}")
        if self.fault:
            lines.append("")
            lines.append(f"PROTOCOL FAULT: {self.fault.message}")
            if self.fault.source:
                lines.append(f"  on:       {self.fault.source}")
            if self.fault.request is not None:
                lines.append(f"  request:  {_clip(json.dumps(self.fault.request), 1000)}")
            if self.fault.stderr:
                lines.append("  engine stderr (last lines):")
                lines.extend("    " + row for row in self.fault.stderr)
        verdict = {AGREE: "the engine agrees with the model",
                   DISAGREE: f"the engine disagrees with the model in {len(self.disagreements)} way(s)",
                   BROKEN: "the engine could not be run or broke the protocol"}[self.exit_code]
        lines.append("")
        lines.append(f"verdict: {verdict} (exit {self.exit_code})")
        return "\n".join(lines)

    def _coverage_text(self) -> str:
        parts = []
        for category, labels in self.coverage.items():
            missing = self.not_exercised.get(category, [])
            if missing:
                shown = f"{len(labels)} kinds" if len(labels) > 8 else ", ".join(labels)
                parts.append(f"{category} {shown} (not exercised: {', '.join(missing)})")
            elif len(labels) > 8:
                parts.append(f"{category} all {len(labels)}")
            else:
                parts.append(f"{category} {', '.join(labels)}")
        parts.extend(f"{category} none (not exercised: {', '.join(missing)})"
                     for category, missing in self.not_exercised.items() if category not in self.coverage)
        return "; ".join(parts)


def _ids(ids: list[str], shown: int = 3) -> str:
    if not ids:
        return ""
    text = ", ".join(ids[:shown]) + (f" and {len(ids) - shown} more" if len(ids) > shown else "")
    return f"{len(ids)} vector(s): {text}"


def _clip(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
