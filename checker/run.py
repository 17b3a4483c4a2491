"""Checking an engine, for any game: hello and its capabilities, the vectors within them, then
seeded random cases per op (an engine that crashes is restarted and the check goes on); then the
failures explained (readings followed, misreadings, crashes, the rest by clause), each finding with
its smallest witness found by search; the outcome is a Report."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from . import capabilities, vectors
from .engine import Engine, EngineCrash, EngineDied, EngineFault
from .explain import Case, Cause, causes, followed_readings
from .games import DEFAULT_GAME
from .games import plugin as game_plugin
from .plugin import Capabilities, Failure, GamePlugin, Needs
from .report import Fault, Finding, OpTally, Report, Witness
from .search import search
from .witness import Budget, Stop, probe, smallest

CRASHES_IN_A_ROW = 10  # an op whose requests crash the engine this often in a row is not checked further
QUARANTINE_AFTER = 3  # crashes of an op after which requests that look like them are no longer sent
MAX_RESTARTS = 60  # a check restarts a crashed engine at most this often
SEARCH_CRASHES = 10  # and at most this often within one witness search
SAMPLE = 200  # fresh requests drawn to test a reading the engine seems to follow
SAMPLE_SENT = 40  # of which at most this many (those the reading changes) are sent


class _Abandoned(Stop):
    """An op whose requests crash the engine over and over: the rest of it is not sent."""


class _Quarantined(Exception):
    """A request with every trait the engine's crashes share (and no passing case has): not sent
    but in a witness search, since each would cost a restart and show nothing new."""


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
          edge_cases: bool = False, progress: Callable[[str], None] | None = None,
          search: Budget | None = None) -> Report:
    """Check ``engine`` against the model of ``game``; the engine is closed (and killed) before
    returning.

    ``ops`` defaults to every op the engine serves; ``ruleset`` (canonical JSON, or a Ruleset)
    restricts vectors and random cases to one ruleset; ``budget`` random cases per op; ``cases``
    defaults to a fresh generation of the vectors; ``edge_cases`` adds inputs no game reaches;
    ``progress`` is told of every case as it is sent; ``search`` bounds each witness search."""
    plugin = game_plugin(game)
    if ruleset is not None and not isinstance(ruleset, (str, dict)):
        ruleset = ruleset.to_json()
    report = Report(engine.name, plugin.game, edge_cases=edge_cases)
    where = _Where(progress)
    coverage: dict[str, dict[str, int]] = {}
    state = _State(engine, plugin, report, where, edge_cases, coverage, search or Budget())
    try:
        where.at("hello", {"op": "hello"})
        try:
            hello = engine.request({"op": "hello"})
        except (EngineCrash, EngineDied) as e:  # no input of the game's behind it: it cannot be checked at all
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
        all_cases = cases if cases is not None else vectors.cases(plugin, tuple(wanted))
        state.run_vectors(all_cases, caps, ruleset)
        for k, op in enumerate(wanted):
            state.run_random(op, budget, seed + k, caps, ruleset)
        for k, op in enumerate(wanted):
            state.explain(op, seed + k, caps, ruleset)
        state.crash_notes()
        universe = plugin.coverage_universe(caps, wanted)
        report.not_exercised = {c: [x for x in labels if x not in coverage.get(c, {})]
                                for c, labels in universe.items()}
        report.not_exercised = {c: xs for c, xs in report.not_exercised.items() if xs}
        where.at("the end of input (the engine must exit 0)")
        engine.close()
    except EngineFault as fault:
        request = fault.request if fault.request is not None else where.request
        state.crash_notes()
        if report.fault is None:
            report.fault = Fault(str(fault), where.source, request, fault.stderr or _tail(engine))
        else:
            report.notes.append(f"the check stopped: {fault}")
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
    return ",".join([ruleset.get("preset", "basic")] + [f"{k}={_show(v)}" for k, v in ruleset.items() if k != "preset"])


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _crash_text(died: EngineDied) -> str:
    """The exception line of a dead engine's stderr (a Node TypeError, a Python traceback's last
    line), else what the driver saw."""
    errors = [line.strip() for line in died.stderr if re.search(r"(Error|Exception)\b", line)
              and not line.lstrip().startswith(("at ", "..."))]
    return errors[-1] if errors else str(died)


class _State:
    """One check in progress: every case asked, per op, and the crashes."""

    def __init__(self, engine: Engine, plugin: GamePlugin, report: Report, where: _Where, edge_cases: bool,
                 coverage: dict[str, dict[str, int]], budget: Budget) -> None:
        self.engine, self.plugin, self.report, self.where = engine, plugin, report, where
        self.edge_cases = edge_cases
        self.coverage = coverage
        self.budget = budget
        self.cases: dict[str, list[Case]] = {}
        self.crashes = 0
        self.in_a_row: dict[str, int] = {}
        self.abandoned: dict[str, int] = {}  # op -> vectors not sent
        self.quarantine: dict[str, frozenset[str]] = {}  # op -> the traits of requests not sent
        self.held: dict[str, int] = {}  # op -> requests not sent for their traits
        self.searching = False
        self.search_crashes = 0

    def labels(self, request: dict[str, Any]) -> frozenset[str]:
        return frozenset([f"rule {self.plugin.rule_of(request)}", *self.plugin.traits(request)])

    def _quarantine(self, op: str) -> None:
        """After a few crashes, hold back the requests sharing every label the crashes share and no
        passing case has (a crash under Violet only: no more Violet requests)."""
        crashed = [c for c in self.cases.get(op, []) if c.failure is not None and c.failure.crashed]
        if len(crashed) < QUARANTINE_AFTER:
            return
        common = frozenset.intersection(*(self.labels(c.request) for c in crashed))
        passing = set().union(*(self.labels(c.request) for c in self.cases.get(op, []) if c.failure is None))
        common -= passing
        if common:
            self.quarantine[op] = common

    # -- asking ------------------------------------------------------------------------------------
    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        op = request["op"]
        if self.in_a_row.get(op, 0) >= CRASHES_IN_A_ROW or self.search_crashes >= SEARCH_CRASHES:
            raise _Abandoned(op)
        held = self.quarantine.get(op)
        if held and not self.searching and held <= self.labels(request):
            self.held[op] = self.held.get(op, 0) + 1
            raise _Quarantined(op)
        for category, label in self.plugin.features(request):
            labels = self.coverage.setdefault(category, {})
            labels[label] = labels.get(label, 0) + 1
        try:
            got = self.engine.request(request)
        except EngineDied as died:
            self._died(died, op)
            raise EngineCrash(_crash_text(died)) from None
        self.in_a_row[op] = 0
        return got

    def _died(self, died: EngineDied, op: str) -> None:
        """A crash: located (the first one is the report's fault), then a fresh engine."""
        if self.report.fault is None:
            self.report.fault = Fault(str(died), self.where.source, died.request or self.where.request,
                                      died.stderr)
        self.crashes += 1
        if self.searching:
            self.search_crashes += 1
        else:
            self.in_a_row[op] = self.in_a_row.get(op, 0) + 1
        if self.crashes > MAX_RESTARTS:
            raise EngineFault(f"{self.engine.name} crashed {self.crashes} times; the check stops there")
        self.engine.restart()
        try:
            self.engine.request({"op": "hello"})
        except EngineDied as again:
            raise EngineFault(f"{self.engine.name} crashes on hello after a restart: {again}") from None
        self.report.fault.restarts = self.crashes

    def crash_notes(self) -> None:
        if self.crashes:
            self.report.notes.append(f"the engine crashed on {self.crashes} request(s) and was restarted each "
                                     "time; the check went on")
        for op, traits in self.quarantine.items():
            self.report.notes.append(f"{op}: after {QUARANTINE_AFTER} crashes, {self.held.get(op, 0)} request(s) with "
                                     f"what every crash had ({', '.join(sorted(traits))}) were not sent")
        self.quarantine = {}
        for op, unsent in self.abandoned.items():
            self.report.notes.append(f"{op}: the engine crashed on {CRASHES_IN_A_ROW} requests in a row; the rest "
                                     f"of {op} was not sent ({unsent} vector(s), its random cases and searches)")
        self.abandoned = {}

    def _record(self, op: str, source: str, request: dict[str, Any], expected: dict[str, Any],
                failure: Failure | None, got: dict[str, Any], vector: str | None = None,
                reason: str | None = None) -> Case:
        case = Case(source, request, expected, got, failure, vector, reason)
        self.cases.setdefault(op, []).append(case)
        if failure is not None and failure.crashed and op not in self.quarantine:
            self._quarantine(op)
        return case

    def _asked(self, source: str, request: dict[str, Any], expected: dict[str, Any] | None = None) -> \
            tuple[Failure | None, dict[str, Any], dict[str, Any]]:
        """Probe, keeping the engine's answer (a passing case's answer is the expected one)."""
        self.where.at(source, request)
        expected = self.plugin.answer(request) if expected is None else expected
        failure = probe(self.ask, self.plugin, request, expected)
        return failure, expected, (failure.got if failure else expected)

    # -- the phases --------------------------------------------------------------------------------
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
            if op in self.abandoned:
                self.abandoned[op] += 1
                continue
            try:
                failure, expected, got = self._asked(f"vector {case['id']}", request, case["expected"])
            except _Abandoned:
                self.abandoned[op] = 1
                continue
            except _Quarantined:
                continue
            tally.vectors_run += 1
            tally.vectors_passed += failure is None
            self._record(op, f"vector {case['id']}", request, expected, failure, got, case["id"], case.get("reason"))
        if edge_skipped:
            self.report.notes.append(f"{edge_skipped} vector(s) of inputs no game reaches skipped "
                                     "(--edge-cases runs them)")
        outside = sum(t.vectors_skipped for t in self.report.tallies.values()) - edge_skipped
        if outside:
            self.report.notes.append(f"{outside} vector(s) outside the engine's declared capabilities skipped")

    def run_random(self, op: str, budget: int, seed: int, caps: Capabilities, ruleset: Any) -> None:
        if budget <= 0 or op in self.abandoned:
            return
        tally = self.report.tallies[op]

        def examine(source: str, request: dict[str, Any]) -> None:
            try:
                failure, expected, got = self._asked(source, request)
            except _Quarantined:
                return
            tally.random_run += 1
            tally.random_passed += failure is None
            self._record(op, source, request, expected, failure, got)

        try:
            search(examine, self.plugin, op, budget, seed, caps, ruleset, self.edge_cases)
        except _Abandoned:
            self.abandoned.setdefault(op, 0)

    def _sample(self, op: str, seed: int, caps: Capabilities, ruleset: Any, changes: Callable) -> None:
        """Fresh requests on which a reading changes the answer, asked (the reading is tested on
        more than the cases that suggested it)."""
        drawn: list[dict[str, Any]] = []
        search(lambda source, request: drawn.append(request), self.plugin, op, SAMPLE, seed + 7919, caps, ruleset,
               self.edge_cases)
        sent = 0
        for k, request in enumerate(drawn):
            if sent >= SAMPLE_SENT:
                break
            if not changes(request, self.plugin.answer(request)):
                continue
            source = f"reading sample {k + 1} of {op} (seed {seed})"
            try:
                failure, expected, got = self._asked(source, request)
            except _Quarantined:
                continue
            self._record(op, source, request, expected, failure, got)
            sent += 1

    def explain(self, op: str, seed: int, caps: Capabilities, ruleset: Any) -> None:
        cases = self.cases.get(op, [])
        failures = [c for c in cases if c.failure is not None]
        if not failures:
            return
        try:
            followed, _ = followed_readings(self.plugin, op, cases, failures)
            for h, _explained in followed:
                self._sample(op, seed, caps, ruleset, h.changes)
        except _Abandoned:
            pass
        cases = self.cases.get(op, [])
        failures = [c for c in cases if c.failure is not None]
        followed, partial = followed_readings(self.plugin, op, cases, failures)
        done: set[int] = set()
        for h, explained in followed:
            done |= {id(c) for c in explained}
            changed = [c for c in cases if h.changes(c.request, c.expected)]
            as_it_says = sum(h.answers_as(c) for c in changed)
            cause = Cause("reading", h.name, h.statement([]), explained, h.keeps, h.differs, dict(h.switches),
                          agreed=as_it_says, changed=len(changed), observed=len(cases))
            self.report.readings.append(self._finding(op, cause))
        rest = [c if id(c) not in done else Case(c.source, c.request, c.expected, c.got, None, c.vector, c.reason)
                for c in cases]
        for cause in causes(self.plugin, op, rest, partial, [h for h, _ in followed]):
            self.report.findings.append(self._finding(op, cause))

    def _finding(self, op: str, cause: Cause) -> Finding:
        self.searching, self.search_crashes = True, 0  # a search may send what the quarantine holds back
        try:
            return self._searched(op, cause)
        finally:
            self.searching = False

    def _searched(self, op: str, cause: Cause) -> Finding:
        plugin = self.plugin
        ordered = sorted(cause.cases, key=lambda c: (plugin.size(c.request), c.vector is None))
        start = ordered[0]
        searched = None
        if op not in self.abandoned and plugin.compare(start.request, plugin.answer(start.request),
                                                         start.expected) is None:
            # A vector's own expectation is used as is; its witness is searched only when the model
            # agrees with it, since every other case is judged by the model.
            try:
                searched = smallest(self.ask, plugin, start.failure, cause.keeps, cause.differs, self.budget,
                                    self.edge_cases and bool(plugin.unreachable(start.request)),
                                    on_request=lambda r: self.where.at(f"searching the witness of {cause.name}", r))
            except _Abandoned:
                searched = None
        failure = searched.witness if searched else start.failure
        first = self._witness(start, failure)
        second = None
        shape = plugin.shape(failure.request)
        other = next((c for c in ordered if plugin.shape(c.request) != shape), None)
        if other is not None:
            found = other.failure
            if searched and op not in self.abandoned:
                try:
                    found = smallest(self.ask, plugin, other.failure,
                                     lambda f: cause.keeps(f) and plugin.shape(f.request) != shape, cause.differs,
                                     Budget(self.budget.tries // 4, self.budget.cpu / 4),
                                     self.edge_cases and bool(plugin.unreachable(other.request)),
                                     enumerate_sizes=False).witness
                except _Abandoned:
                    pass
            second = self._witness(other, found)
        vectors_seen = [c.vector for c in cause.cases if c.vector]
        pinned = plugin.reruled(failure.request, cause.switches) if cause.switches else None
        pin = _ruleset_text(plugin.ruleset_key(pinned)) if pinned else ""
        samples = sum(c.source.startswith("reading sample") for c in cause.cases)
        return Finding(op, cause.kind, cause.name, cause.statement, cause.rules, vectors_seen,
                       sum(c.vector is None for c in cause.cases) - samples, first,
                       searched.words() if searched else "not searched", second,
                       switches=cause.switches, sentences=[plugin.sentence(s) for s in cause.switches],
                       agreed=cause.agreed, changed=cause.changed, observed=cause.observed, pin=pin,
                       sample_cases=samples)

    def _witness(self, case: Case, failure: Failure) -> Witness:
        plugin = self.plugin
        same = failure.request is case.request
        reason = case.reason if same and case.reason else plugin.reason(failure.request)
        return Witness(case.source, failure.request, failure.expected, failure.got, failure.difference.text, reason,
                       plugin.size(failure.request), plugin.render(failure.request),
                       plugin.unreachable(failure.request), searched=not same)
