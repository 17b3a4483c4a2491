"""Advice from a player's seat, written once for every game: each legal move's values averaged over
the deals of the unseen cards consistent with a view (every deal solved with all cards known),
exact over all of them or sampled with 95% intervals, solved in pieces here, in local processes or on
a cluster, stopped early once the best move is clear, or by a timeout or Ctrl-C with what was done.

A game plugs in with a ``Seat``: the measures it reports (``Measure``), the function that solves a
piece of deals (a module-level function, so that worker processes can run it; a game's fast path is
just another such function), and how a move cut at a chance event is written."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from arbiter.model.steps import is_continued, unmarked

from .pieces import Pieces, Serial, local
from .search import deadline_after, seconds_left
from .stats import Z95, wilson

SAMPLES = 200
MAX_DEALS = 20_000  # exact refuses views with more consistent deals than this
CHECK_EVERY = 10  # deals between two early-stopping checks (fixed, so the answer is the same for any --jobs)
MIN_DEALS = 30  # no early stop before this many deals
CUT = " ..."  # written after a move that stops at a chance event: the rest is chosen once it is seen



class Bounds(NamedTuple):
    """A deal's value that a bounded search (``maxn.SelfInterested.bounded``) only knows to lie in
    ``lo``..``hi``: it counts at the middle, and every mean and interval it enters is widened by its
    half-width (so the range holds whatever the value is)."""

    lo: float
    hi: float


def at_least(value: float | Bounds, floor: float) -> float | Bounds:
    """A self-interested value known to be at least ``floor`` (what the move forces against all the
    others together, which no self-interested play of theirs takes away): its bounds raised to it."""
    if not isinstance(value, Bounds):
        return value
    lo = max(value.lo, floor)
    return lo if lo >= value.hi else Bounds(lo, value.hi)


# One deal's answer: each move (its text, cut at a chance event) with one value per measure (a number,
# or ``Bounds``).
Values = dict[str, tuple[float | Bounds, ...]]
# What a piece of deals gives back: each deal's values and nodes, what stopped it (None, "timeout",
# "interrupted"), and the engine that searched.
PieceResult = tuple[list[tuple[Values, int]], str | None, str]


@dataclass(frozen=True)
class Measure:
    """One number per move and deal: ``binary`` ones are 0 or 1 (a share of deals, with a Wilson
    interval); others lie in ``low``..``high`` (a mean, with a normal-approximation interval)."""

    name: str
    text: str  # what it means, in one sentence
    binary: bool = True
    low: float = 0.0
    high: float = 1.0
    note: str = "perfect information per deal; docs/advise.md says what this misses"  # shown under it
    unit: str = "share of deals"  # what the value is: "share of deals", "win chance", "expected tricks", "margin"


@dataclass(frozen=True)
class Seat:
    """What the advice needs of a game. ``solve(deals, deadline, *args)`` returns a PieceResult
    (``deadline`` a ``search.Deadline``: a ``time.time()``, so that it holds in any process, or on
    this process's CPU clock for pieces solved here; ``search.seconds_left`` reads either); ``measures[0]`` ranks the
    moves. A move that stops at a chance event, the rest chosen once it is seen, comes from
    ``solve`` as its step interface writes it, with the mark (``model/steps.py``: ``play R3 draw ...``)."""

    game: str
    measures: tuple[Measure, ...]
    solve: Callable[..., PieceResult]
    args: tuple = ()
    piece: int = CHECK_EVERY  # deals per piece of a sample (a game may share a table across a piece's deals)
    exact_piece: int = 100  # and of an exact enumeration, which never stops early
    describe: Callable[[Any], str] = str  # the view's one-line text
    decision: Callable[[str], str] = lambda move: move  # the part of a whole move advised (up to a chance event)

    @property
    def measure(self) -> Measure:
        return self.measures[0]


class OutOfReach(ValueError):
    """A view whose best-defence search (``solver/defence.py``) cannot finish (its tree is far too
    large): refused up front, the reason in the message (``arbiter advise --best-defence`` prints it).
    Declared here so that the command can name it without loading the best-defence modules."""


class TooManyDeals(ValueError):
    """``exact`` was asked of a view with more consistent deals than the limit."""

    def __init__(self, count: int, limit: int, instead: str = "sample instead (--samples N)") -> None:
        super().__init__(f"{count} consistent deals, more than the limit of {limit} for an exact answer; "
                         f"{instead} or raise the limit (--max-deals)")
        self.count, self.limit = count, limit


@dataclass
class MoveShare:
    """One move of the player to move: its values summed over the deals done, one per measure
    (``totals``, and their squares for the intervals of means). ``wins`` is the first measure's sum.
    A deal known only within ``Bounds`` counts at their middle; ``bounded`` counts such deals per
    measure and ``spread`` sums their half-widths, by which the mean's range and interval widen."""

    move: str
    wins: float = 0
    deals: int = 0
    exact: bool = False
    continues: bool = False  # the move goes on after a chance event, chosen once it is seen
    # An exact enumeration stopped part way: the deals are the first ``deals`` of ``of_all`` in
    # enumeration order, not a sample, so the interval is the sure one over all of them instead.
    of_all: int | None = None
    measures: tuple[Measure, ...] = (Measure("win", ""),)
    totals: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    # A measure whose value is not known, only a sure range (a search stopped before it): its range.
    ranges: dict[int, tuple[float, float]] = field(default_factory=dict)
    bounded: list[int] = field(default_factory=list)
    spread: list[float] = field(default_factory=list)

    def add(self, values: tuple[float | Bounds, ...] | float) -> None:
        if not isinstance(values, tuple) or isinstance(values, Bounds):  # one measure's value, given bare
            values = (values,)
        if not self.totals:
            self.totals, self.squares = [0] * len(values), [0] * len(values)
        if not self.bounded:
            self.bounded, self.spread = [0] * len(values), [0.0] * len(values)
        for k, v in enumerate(values):
            if isinstance(v, Bounds):
                half = (v.hi - v.lo) / 2
                v = v.lo + half if half else v.lo
                self.bounded[k] += half > 0
                self.spread[k] += half
            self.totals[k] += v
            self.squares[k] += v * v
            if k == 0:
                self.wins += v

    @property
    def text(self) -> str:
        """The move as shown and as given in JSON: a cut move ends in `` ...``."""
        return self.move + (CUT if self.continues else "")

    def mean(self, k: int = 0) -> float:
        return self.totals[k] / self.deals if self.deals and self.totals else 0.0

    @property
    def win_share(self) -> float:
        return self.mean(0)

    def bounded_deals(self, k: int = 0) -> int:
        """The deals whose value of measure ``k`` is only known within bounds."""
        return self.bounded[k] if self.bounded else 0

    def range_of(self, k: int = 0) -> tuple[float, float]:
        """The sure range of measure ``k``'s mean over the deals done (a point unless deals were bounded)."""
        mean, wide = self.mean(k), self._widen(k)
        return mean - wide, mean + wide

    def _widen(self, k: int) -> float:
        return self.spread[k] / self.deals if self.spread and self.deals else 0.0

    def interval_of(self, k: int) -> tuple[float, float]:
        m = self.measures[k]
        total = self.totals[k] if self.totals else 0.0
        if k in self.ranges:
            return self.ranges[k]
        wide = self._widen(k)
        if self.of_all:
            rest, done = self.of_all - self.deals, self.deals / self.of_all
            return ((total + m.low * rest) / self.of_all - wide * done, (total + m.high * rest) / self.of_all + wide * done)
        if self.exact:
            return self.range_of(k)
        if m.binary:
            lo, hi = wilson(round(total), self.deals)
        else:
            lo, hi = mean_interval(total, self.squares[k] if self.squares else 0.0, self.deals, m.low, m.high)
        return max(m.low, lo - wide), min(m.high, hi + wide)

    @property
    def interval(self) -> tuple[float, float]:
        return self.interval_of(0)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        obj: dict[str, Any] = {"move": self.text, "win_share": round(self.win_share, 6),
                               "wins": _number(self.wins), "interval": [round(lo, 6), round(hi, 6)]}
        for k, m in enumerate(self.measures[1:], 1):
            a, b = self.interval_of(k)
            obj[m.name] = {"mean": round(self.mean(k), 6), "total": _number(self.totals[k] if self.totals else 0),
                           "interval": [round(a, 6), round(b, 6)]}
        obj["values"] = [self.value_json(k) for k in range(len(self.measures))]
        if self.continues:
            obj["continues_after_draw"] = True
        return obj

    def value_json(self, k: int) -> dict[str, Any]:
        """Measure ``k``'s entry: its name, unit, value (the mean), 95% interval, and the deals bounded
        with the sure range of the mean over the deals done."""
        m, (a, b), (lo, hi) = self.measures[k], self.interval_of(k), self.range_of(k)
        return {"measure": m.name, "unit": m.unit, "value": round(self.mean(k), 6), "interval": [round(a, 6), round(b, 6)],
                "bounded": self.bounded_deals(k), "range": [round(lo, 6), round(hi, 6)]}


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 6)


