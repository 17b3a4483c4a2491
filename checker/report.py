"""The result of checking an engine, for any game: per-op tallies, the readings of the rules it
follows, one finding per cause of its other failures (each with its smallest witness and a second
one of another shape), the coverage, any protocol fault located; text or JSON."""

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
class Witness:
    """A request that shows a finding, with both answers, for people and for replay."""

    source: str  # "vector <id>", "random case N of <op>, rule R (seed S)", "searched from ..."
    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    difference: str
    reason: str  # the clause deciding the expected answer
    cards: int
    shown: list[str] = field(default_factory=list)
    edge_case: str | None = None  # why no game reaches it (only with --edge-cases)
    searched: bool = False  # found by the witness search from the case ``source`` names


@dataclass
class Finding:
    """One cause of failures (``kind`` misreading, crash or unexplained), or a reading of the rules
    the engine follows (``kind`` reading): a statement in rule words, the rules it was seen under,
    the cases it explains, its smallest witness and how it was searched, a second witness."""

    op: str
    kind: str
    name: str
    statement: str
    rules: list[str]
    vectors: list[str]  # ids of the failing vectors it explains
    random_cases: int  # failing random cases it explains
    witness: Witness
    search: str  # "smallest possible (every smaller case checked, N tries)" or "smallest found in N tries"
    second: Witness | None = None  # a witness of another shape, when one was seen
    switches: dict[str, Any] = field(default_factory=dict)  # a reading's switch values
    sentences: list[str] = field(default_factory=list)  # the doubt behind each switch
    agreed: int = 0  # a reading: the cases it changes on which the engine answers as it says
    changed: int = 0  # a reading: the cases it changes (on the rest a finding on top of it explains the answer)
    observed: int = 0  # a reading: every case of the op asked
    pin: str = ""  # a reading: the --ruleset that checks an engine under it
    sample_cases: int = 0  # failing cases of the fresh sample a reading is tested on

    @property
    def explains(self) -> int:
        return len(self.vectors) + self.random_cases + self.sample_cases


@dataclass
class Fault:
    """The engine broke the protocol: what happened, on which case and request, its last stderr lines;
    ``restarts`` when it crashed and was restarted (the check went on)."""

    message: str
    source: str | None = None
    request: dict[str, Any] | None = None
    stderr: list[str] = field(default_factory=list)
    restarts: int = 0


