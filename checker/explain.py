"""Explaining an engine's failures by their cause, for any game: first the readings of the rules it
follows (a switch value, or two, under which it answers as the model does), then known misreadings,
then crashes and what no misreading explains, grouped by the clause that decides the expected answer.
Two failures one cause cannot explain are two findings; one cause seen under several rules is one."""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .plugin import Failure, GamePlugin, Misreading, reads


@dataclass
class Case:
    """One request the engine was asked during a check, with its answer."""

    source: str  # "vector <id>", "random case N of ...", "reading sample N of ..."
    request: dict[str, Any]
    expected: dict[str, Any]
    got: dict[str, Any]
    failure: Failure | None
    vector: str | None = None
    reason: str | None = None  # the vector's own clause, when it has one


@dataclass
class Cause:
    """One finding before its witness is searched: a reading followed, a misreading, a crash, or
    what no misreading explains."""

    kind: str  # "reading" | "misreading" | "crash" | "unexplained"
    name: str
    statement: str
    cases: list[Case]
    keeps: Callable[[Failure], bool]
    differs: Callable[[dict[str, Any]], bool]
    switches: dict[str, Any] = field(default_factory=dict)  # a reading's switch values
    agreed: int = 0  # a reading: cases it changes on which the engine answers as it says
    changed: int = 0  # a reading: cases it changes (on the others a misreading on top of it explains the answer)
    observed: int = 0  # a reading: every case of the op the engine was asked

    @property
    def rules(self) -> list[str]:
        return sorted({c.failure.rule for c in self.cases if c.failure})


PROBES = 24  # a reading is tried on all cases only if it explains one of this many smallest failures


class Hypothesis:
    """A cause to test: what an engine reading the rules in one way would answer (None: as the model)."""

    def __init__(self, plugin: GamePlugin, name: str, statement: Callable[[list[str]], str],
                 answer: Callable[[dict[str, Any]], dict[str, Any] | None], switches: dict[str, Any] | None = None,
                 base: Hypothesis | None = None):
        self.plugin, self.name, self.statement, self._answer = plugin, name, statement, answer
        self.switches = switches
        self.base = base  # a misreading under a reading the engine follows: it changes that reading's answers
        self._memo: dict[str, dict[str, Any] | None] = {}

    def under(self, reading: Hypothesis) -> Hypothesis:
        """This misreading on top of a reading of the rules (an engine may follow one and misread
        another clause): its answers are the misreading's under the reading's switches."""
        def answer(request: dict[str, Any]) -> dict[str, Any] | None:
            return self._answer(self.plugin.reruled(request, reading.switches) or request)
        return Hypothesis(self.plugin, self.name, self.statement, answer, None, reading)

    def predict(self, request: dict[str, Any]) -> dict[str, Any] | None:
        key = json.dumps(request, sort_keys=True)
        if key not in self._memo:
            try:
                self._memo[key] = self._answer(request)
            except (ValueError, KeyError, TypeError, IndexError):
                self._memo[key] = None
        return self._memo[key]

    def changes(self, request: dict[str, Any], expected: dict[str, Any]) -> bool:
        """Whether this reading gives another answer than ``expected`` here (than its base
        reading's, for a misreading on top of one)."""
        p = self.predict(request)
        if self.base is not None:
            expected = self.base.predict(request) or expected
        return p is not None and self.plugin.compare(request, expected, p) is not None

    def explains(self, case: Case) -> bool:
        """The engine failed here, and answered as this reading does."""
        if case.failure is None or case.failure.crashed or not self.changes(case.request, case.expected):
            return False
        return self.plugin.compare(case.request, self.predict(case.request), case.got) is None

    def answers_as(self, case: Case) -> bool:
        """The engine answered as this hypothesis says (failing or not)."""
        p = self.predict(case.request)
        return p is not None and not (case.failure and case.failure.crashed) and \
            self.plugin.compare(case.request, p, case.got) is None

    def keeps(self, failure: Failure) -> bool:
        """A witness search keeps a failure this reading explains."""
        return self.explains(Case("", failure.request, failure.expected, failure.got, failure))

    def differs(self, request: dict[str, Any]) -> bool:
        """This reading could show on ``request`` (it changes the model's answer there)."""
        return self.changes(request, self.plugin.answer(request))

    def contradicted(self, case: Case) -> bool:
        """This reading changes the answer here, and the engine did not answer as it says."""
        if not self.changes(case.request, case.expected):
            return False
        return case.failure is not None and case.failure.crashed or \
            self.plugin.compare(case.request, self.predict(case.request), case.got) is not None


