"""Exact search written once for every game: fail-soft alpha-beta minimax from one player's point
of view, with a bounded transposition table and node/time limits that stop the search cleanly."""

from __future__ import annotations

import importlib
import os
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any, Protocol

INF = 1 << 30
# Set (not "" or "0"), every game's search runs in Python even where a compiled core is built.
PURE_PYTHON_ENV = "ARBITER_PURE_PYTHON"
C, PYTHON = "c", "python"  # the engines a game with a compiled core offers


def compiled(package: str, name: str) -> tuple[Any, str]:
    """(a game's compiled core module, "") or (None, why it is missing): built only where a C compiler
    was there at install time; without it the Python search answers."""
    try:
        return importlib.import_module(f".{name}", package), ""
    except ImportError as error:
        return None, f"the compiled core is not built ({error})"


def choose_engine(engine: str | None, reason: str) -> tuple[str, str | None]:
    """(engine, reason it is not the C core or None), given ``reason`` the core cannot take this search
    ("" when it can). ``engine`` None picks the C core when it can and ARBITER_PURE_PYTHON is not set;
    ``"c"`` insists on it (ValueError when it cannot), ``"python"`` asks for the Python search."""
    if engine not in (None, C, PYTHON):
        raise ValueError(f"engine must be {C!r} or {PYTHON!r}, got {engine!r}")
    if engine == PYTHON:
        return PYTHON, "asked for"
    if engine is None and not reason and os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        reason = f"{PURE_PYTHON_ENV} is set"
    if reason and engine == C:
        raise ValueError(f"cannot use the C engine: {reason}")
    return (PYTHON, reason) if reason else (C, None)


class SearchLimit(Exception):
    """The node or time budget ran out; the search stopped where it was."""


class _RaceTurnOver(Exception):
    """One ordering's turn of a race (``Search.wins``) has spent its nodes."""


# A time limit is wall time (what a user waiting for an answer means) unless this is "cpu": then it
# is the process's CPU time, so that a benchmark's limit cuts the same searches on a loaded machine as
# on an idle one. The process's default (worker processes inherit it); ``on_cpu_time`` sets it for one
# context, and the compiled cores are told which (their ``cpu_time`` argument) rather than reading it.
TIMEOUT_CLOCK_ENV = "ARBITER_TIMEOUT_CLOCK"
# Set inside ``on_cpu_time``: a context variable, so one thread's or task's bot thinking on CPU time
# leaves every other search on its own clock (the environment is the whole process's).
_CPU_TIME: ContextVar[bool | None] = ContextVar("arbiter_cpu_time", default=None)


def cpu_time() -> bool:
    """Whether a time limit set now is read on the process's CPU time: as ``on_cpu_time`` says
    where inside one, else as ARBITER_TIMEOUT_CLOCK=cpu says for the whole process."""
    inside = _CPU_TIME.get()
    return os.environ.get(TIMEOUT_CLOCK_ENV) == "cpu" if inside is None else inside


def timeout_clock() -> Any:
    """The clock a time limit is read on: ``time.perf_counter``, or ``time.process_time`` (``cpu_time()``)."""
    return time.process_time if cpu_time() else time.perf_counter


@contextmanager
def on_cpu_time(on: bool = True) -> Iterator[None]:
    """Time limits set inside read on this process's CPU time (the bots' thinking time: what they
    spend, not what the machine's load takes from them), the Python budgets and the compiled cores
    alike; ``on=False`` on wall time. For this thread or task only, and as it was on leaving."""
    token = _CPU_TIME.set(on)
    try:
        yield
    finally:
        _CPU_TIME.reset(token)


@dataclass(frozen=True)
class CpuDeadline:
    """A deadline on this process's CPU clock (``deadline_after`` for pieces solved here)."""

    at: float


Deadline = float | CpuDeadline | None  # a wall ``time.time()`` (it holds in any process) or a CpuDeadline


def deadline_after(timeout: float | None, here: bool) -> Deadline:
    """The deadline of the pieces of a search ``timeout`` seconds from now: on this process's CPU
    clock where the limits are (``cpu_time()``) and every piece runs ``here``; else a wall
    ``time.time()``, which a worker process or a cluster reads the same (a CPU limit cannot be
    shared with them: each has its own CPU clock)."""
    if timeout is None:
        return None
    if here and cpu_time():
        return CpuDeadline(time.process_time() + timeout)
    return time.time() + timeout