@dataclass
class Report:
    engine: str
    game: str = "red7"
    ops: list[str] = field(default_factory=list)
    tallies: dict[str, OpTally] = field(default_factory=dict)
    readings: list[Finding] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    fault: Fault | None = None
    notes: list[str] = field(default_factory=list)
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)  # category -> label -> requests
    not_exercised: dict[str, list[str]] = field(default_factory=dict)
    edge_cases: bool = False

    @property
    def exit_code(self) -> int:
        return BROKEN if self.fault else DISAGREE if self.findings or self.readings else AGREE

    @property
    def failed_vectors(self) -> dict[str, list[str]]:
        """op -> ids of the vectors that disagree."""
        out: dict[str, list[str]] = {}
        for d in self.readings + self.findings:
            out.setdefault(d.op, []).extend(d.vectors)
        return {op: ids for op, ids in out.items() if ids}

    def to_json(self) -> dict[str, Any]:
        verdict = {AGREE: "agree", DISAGREE: "disagree", BROKEN: "broken"}[self.exit_code]
        return {"engine": self.engine, "game": self.game, "verdict": verdict, "exit_code": self.exit_code,
                "ops": self.ops, "edge_cases": self.edge_cases,
                "tallies": {op: asdict(t) for op, t in self.tallies.items()},
                "readings": [asdict(r) for r in self.readings], "findings": [asdict(f) for f in self.findings],
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
        for k, r in enumerate(self.readings, 1):
            lines.append("")
            lines.append(f"READING {k} of {len(self.readings)} in {r.op}: {r.statement}, a reading of the rules "
                         "other than the one requested")
            lines.extend(f"  the doubt: {s}" for s in r.sentences if s)
            others = sum(f.op == r.op for f in self.findings)
            if r.agreed == r.changed:
                said = f"answers as it says on all {r.changed} case(s) of the {r.observed} asked where it changes the answer"
            else:
                said = (f"answers as it says on {r.agreed} of the {r.changed} case(s) of the {r.observed} asked where it "
                        f"changes the answer, and on the other {r.changed - r.agreed} as a finding below says on top of it")
            lines.append(f"  {said}" + ("" if others else f"; agrees with it on all {r.observed} cases of {r.op} asked"))
            lines.append(f"  explains {_seen(r)}")
            lines.append(f"  under the requested ruleset it differs here ({r.search}):")
            lines.extend(_witness_lines(r.witness))
            if r.second:
                lines.append("  and here, another shape:")
                lines.extend(_witness_lines(r.second, brief=True))
            lines.append(f"  to check the rest under that reading: --ruleset {r.pin}")
        for k, f in enumerate(self.findings, 1):
            lines.append("")
            lines.append(f"FINDING {k} of {len(self.findings)} in {f.op}: {f.statement}")
            lines.append(f"  explains {_seen(f)}")
            lines.append(f"  smallest witness, {f.witness.cards} cards, {f.search}"
                         + (f"; EDGE CASE, no game reaches it: {f.witness.edge_case}" if f.witness.edge_case else ""))
            lines.extend(_witness_lines(f.witness))
            if f.second:
                lines.append(f"  second witness, another shape ({f.second.cards} cards):")
                lines.extend(_witness_lines(f.second, brief=True))
        if self.fault:
            lines.append("")
            head = "ENGINE CRASHED" if self.fault.restarts else "PROTOCOL FAULT"
            lines.append(f"{head}: {self.fault.message}")
            if self.fault.source:
                lines.append(f"  on:       {self.fault.source}")
            if self.fault.request is not None:
                lines.append(f"  request:  {_clip(json.dumps(self.fault.request), 1000)}")
            if self.fault.stderr:
                lines.append("  engine stderr (last lines):")
                lines.extend("    " + row for row in self.fault.stderr)
            if self.fault.restarts:
                lines.append(f"  restarted {self.fault.restarts} time(s); the check went on")
        lines.append("")
        lines.append(f"verdict: {self._verdict()} (exit {self.exit_code})")
        return "\n".join(lines)

    def _verdict(self) -> str:
        if self.exit_code == AGREE:
            return "the engine agrees with the model"
        parts = []
        if self.readings:
            parts.append(f"follows {len(self.readings)} reading(s) other than the one requested")
        if self.findings:
            parts.append(f"disagrees in {len(self.findings)} way(s)" + (" no reading explains" if self.readings else ""))
        text = "the engine " + " and ".join(parts) if parts else ""
        if self.exit_code == BROKEN:
            broke = "the engine crashed" if self.fault.restarts else "the engine could not be run or broke the protocol"
            return f"{broke}; {text.removeprefix('the engine ')}" if text else broke
        return text

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


def _seen(f: Finding) -> str:
    parts = [_ids(f.vectors), f.random_cases and f"{f.random_cases} random case(s)",
             f.sample_cases and f"{f.sample_cases} of the fresh sample"]
    rules = f"rule {f.rules[0]}" if len(f.rules) == 1 else f"rules {', '.join(f.rules)}"
    return f"{f.explains} failing case(s) under {rules}: " + ", ".join(filter(None, parts))


def _witness_lines(w: Witness, brief: bool = False) -> list[str]:
    lines = [f"  {'found by a search from' if w.searched else 'from'} {w.source}"] if not brief else []
    lines += ["  " + row for row in w.shown]
    lines.append(f"  expected: {_clip(json.dumps(w.expected))}")
    lines.append(f"  got:      {_clip(json.dumps(w.got))}")
    if not brief:
        lines.append(f"  differs:  {w.difference}")
        lines.append(f"  rule:     {w.reason}")
    lines.append(f"  request:  {json.dumps(w.request)}")
    return lines


def _ids(ids: list[str], shown: int = 3) -> str:
    if not ids:
        return ""
    text = ", ".join(ids[:shown]) + (f" and {len(ids) - shown} more" if len(ids) > shown else "")
    return f"{len(ids)} vector(s): {text}"


def _clip(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