def reading_hypotheses(plugin: GamePlugin, op: str) -> list[Hypothesis]:
    """Every single-switch alternative of the switches ``op`` reads."""
    out = []
    for name, values in plugin.full_capabilities().switches.items():
        if not reads(plugin, op, name):
            continue
        for value in values:
            out.append(_reading(plugin, {name: value}))
    return out


def _reading(plugin: GamePlugin, switches: dict[str, Any]) -> Hypothesis:
    text = ", ".join(f"`{k}={_show(v)}`" for k, v in switches.items())

    def answer(request: dict[str, Any]) -> dict[str, Any] | None:
        other = plugin.reruled(request, switches)
        return None if other is None else plugin.answer(other)

    return Hypothesis(plugin, ",".join(f"{k}={_show(v)}" for k, v in switches.items()),
                      lambda rules: f"the engine follows {text}", answer, switches)


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _misreading(plugin: GamePlugin, m: Misreading) -> Hypothesis:
    return Hypothesis(plugin, m.name, m.statement, m.answer)


def followed_readings(plugin: GamePlugin, op: str, cases: list[Case],
                      failures: list[Case]) -> tuple[list[tuple[Hypothesis, list[Case]]], list[Hypothesis]]:
    """The readings the engine follows (each explains failures and is never contradicted where it
    changes an answer, but where a known misreading on top of it explains the engine's answer),
    with the failures each explains; and the single readings that explain some failure but are
    contradicted elsewhere (candidates for a finding that looks like a reading)."""
    probes = sorted(failures, key=lambda c: plugin.size(c.request))[:PROBES]
    singles = [h for h in reading_hypotheses(plugin, op) if any(h.explains(c) for c in probes)]
    pairs = [_reading(plugin, {**a.switches, **b.switches}) for a, b in itertools.combinations(singles, 2)
             if set(a.switches) != set(b.switches)]
    misreadings = [_misreading(plugin, m) for m in plugin.misreadings(op)]

    def consistent(h: Hypothesis) -> bool:
        over = [m.under(h) for m in misreadings]
        return not any(h.contradicted(c) and not any(m.answers_as(c) for m in over) for c in cases)

    followed, left = [], list(failures)
    candidates = [h for h in singles + pairs if consistent(h)]
    while left:
        scored = [(sum(h.explains(c) for c in left), -len(h.switches), h) for h in candidates]
        scored = [s for s in scored if s[0] > 0]
        if not scored:
            break
        _, _, best = max(scored, key=lambda s: (s[0], s[1]))
        explained = [c for c in left if best.explains(c)]
        followed.append((best, explained))
        left = [c for c in left if c not in explained]
        candidates = [h for h in candidates if h is not best and not set(h.switches) & set(best.switches)]
    partial = [h for h in singles if all(h is not f for f, _ in followed)]
    return followed, partial


