"""Checking an engine, for any game: hello and its capabilities, the vectors within them, then
seeded random cases per op; every distinct failure shrunk to one witness; the outcome is a Report."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import capabilities, vectors
from .engine import Engine, EngineCrash, EngineFault
from .games import DEFAULT_GAME
from .games import plugin as game_plugin
from .plugin import Capabilities, Finding, GamePlugin, Needs
from .report import Disagreement, Fault, OpTally, Report
from .search import Tally, search
from .shrink import probe, shrink


class _Where:
    """The case being sent, to locate a fault (and to tell ``progress``)."""

    def __init__(self, progress: Callable[[str], None] | None = None) -> None:
        self.source: str | None = None
        self.request: dict[str, Any] | None = None
        self.progress = progress

    def at(self, source: str, request: dict[str, Any] | None = None) -> None:
        self.source, self.request = source, request
        if self.progress:
            self.progress(source)


def check(engine: Engine, ops: Iterable[str] | None = None, ruleset: Any = None, budget: int = 100,
          seed: int = 0, cases: list[dict[str, Any]] | None = None, game: str = DEFAULT_GAME,
          edge_cases: bool = False, progress: Callable[[str], None] | None = None) -> Report:
    """Check ``engine`` against the model of ``game``; the engine is closed (and killed) before
    returning.

    ``ops`` defaults to every op the engine serves; ``ruleset`` (canonical JSON, or a Ruleset)
    restricts vectors and random cases to one ruleset; ``budget`` random cases per op; ``cases``
    defaults to a fresh generation of the vectors; ``edge_cases`` adds inputs no game reaches;
    ``progress`` is told of every case as it is sent."""
    plugin = game_plugin(game)
    if ruleset is not None and not isinstance(ruleset, (str, dict)):
        ruleset = ruleset.to_json()
    report = Report(engine.name, plugin.game, edge_cases=edge_cases)
    where = _Where(progress)
    coverage: dict[str, dict[str, int]] = {}
    try:
        where.at("hello", {"op": "hello"})
        try:
            hello = engine.request({"op": "hello"})
        except EngineCrash as e:  # no input of the game's behind it: the engine cannot be checked at all
            raise EngineFault(f"{engine.name} crashes on hello: {e}", {"op": "hello"}) from None
        caps, notes = capabilities.from_hello(hello, plugin, engine.name)
        wanted = _ops(engine, plugin, caps, ops)
        report.ops = wanted
        report.tallies = {op: OpTally() for op in wanted}
        skipped = [op for op in plugin.ops if op not in wanted]
        if skipped:
            notes.append(f"ops not checked: {', '.join(skipped)}")
        if ruleset is not None and not caps.supports(plugin.ruleset_needs(ruleset)):
            notes.append(f"the engine does not declare the ruleset {_ruleset_text(ruleset)}; checked because "
                         "--ruleset names it")
        if ruleset is None:
            notes.extend(capabilities.not_checked(caps, plugin, wanted))
        else:
            caps = _only(caps, plugin.ruleset_needs(ruleset))
        if edge_cases:
            notes.append("--edge-cases: inputs no game reaches are sent too; a witness among them is labelled")
        report.notes = notes
        all_cases = cases if cases is not None else vectors.cases(plugin)
        state = _State(engine, plugin, report, where, edge_cases, coverage)
        state.run_vectors(all_cases, caps, ruleset)
        for k, op in enumerate(wanted):
            state.run_random(op, budget, seed + k, caps, ruleset)
        universe = plugin.coverage_universe(caps, wanted)
        report.not_exercised = {c: [x for x in labels if x not in coverage.get(c, {})]
                                for c, labels in universe.items()}
        report.not_exercised = {c: xs for c, xs in report.not_exercised.items() if xs}
        where.at("the end of input (the engine must exit 0)")
        engine.close()
    except EngineFault as fault:
        request = fault.request if fault.request is not None else where.request
        report.fault = Fault(str(fault), where.source, request, fault.stderr or _tail(engine))
        engine.abort()
    except BaseException:
        engine.abort()
        raise
    report.coverage = {c: dict(sorted(labels.items())) for c, labels in coverage.items()}  # partial after a fault
    return report


def _tail(engine: Engine) -> list[str]:
    try:
        return engine.stderr_tail()
    except Exception:  # noqa: BLE001 - a quote of stderr is a courtesy; never a second fault
        return []


def _ops(engine: Engine, plugin: GamePlugin, caps: Capabilities, ops: Iterable[str] | None) -> list[str]:
    wanted = list(ops) if ops is not None else [op for op in plugin.ops if op in caps.ops]
    unknown = [op for op in wanted if op not in plugin.ops]
    if unknown:
        raise ValueError(f"unknown op {unknown[0]!r} (checkable: {', '.join(plugin.ops)})")
    missing = [op for op in wanted if op not in caps.ops]
    if missing:
        raise EngineFault(f"{engine.name} does not serve op {missing[0]!r} (its hello lists {list(caps.ops)})")
    return wanted


def _only(caps: Capabilities, needs: Needs) -> Capabilities:
    """``caps`` narrowed to the one ruleset ``needs`` names (``--ruleset``)."""
    return Capabilities(caps.game, caps.ops, caps.players, (needs.preset,),
                        {name: (value,) for name, value in needs.switches}, caps.declared)


def _ruleset_text(ruleset: Any) -> str:
    if isinstance(ruleset, str):
        return ruleset
    return ",".join([ruleset.get("preset", "basic")] + [f"{k}={v}" for k, v in ruleset.items() if k != "preset"])


class _State:
    """One check in progress: the groups found so far and the coverage."""

    def __init__(self, engine: Engine, plugin: GamePlugin, report: Report, where: _Where, edge_cases: bool,
                 coverage: dict[str, dict[str, int]]) -> None:
        self.engine, self.plugin, self.report, self.where = engine, plugin, report, where
        self.edge_cases = edge_cases
        self.coverage = coverage
        self.groups: dict[tuple[str, str, str], Disagreement] = {}

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        for category, label in self.plugin.features(request):
            labels = self.coverage.setdefault(category, {})
            labels[label] = labels.get(label, 0) + 1
        return self.engine.request(request)

    def run_vectors(self, cases: list[dict[str, Any]], caps: Capabilities, ruleset: Any) -> None:
        edge_skipped = 0
        for case in cases:
            request = case["request"]
            op = request["op"]
            if op not in self.report.tallies:
                continue
            tally = self.report.tallies[op]
            if ruleset is not None and case.get("ruleset", self.plugin.ruleset_key(request)) != ruleset:
                continue
            if case.get("edge_case") and not self.edge_cases:
                tally.vectors_skipped += 1
                edge_skipped += 1
                continue
            if not caps.supports(self.plugin.needs(request)):
                tally.vectors_skipped += 1
                continue
            tally.vectors_run += 1
            source = f"vector {case['id']}"
            self.where.at(source, request)
            finding = probe(self.ask, self.plugin, request, case["expected"])
            if finding is None:
                tally.vectors_passed += 1
                continue
            group = self.groups.get(finding.signature)
            if group is None:
                group = self._witness(source, finding, case.get("reason"), case.get("edge_case"))
            group.vectors.append(case["id"])
        if edge_skipped:
            self.report.notes.append(f"{edge_skipped} vector(s) of inputs no game reaches skipped "
                                     "(--edge-cases runs them)")
        outside = sum(t.vectors_skipped for t in self.report.tallies.values()) - edge_skipped
        if outside:
            self.report.notes.append(f"{outside} vector(s) outside the engine's declared capabilities skipped")

    def run_random(self, op: str, budget: int, seed: int, caps: Capabilities, ruleset: Any) -> None:
        if budget <= 0:
            return
        counts = Tally()
        known = set(self.groups)
        found = search(self.ask, self.plugin, op, budget, seed, caps, ruleset, self.edge_cases, known, counts,
                       self.where.at)
        tally = self.report.tallies[op]
        tally.random_run, tally.random_passed = counts.run, counts.passed
        for source, finding in found:
            self._witness(source, finding, None, self.plugin.unreachable(finding.request))
        for signature, n in counts.failures.items():
            self.groups[signature].random_cases += n

    def _witness(self, source: str, finding: Finding, why: str | None, edge: str | None) -> Disagreement:
        plugin = self.plugin
        before = plugin.size(finding.request)
        model = plugin.answer(finding.request)
        small = finding
        # A vector's own expectation is used as is; its witness is shrunk only when the model agrees
        # with it, since every smaller case is judged by the model.
        if plugin.compare(finding.request, model, finding.expected) is None:
            self.where.at(f"shrinking the witness of {source}", finding.request)
            small = shrink(self.ask, plugin, finding, self.edge_cases and bool(edge),
                           lambda r: self.where.at(f"shrinking the witness of {source}", r))
        if small is not finding or why is None:
            why = plugin.reason(small.request)
        d = Disagreement(small.request["op"], small.rule, small.difference.kind, source, small.request, small.expected,
                         small.got, small.difference.text, why, before, plugin.size(small.request),
                         plugin.render(small.request), plugin.unreachable(small.request))
        self.groups[finding.signature] = d
        self.report.disagreements.append(d)
        return d