def mean_interval(total: float, squares: float, n: int, low: float, high: float) -> tuple[float, float]:
    """The 95% normal-approximation interval of a mean of ``n`` values in ``low``..``high`` (their sum
    and sum of squares), clipped to the range; the whole range for fewer than two values."""
    if n < 2:
        return low, high
    mean = total / n
    var = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = Z95 * math.sqrt(var / n)
    return max(low, mean - half), min(high, mean + half)


@dataclass
class Advice:
    """The answer for a view: every move's values, best first (ties by text), and how it was reached.
    ``stopped`` is None (every planned deal done), ``"separated"`` (sampling stopped early: the best
    move's interval clears every other's), ``"timeout"`` or ``"interrupted"`` (partial: the deals so far)."""

    view: Any
    moves: list[MoveShare]
    deals: int
    consistent_deals: int
    exact: bool
    seed: int | None
    samples: int | None
    stopped: str | None = None
    seconds: float = 0.0
    nodes: int = 0
    engines: set[str] = field(default_factory=set)  # what searched the deals, e.g. "c", "python"
    bounded: int = 0  # deals in which some value is only known within bounds (a node-bounded search)
    by_move: dict[str, MoveShare] = field(default_factory=dict, repr=False)
    seat: Seat | None = field(default=None, repr=False)

    @property
    def best(self) -> MoveShare | None:
        return self.moves[0] if self.moves else None

    @property
    def complete(self) -> bool:
        return self.stopped in (None, "separated")

    @property
    def measures(self) -> tuple[Measure, ...]:
        return self.seat.measures if self.seat else (Measure("win", ""),)

    def share(self, move: str) -> MoveShare:
        """The entry of a whole move (its ``decision`` part, for a game whose moves stop at chance events)."""
        decision = self.seat.decision if self.seat else (lambda t: t)
        wanted = decision(" ".join(move.split())).lower()
        for m in self.moves:
            if m.move.lower() == wanted:
                return m
        raise KeyError(move)

    def to_json(self) -> dict[str, Any]:
        return {"view": self.seat.describe(self.view) if self.seat else str(self.view), "to_move": self.view.me,
                "measure": self.measures[0].text,
                "ranked_by": self.measures[0].name,
                "measures": [{"name": m.name, "text": m.text, "binary": m.binary, "unit": m.unit} for m in self.measures],
                "moves": [m.to_json() for m in self.moves], "deals": self.deals, "bounded_deals": self.bounded,
                "consistent_deals": self.consistent_deals, "exact": self.exact, "seed": self.seed,
                "samples": self.samples, "stopped": self.stopped, "nodes": self.nodes,
                "engine": "+".join(sorted(self.engines)) or None, "seconds": round(self.seconds, 3)}


