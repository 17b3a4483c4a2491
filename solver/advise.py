"""Advice from a player's seat: each legal turn's win share over the deals of the unseen cards consistent
with a view (the perfect-information value averaged over deals), exact or sampled with 95% intervals."""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.red7.game import DRAW, Position, PositionError
from arbiter.model.red7.view import View, format_view, parse_view

from .red7 import Red7Game
from .search import Budget, Search, SearchLimit, Table

MEASURE = ("win share: the share of the deals of the unseen cards consistent with the view in which the turn "
           "is a forced win with all cards known (perfect information, averaged over deals)")
SAMPLES = 200
MAX_DEALS = 20_000  # --exact refuses views with more consistent deals than this
CHECK_EVERY = 10  # deals between two early-stopping checks (fixed, so the answer is the same for any --jobs)
MIN_DEALS = 30  # no early stop before this many deals
Z95 = 1.959963984540054
TABLE_SIZE = 1 << 20


class TooManyDeals(ValueError):
    """``exact`` was asked of a view with more consistent deals than the limit."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"{count} consistent deals, more than the limit of {limit} for an exact answer; "
                         "sample instead (--samples N) or raise the limit (--max-deals)")
        self.count, self.limit = count, limit


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (95% by default); (0, 1) for no trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exactly 0 and 1 at the ends, not rounding's 1e-17
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


def decision(turn: str) -> str:
    """The part of a turn its player decides before seeing a hidden card: up to and including its
    first ``draw`` (what follows is chosen once the drawn card is seen)."""
    words = turn.split()
    return " ".join(words[: words.index(DRAW) + 1]) if DRAW in words else turn


@dataclass
class MoveShare:
    """One turn (a ``decision``) of the player to move: in how many of the deals it is a forced win."""

    move: str
    wins: int = 0
    deals: int = 0
    exact: bool = False
    continues: bool = False  # the turn goes on after a draw, chosen once the card is seen

    @property
    def win_share(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return (self.win_share, self.win_share) if self.exact else wilson(self.wins, self.deals)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        obj: dict[str, Any] = {"move": self.move, "win_share": round(self.win_share, 6), "wins": self.wins,
                               "interval": [round(lo, 6), round(hi, 6)]}
        if self.continues:
            obj["continues_after_draw"] = True
        return obj


@dataclass
class Advice:
    """The answer for a view: every turn's share, best first (ties by text), and how it was reached.
    ``stopped`` is None (every planned deal done), ``"separated"`` (sampling stopped early: the best
    turn's interval clears every other's), ``"timeout"`` or ``"interrupted"`` (partial: the deals so far)."""

    view: View
    moves: list[MoveShare]
    deals: int
    consistent_deals: int
    exact: bool
    seed: int | None
    samples: int | None
    stopped: str | None = None
    seconds: float = 0.0
    nodes: int = 0
    by_move: dict[str, MoveShare] = field(default_factory=dict, repr=False)

    @property
    def best(self) -> MoveShare | None:
        return self.moves[0] if self.moves else None

    @property
    def complete(self) -> bool:
        return self.stopped in (None, "separated")

    def share(self, turn: str) -> MoveShare:
        """The entry of a whole turn (its decision part)."""
        wanted = decision(" ".join(turn.split())).lower()
        for m in self.moves:
            if m.move.lower() == wanted:
                return m
        raise KeyError(turn)

    def to_json(self) -> dict[str, Any]:
        return {"view": format_view(self.view), "to_move": self.view.me, "measure": MEASURE,
                "moves": [m.to_json() for m in self.moves], "deals": self.deals,
                "consistent_deals": self.consistent_deals, "exact": self.exact, "seed": self.seed,
                "samples": self.samples, "stopped": self.stopped, "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


# -- one deal: every first turn of the mover, in one search with one table ----------------------

_TABLE: Table | None = None  # a worker process's table, reused from deal to deal


def outcomes(pos: Position, deadline: float | None = None, table: Table | None = None, *, whole: bool = False
             ) -> tuple[dict[str, bool], int]:
    """For one deal (all cards known): whether each decision of the mover (each whole turn with
    ``whole``) keeps a forced win, and the nodes searched. All first turns are searched in one search
    sharing one transposition table (kept across the deals of a call: states deep in the round
    recur). SearchLimit past ``deadline``."""
    global _TABLE
    if table is None:
        _TABLE = table = _TABLE or Table(TABLE_SIZE)
    budget = Budget(None, None if deadline is None else max(0.0, deadline - time.perf_counter()))
    game = Red7Game(pos.ruleset)
    search = Search(game, budget, table)
    me = pos.to_move
    found: dict[str, bool] = {}
    for m, child in game.moves(game.state(pos)):
        d = str(m) if whole else decision(str(m))
        if not found.get(d):
            found[d] = search.wins(child, me)
    return found, budget.nodes


def _worker_init() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the pool


def _work(job: tuple[Position, float | None]) -> tuple[dict[str, bool], int] | None:
    try:
        return outcomes(*job)
    except SearchLimit:
        return None


# -- many deals ---------------------------------------------------------------------------------

def _deals(view: View, exact: bool, samples: int, seed: int) -> Iterator[Position]:
    if exact:
        yield from view.deals()
        return
    rng = random.Random(seed)
    for _ in range(samples):
        yield view.sample(rng)


def separated(shares: Iterable[MoveShare]) -> bool:
    """Whether the best turn's interval lies wholly above every other turn's."""
    ranked = sorted(shares, key=lambda m: -m.win_share)
    if len(ranked) < 2:
        return True
    low = ranked[0].interval[0]
    return all(m.interval[1] < low for m in ranked[1:])


def advise(view: View | str, *, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           auto_exact: bool = True, progress: Callable[[Advice], None] | None = None,
           cache: dict | None = None) -> Advice:
    """Each legal turn's win share for the player to move in ``view`` (a View or its notation).

    ``exact`` enumerates every consistent deal (TooManyDeals past ``max_deals``); otherwise
    ``samples`` deals are drawn uniformly with ``seed`` (all of them, exactly, when there are no
    more than ``samples`` and ``auto_exact``), stopping early once the best turn is separated
    (``stop_early``). ``timeout`` (seconds) and Ctrl-C return the deals done so far (``stopped``).
    ``jobs`` worker processes solve deals in parallel; the answer is the same for any number.
    ``cache`` (a dict, kept by the caller) remembers deals already solved. PositionError for a bad view."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if view.position.is_over:
        raise PositionError("position", "the round is over: there is no turn to advise")
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    count = view.count()
    if exact and count > max_deals:
        raise TooManyDeals(count, max_deals)
    exact = exact or auto_exact and count <= samples
    advice = Advice(view, [], 0, count, exact, None if exact else seed, None if exact else samples)
    shares = advice.by_move
    deals = _deals(view, exact, samples, seed)
    pool = multiprocessing.get_context("fork").Pool(jobs, _worker_init) if jobs > 1 else None
    try:
        results = _results(deals, deadline, pool, cache)
        for found, nodes in results:
            if found is None:
                advice.stopped = "timeout"
                break
            advice.deals += 1
            advice.nodes += nodes
            for d, win in found.items():
                entry = shares.get(d)
                if entry is None:
                    entry = shares[d] = MoveShare(d, 0, advice.deals - 1, exact, d.split()[-1] == DRAW)
                entry.wins += win
            for entry in shares.values():
                entry.deals = advice.deals
            if progress is not None:
                _rank(advice)
                progress(advice)
            if (stop_early and not exact and advice.deals >= MIN_DEALS and advice.deals % CHECK_EVERY == 0
                    and advice.deals < samples and separated(shares.values())):
                advice.stopped = "separated"
                break
            if deadline is not None and time.perf_counter() > deadline:
                advice.stopped = "timeout"
                break
    except KeyboardInterrupt:
        advice.stopped = "interrupted"
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    if advice.stopped in ("timeout", "interrupted") and exact:
        advice.exact = False  # only a part of the deals: shown with intervals, as a sample
        for entry in shares.values():
            entry.exact = False
    advice.seconds = time.perf_counter() - started
    _rank(advice)
    return advice


def _rank(advice: Advice) -> None:
    advice.moves = sorted(advice.by_move.values(), key=lambda m: (-m.wins, m.move))


def _results(deals: Iterator[Position], deadline: float | None, pool, cache: dict | None
             ) -> Iterator[tuple[dict[str, bool] | None, int]]:
    """Each deal's outcomes in deal order (None when the time ran out during it)."""
    if pool is None:
        table = Table(TABLE_SIZE)  # this call's, so the work done is the same from call to call
        for pos in deals:
            if cache is not None and pos in cache:
                yield cache[pos], 0
                continue
            try:
                found, nodes = outcomes(pos, deadline, table)
            except SearchLimit:
                yield None, 0
                return
            if cache is not None:
                cache[pos] = found
            yield found, nodes
        return
    for r in pool.imap(_work, ((pos, deadline) for pos in deals), chunksize=1):
        yield (None, 0) if r is None else r


__all__ = ["MEASURE", "Advice", "MoveShare", "TooManyDeals", "advise", "decision", "outcomes", "separated", "wilson"]
