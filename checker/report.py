"""The result of checking an engine: per-op tallies, each disagreement with its position, the
expected and the engine's answers and the rule clause, any protocol fault; as text or JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

AGREE, DISAGREE, BROKEN = 0, 1, 2  # exit codes


@dataclass
class OpTally:
    vectors_run: int = 0
    vectors_passed: int = 0
    random_run: int = 0
    random_passed: int = 0


@dataclass
class Disagreement:
    op: str
    source: str  # "vector <id>" or "random (seed S)"
    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    difference: str
    reason: str
    cards_before_shrinking: int
    cards: int


@dataclass
class Report:
    engine: str
    ops: list[str] = field(default_factory=list)
    tallies: dict[str, OpTally] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    failed_vectors: dict[str, list[str]] = field(default_factory=dict)  # op -> ids of failing vectors
    fault: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return BROKEN if self.fault else DISAGREE if self.disagreements or self.failed_vectors else AGREE

    def to_json(self) -> dict[str, Any]:
        verdict = {AGREE: "agree", DISAGREE: "disagree", BROKEN: "broken"}[self.exit_code]
        return {"engine": self.engine, "verdict": verdict, "exit_code": self.exit_code, "ops": self.ops,
                "tallies": {op: asdict(t) for op, t in self.tallies.items()},
                "disagreements": [asdict(d) for d in self.disagreements],
                "failed_vectors": self.failed_vectors, "fault": self.fault, "notes": self.notes}

    def to_text(self) -> str:
        lines = [f"arbiter check: {self.engine}"]
        if self.tallies:
            lines.append(f"  {'op':<12} {'vectors':>15} {'random':>15}")
            for op, t in self.tallies.items():
                lines.append(f"  {op:<12} {f'{t.vectors_passed}/{t.vectors_run}':>15} "
                             f"{f'{t.random_passed}/{t.random_run}':>15}")
        lines.extend(f"note: {n}" for n in self.notes)
        for op, ids in self.failed_vectors.items():
            shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
            lines.append(f"{op}: {len(ids)} vector(s) disagree: {shown}")
        for d in self.disagreements:
            lines.append("")
            lines.append(f"DISAGREEMENT in {d.op} ({d.source}; shrunk from {d.cards_before_shrinking} "
                         f"to {d.cards} cards)")
            lines.extend("  " + row for row in render_request(d.request))
            lines.append(f"  expected: {_clip(json.dumps(d.expected))}")
            lines.append(f"  got:      {_clip(json.dumps(d.got))}")
            lines.append(f"  differs:  {d.difference}")
            lines.append(f"  rule:     {d.reason}")
            lines.append(f"  request:  {json.dumps(d.request)}")
        if self.fault:
            lines.append("")
            lines.append(f"PROTOCOL FAULT: {self.fault}")
        verdict = {AGREE: "the engine agrees with the model",
                   DISAGREE: "the engine disagrees with the model",
                   BROKEN: "the engine could not be run or broke the protocol"}[self.exit_code]
        lines.append("")
        lines.append(f"verdict: {verdict} (exit {self.exit_code})")
        return "\n".join(lines)


def _clip(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def render_request(request: dict[str, Any]) -> list[str]:
    """The cards of a request, one line per player, for people."""
    rows = []
    if request["op"] == "leader":
        rows.append(f"rule {request['rule']}, ruleset {_ruleset(request.get('ruleset', 'basic'))}")
        out = set(request.get("out", []))
        for i, p in enumerate(request["palettes"]):
            rows.append(f"P{i} Palette: {' '.join(p) or '-'}{'   (out)' if i in out else ''}")
    elif request["op"] == "qualifying":
        rows.append(f"rule {request['rule']}, Palette: {' '.join(request['palette']) or '-'}")
    else:
        pos = request["position"]
        rows.append(f"rule {pos['rule']}, ruleset {_ruleset(pos.get('ruleset', 'basic'))}, "
                    f"player {pos['to_move']} to move" + (f", scores {pos['scores']}" if "scores" in pos else ""))
        for i, p in enumerate(pos["players"]):
            rows.append(f"P{i} hand: {' '.join(p['hand']) or '-':<22} Palette: {' '.join(p['palette']) or '-'}"
                        + ("   (out)" if p.get("out") else ""))
        rows.append(f"deck (top first): {' '.join(pos.get('deck', [])) or '-'}")
        if "move" in request:
            rows.append(f"move: {request['move']}")
    return rows


def _ruleset(value: Any) -> str:
    if isinstance(value, str):
        return value
    return ",".join([value.get("preset", "basic")] + [f"{k}={v}" for k, v in value.items() if k != "preset"])