def seconds_left(deadline: Deadline) -> float | None:
    """The seconds left before ``deadline`` (None: no limit), never below 0."""
    if deadline is None:
        return None
    if isinstance(deadline, CpuDeadline):
        return max(0.0, deadline.at - time.process_time())
    return max(0.0, deadline - time.time())


class Budget:
    """Counts nodes and checks the limits; ``spend()`` raises SearchLimit once either is passed."""

    __slots__ = ("_check_at", "_clock", "deadline", "max_nodes", "nodes", "started")

    CHECK_EVERY = 512  # nodes between two clock reads: cheap, and a timeout is overshot by a few ms at most

    def __init__(self, max_nodes: int | None = None, timeout: float | None = None) -> None:
        self.max_nodes = max_nodes
        self._clock = timeout_clock()
        self.started = self._clock()
        self.deadline = None if timeout is None else self.started + timeout
        self.nodes = 0
        self._check_at = 0

    def spend(self) -> None:
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check()

    def _check(self) -> None:
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.nodes = self.max_nodes  # the node over the limit is not searched, so not counted
            raise SearchLimit(f"node limit {self.max_nodes} reached")
        if self.deadline is not None and self._clock() > self.deadline:
            raise SearchLimit("time limit reached")
        self._check_at = self.nodes + self.CHECK_EVERY
        if self.max_nodes is not None:
            self._check_at = min(self._check_at, self.max_nodes + 1)

    @property
    def seconds(self) -> float:
        return self._clock() - self.started