def separated(shares: Iterable[MoveShare]) -> bool:
    """Whether the best move's interval lies wholly above every other move's."""
    ranked = sorted(shares, key=lambda m: -m.win_share)
    if len(ranked) < 2:
        return True
    low = ranked[0].interval[0]
    return all(m.interval[1] < low for m in ranked[1:])


def _deals(view: Any, exact: bool, samples: int, seed: int) -> list:
    if exact:
        return list(view.deals())
    rng = random.Random(seed)
    return [view.sample(rng) for _ in range(samples)]


def advise(view: Any, seat: Seat, *, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           auto_exact: bool = True, progress: Callable[[Advice], None] | None = None,
           cache: dict | None = None, pieces: Pieces | None = None) -> Advice:
    """Each legal move's values for the player to move in ``view`` (a game's View: ``validate``,
    ``count``, ``deals``, ``sample(rng)``, ``me``), the deals solved by ``seat``.

    ``exact`` enumerates every consistent deal (TooManyDeals past ``max_deals``); otherwise
    ``samples`` deals are drawn uniformly with ``seed`` (all of them, exactly, when there are no
    more than ``samples`` and ``auto_exact``), stopping early once the best move is separated
    (``stop_early``). ``timeout`` (seconds) and Ctrl-C return the deals done so far (``stopped``).
    The deals are solved in pieces by ``pieces`` (e.g. a Dask cluster), else by ``jobs`` local
    worker processes; the answer is the same for any of them. ``cache`` (a dict, kept by the
    caller) remembers deals already solved (in this process only)."""
    view.validate()
    started = time.perf_counter()
    runner = pieces or local(jobs)
    deadline = deadline_after(timeout, isinstance(runner, Serial))
    count = view.count()
    if exact and count > max_deals:
        raise TooManyDeals(count, max_deals)
    exact = exact or auto_exact and count <= samples
    advice = Advice(view, [], 0, count, exact, None if exact else seed, None if exact else samples, seat=seat)
    shares = advice.by_move
    results = _results(_deals(view, exact, samples, seed), seat, seat.exact_piece if exact else seat.piece,
                       deadline, runner, cache, advice.engines)
    try:
        for found, nodes in results:
            if found is None:
                advice.stopped = "timeout"
                break
            advice.deals += 1
            advice.nodes += nodes
            advice.bounded += any(isinstance(v, Bounds) and v.lo != v.hi for vs in found.values()
                                  for v in (vs if isinstance(vs, tuple) and not isinstance(vs, Bounds) else (vs,)))
            for d, values in found.items():
                entry = shares.get(d)
                if entry is None:
                    entry = shares[d] = _new_entry(d, seat, advice.deals - 1, exact)
                entry.add(values)
            for entry in shares.values():
                entry.deals = advice.deals
            if progress is not None:
                _rank(advice)
                progress(advice)
            if (stop_early and not exact and advice.deals >= MIN_DEALS and advice.deals % CHECK_EVERY == 0
                    and advice.deals < samples and separated(shares.values())):
                advice.stopped = "separated"
                break
            if deadline is not None and seconds_left(deadline) == 0:
                advice.stopped = "timeout"
                break
    except KeyboardInterrupt:
        advice.stopped = "interrupted"
    finally:
        results.close()
    if advice.stopped in ("timeout", "interrupted") and exact:
        advice.exact = False  # only the first deals of the enumeration: each share's sure bounds over all
        for entry in shares.values():
            entry.exact, entry.of_all = False, count
    advice.seconds = time.perf_counter() - started
    _rank(advice)
    return advice