def causes(plugin: GamePlugin, op: str, cases: list[Case], readings: list[Hypothesis],
           followed: list[Hypothesis] = ()) -> list[Cause]:
    """The failures of ``op`` that the readings followed leave, explained: the misreading (or partly
    followed reading) explaining most of them first, then the next on what is left; then crashes by
    their message, then the rest by the clause deciding the expected answer and how the engine errs."""
    left = [c for c in cases if c.failure is not None]
    failing = list(left)
    out: list[Cause] = []
    plain = [_misreading(plugin, m) for m in plugin.misreadings(op)]
    hypotheses = plain + [h.under(r) for r in followed for h in plain]
    for h in readings:
        text = ", ".join(f"`{k}={_show(v)}`" for k, v in h.switches.items())
        h.statement = functools.partial(_partly, text)
        hypotheses.append(h)
    while left:
        counts = [(sum(h.explains(c) for c in left), -k, h) for k, h in enumerate(hypotheses)]
        # a cause the engine's own failures mostly contradict is a coincidence, not an explanation
        counts = [(n, k, h) for n, k, h in counts if n and n >= sum(h.contradicted(c) for c in failing)]
        top = max((n for n, _, _ in counts), default=0)
        if not top:
            break
        # among those explaining most, the one the other cases contradict least (then catalogue order)
        *_, best = max(((n, -sum(h.contradicted(c) for c in cases), k, h) for n, k, h in counts if n == top),
                       key=lambda s: s[:3])
        explained = [c for c in left if best.explains(c)]
        same = next((cause for cause in out if cause.kind == "misreading" and cause.name == best.name), None)
        if same is None:  # the same misreading on top of a reading the engine follows is the same cause
            out.append(Cause("misreading", best.name, best.statement(sorted({c.failure.rule for c in explained})),
                             explained, best.keeps, best.differs))
        else:
            same.cases += explained
            same.keeps = functools.partial(_either, same.keeps, best.keeps)
            same.differs = functools.partial(_either, same.differs, best.differs)
            same.statement = best.statement(same.rules)
        left = [c for c in left if c not in explained]
        hypotheses.remove(best)
    passing = [c for c in cases if c.failure is None]
    crashes: dict[str, list[Case]] = {}
    for c in (c for c in left if c.failure.crashed):
        crashes.setdefault(_crash_key(c.failure), []).append(c)
    for key, group in crashes.items():
        when = _condition(plugin, group, passing)
        rules = _rules(group)
        statement = f"crashes ({key})" + (f" when {when}" if when else "") + \
            (f" under {_rule_words(rules)}" if not when or len(rules) == 1 else "")
        out.append(Cause("crash", key, statement, group, functools.partial(_same_crash, key), _anywhere))
    groups: dict[tuple[str, str], list[Case]] = {}
    for c in (c for c in left if not c.failure.crashed):
        groups.setdefault((c.failure.difference.kind, plugin.clause(c.request)), []).append(c)
    for (kind, clause), group in groups.items():
        when = _condition(plugin, group, passing)
        statement = f"{kind} (the clause deciding the expected answer: {clause or 'the rules'})" + \
            (f", when {when}" if when else "")
        out.append(Cause("unexplained", f"{kind} / {clause}", statement, group,
                         functools.partial(_same_difference, plugin, kind, clause), _anywhere))
    return out


def _either(first: Callable[[Any], bool], second: Callable[[Any], bool], value: Any) -> bool:
    return first(value) or second(value)


def _partly(text: str, rules: list[str]) -> str:
    return f"answers as {text} would here, but not everywhere that reading changes the answer"


def _same_crash(key: str, failure: Failure) -> bool:
    return failure.crashed and _crash_key(failure) == key


def _same_difference(plugin: GamePlugin, kind: str, clause: str, failure: Failure) -> bool:
    return not failure.crashed and failure.difference.kind == kind and plugin.clause(failure.request) == clause


def _anywhere(request: dict[str, Any]) -> bool:
    return True


def _crash_key(failure: Failure) -> str:
    """A crash's message with its numbers and quoted parts blanked: one bug, one key."""
    text = failure.got["crash"].splitlines()[0] if failure.got["crash"] else "no message"
    return re.sub(r"\d+", "N", re.sub(r"'[^']*'|\"[^\"]*\"", "'...'", text))[:160]


def _rule_words(rules: list[str]) -> str:
    return f"rule {rules[0]}" if len(rules) == 1 else "rules " + ", ".join(rules)


def _rules(group: list[Case]) -> list[str]:
    return sorted({c.failure.rule for c in group})


def _condition(plugin: GamePlugin, group: list[Case], passing: list[Case]) -> str:
    """The traits every case of ``group`` has and no passing case has, in rule words ("" if none)."""
    common = None
    for c in group:
        traits = set(plugin.traits(c.request))
        common = traits if common is None else common & traits
    if not common:
        return ""
    seen = set()
    for c in passing:
        seen |= set(plugin.traits(c.request))
    only = [t for t in plugin.traits(group[0].request) if t in common and t not in seen]
    return " and ".join(only)