class Table:
    """Transposition table of bounded size: two generations of at most ``capacity // 2`` entries;
    when the young one fills up it becomes the old one and the previous old one is dropped."""

    __slots__ = ("half", "old", "young")

    def __init__(self, capacity: int = 1 << 21) -> None:
        self.half = max(1, capacity // 2)
        self.young: dict[Hashable, tuple[int, int, int]] = {}
        self.old: dict[Hashable, tuple[int, int, int]] = {}

    def __len__(self) -> int:
        return len(self.young) + len(self.old)

    def get(self, key: Hashable) -> tuple[int, int, int] | None:
        entry = self.young.get(key)
        if entry is None:
            entry = self.old.get(key)
        return entry

    def put(self, key: Hashable, entry: tuple[int, int, int]) -> None:
        young = self.young
        if key not in young and len(young) >= self.half:
            self.old = young
            self.young = young = {}
        young[key] = entry


class Game(Protocol):
    """What the search needs from a game. States are opaque; values are ints from ``player``'s view."""

    def key(self, state: Any) -> Hashable:
        """Equal for states with the same future (the transposition key)."""

    def to_move(self, state: Any) -> int: ...

    def outcome(self, state: Any, player: int) -> int | None:
        """The value for ``player`` when play is over for that question, else None."""

    # Optional: ``bounds(state, player) -> (lower, upper)``, bounds on the value of a state that is not
    # over; the search returns one of them at once when it falls outside the window.

    def children(self, state: Any) -> Iterable[Any]:
        """The states after each legal move, best-first for the mover, possibly lazily (a cut-off
        then spares the rest); non-empty unless over, and in the same order every time."""

    # Optional: ``order(state, player, first, variant) -> Iterable[(index in children, child)] | None``,
    # the children in the order to search them when ``player`` asks, child ``first`` (the table's
    # best, when not 0) first; None: the order of ``children``. ``variant`` is 0, or 1 for the second
    # ordering of a race.

    # Optional: ``race_share(state) -> int | None``: when not None, ``wins`` races the orderings
    # ``variant`` 0 and 1 from ``state``, in turns of that many nodes (doubling after both had one).


class Search:
    """Alpha-beta minimax: ``player``'s turns maximise, every other player's turns minimise (with
    two players this is plain minimax; with more it asks what ``player`` can force against all
    the others together). Table entries are (lower bound, upper bound, index of best child)."""

    def __init__(self, game: Game, budget: Budget | None = None, table: Table | None = None) -> None:
        self.game = game
        self.budget = budget or Budget()
        self.table = table if table is not None else Table()
        self._bounds = getattr(game, "bounds", None)
        self.order = getattr(game, "order", None)
        self._race_share = getattr(game, "race_share", None)
        self._variant = 0
        self._race_limit: int | None = None
        self._tables = [self.table, None]  # one table per ordering of a race: their best children differ

    def value(self, state: Any, player: int, alpha: int = -INF, beta: int = INF) -> int:
        """Fail-soft: the exact value when it lies strictly inside (alpha, beta), otherwise a bound
        on the right side of the window."""
        return self._search(state, player, alpha, beta)

    def wins(self, state: Any, player: int) -> bool:
        """Whether ``player`` can force a positive value (a win) from ``state``. When the game
        offers a race (``race_share``), its two orderings take turns, each stopped once it has
        spent its share of nodes, the share doubling after both had a turn: the answer comes at
        about twice the cost of the better ordering. Each ordering keeps its own table (with
        its own best children), so each of its turns goes on from what its earlier turns proved;
        a node the game orders that its own table does not know is settled by the other's bounds
        when they answer it (``_race_settles``): what one ordering proved, the other does not
        prove again."""
        share = None if self._race_share is None else self._race_share(state)
        if share is None:
            return self._search(state, player, 0, 1) > 0
        turn = 0
        while True:
            if turn >= 2 and turn % 2 == 0:
                share *= 2
            self._variant, self._race_limit = turn % 2, self.budget.nodes + share
            try:
                return self._search(state, player, 0, 1) > 0
            except _RaceTurnOver:
                turn += 1
            finally:
                self._variant, self._race_limit = 0, None

    def _search(self, state: Any, player: int, alpha: int, beta: int) -> int:
        game = self.game
        self.budget.spend()
        if self._race_limit is not None and self.budget.nodes > self._race_limit:
            raise _RaceTurnOver
        final = game.outcome(state, player)
        if final is not None:
            return final
        if self._bounds is not None:
            low, high = self._bounds(state, player)
            if high <= alpha or low == high:
                return high
            if low >= beta:
                return low
        key = (player, game.key(state))
        table = self._tables[self._variant]
        if table is None:
            table = self._tables[self._variant] = Table(2 * self.table.half)
        entry = table.get(key)
        first = 0
        lo, hi = -INF, INF
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        kids: Iterable[tuple[int, Any]] | None = (
            None if self.order is None else self.order(state, player, first, self._variant))
        if entry is None and kids is not None and self._race_limit is not None:
            settled = self._race_settles(key, alpha, beta)
            if settled is not None:
                return settled
        if kids is None:
            kids = enumerate(game.children(state))
            if first:  # the best child last time goes first; the others follow in the game's order
                head = list(islice(kids, first + 1))
                kids = chain((head[-1],), head[:-1], kids)
        a, b = alpha, beta
        best_index = first
        if game.to_move(state) == player:
            best = -INF
            for i, kid in kids:
                v = self._search(kid, player, a, b)
                if v > best:
                    best, best_index = v, i
                    if v > a:
                        a = v
                        if a >= b:
                            break
        else:
            best = INF
            for i, kid in kids:
                v = self._search(kid, player, a, b)
                if v < best:
                    best, best_index = v, i
                    if v < b:
                        b = v
                        if a >= b:
                            break
        lo, hi = narrowed(lo, hi, best, alpha, beta)
        table.put(key, (lo, hi, best_index))
        return best


    def _race_settles(self, key: Hashable, alpha: int, beta: int) -> int | None:
        """In a race, the value of a node its own ordering's table does not know, at a node the game
        orders (``order`` is not None: few nodes, each with a large proof), when the other ordering's
        table has bounds that answer the window (a bound holds whatever order proved it; that
        table's best child is not taken), else None. ``order`` makes its children lazily, so the
        settled node makes none."""
        other = self._tables[1 - self._variant]
        entry = None if other is None else other.get(key)
        if entry is None:
            return None
        lo, hi, _ = entry
        if lo >= beta or lo == hi:
            return lo
        return hi if hi <= alpha else None


def mtdf(test: Callable[[int], int], guess: int, lo: int = -INF, hi: int = INF) -> int:
    """The exact value of an integer-valued fail-soft search by zero-window tests walked from ``guess``
    (MTD(f)): ``test(beta)`` searches the window (beta - 1, beta), a result below beta an upper bound,
    at or above it a lower bound; ``lo`` and ``hi`` bound the value. With a transposition table the
    tests share their work, and each of them cuts more than one search of the whole window."""
    g = max(lo, min(hi, guess))
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = test(beta)
        if g < beta:
            hi = g
        else:
            lo = g
    return lo


def narrowed(lo: Any, hi: Any, value: Any, alpha: Any, beta: Any) -> tuple[Any, Any]:
    """The bounds (lo, hi) on a node's value after a fail-soft search in (alpha, beta) returned
    ``value``: an upper bound at or below alpha, a lower bound at or above beta, else exact."""
    if value <= alpha:
        return lo, min(hi, value)
    if value >= beta:
        return max(lo, value), hi
    return value, value