def _new_entry(move: str, seat: Seat, missing: int, exact: bool) -> MoveShare:
    """The entry of a move first met after ``missing`` deals, which had no such move: they count at
    each measure's lowest value (a Red7 turn that needs a card only some deals deal is worth nothing
    in the others)."""
    low = [int(m.low) if m.binary else m.low for m in seat.measures]  # a count of wins stays an int
    return MoveShare(unmarked(move), low[0] * missing, missing, exact, is_continued(move), None, seat.measures,
                     [x * missing for x in low], [x * x * missing for x in low])


def _rank(advice: Advice) -> None:
    advice.moves = sorted(advice.by_move.values(), key=lambda m: (-m.wins, *(-t for t in m.totals[1:]), m.move))


def _results(deals: list, seat: Seat, size: int, deadline: float | None, runner: Pieces, cache: dict | None,
             engines: set[str]) -> Iterator[tuple[Values | None, int]]:
    """Each deal's values in deal order, solved in pieces of ``size`` deals (None when the time ran
    out during it); the engines that searched go into ``engines``. Deals in ``cache`` are not
    solved again."""
    todo = [pos for pos in deals if cache is None or pos not in cache]
    batches = [(todo[k:k + size], deadline, *seat.args) for k in range(0, len(todo), size)]
    solved = _flatten(runner.map(seat.solve, batches), engines)
    try:
        for pos in deals:
            if cache is not None and pos in cache:
                yield cache[pos], 0
                continue
            r = next(solved, None)
            if r is None:
                yield None, 0
                return
            if cache is not None:
                cache[pos] = r[0]
            yield r
    finally:
        solved.close()


def _flatten(results: Iterator[PieceResult], engines: set[str]) -> Iterator[tuple[Values, int]]:
    """The deals of each piece in turn, ending at the first piece a deadline stopped (KeyboardInterrupt
    after the deals a piece finished here before Ctrl-C)."""
    try:
        for done, stopped, engine in results:
            if engine:
                engines.add(engine)
            yield from done
            if stopped == "interrupted":
                raise KeyboardInterrupt
            if stopped:
                return
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # stops the workers (or cancels the cluster's tasks) of an answer that stopped early


def solve_each(deals: list, deadline: float | None, one: Callable[[Any, float | None], tuple[Values, int]],
               engine: str = "python") -> PieceResult:
    """A piece solved deal by deal with ``one(deal, timeout)``, each deal under what is left of the
    ``deadline``: the plain way for a game with no search to share between deals. A deal the
    deadline stops ends the piece (``"timeout"``); Ctrl-C too (``"interrupted"``)."""
    from .search import SearchLimit

    done: list[tuple[Values, int]] = []
    for pos in deals:
        left = seconds_left(deadline)
        try:
            done.append(one(pos, left))
        except SearchLimit:
            return done, "timeout", engine
        except KeyboardInterrupt:
            return done, "interrupted", engine
    return done, None, engine


__all__ = ["CUT", "MAX_DEALS", "SAMPLES", "Advice", "Bounds", "Measure", "MoveShare", "OutOfReach", "Seat", "TooManyDeals",
           "advise", "at_least", "mean_interval", "separated", "solve_each"]
