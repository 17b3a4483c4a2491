"""Advice from a player's seat: each legal turn's win share over the deals of the unseen cards consistent
with a view (the perfect-information value averaged over deals), exact or sampled with 95% intervals."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.red7.game import Position, PositionError
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.steps import cut
from arbiter.model.red7.steps import decision as first_step
from arbiter.model.red7.view import View, format_view, parse_view
from arbiter.model.steps import is_continued

from ..pieces import Pieces, local
from ..search import SearchLimit
from ..stats import wilson
from .core import open_search
from .game import Red7Game

MEASURE = ("win share: the share of the deals of the unseen cards consistent with the view in which the turn "
           "is a forced win with all cards known (perfect information, averaged over deals)")
SAMPLES = 200
MAX_DEALS = 20_000  # --exact refuses views with more consistent deals than this
CHECK_EVERY = 10  # deals between two early-stopping checks (fixed, so the answer is the same for any --jobs)
# Deals per piece of work (fixed too: the deals of a piece share one table, so node counts depend on
# it): a sampled answer may stop at each check, an exact one never stops early and takes bigger pieces.
PIECE, EXACT_PIECE = CHECK_EVERY, 100
MIN_DEALS = 30  # no early stop before this many deals
TABLE_SIZE = 1 << 20
# From how many hand cards in all the searches of advise, annotate and the bots order children by
# reply count (``Red7Game(order_from=)``; the solver's default is 8). Their searches start below a
# first turn: with two players never ordered (13 hand cards at most), which measured fastest for
# them, with three or four ordered near the top, without which a 3-player Actions first turn took
# 4 times as long. Measured by ``benchmarks/advise.py --orders`` (docs/performance.md).
SEARCH_ORDER_FROM = 14


class TooManyDeals(ValueError):
    """``exact`` was asked of a view with more consistent deals than the limit."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"{count} consistent deals, more than the limit of {limit} for an exact answer; "
                         "sample instead (--samples N) or raise the limit (--max-deals)")
        self.count, self.limit = count, limit


def decision(turn: str, ruleset: Ruleset) -> str:
    """The part of a turn its player decides before seeing a hidden card: its first step
    (``arbiter.model.red7.steps``), as ``play R3 draw ...`` (what follows is chosen once the card
    drawn is seen) or the whole turn when it is not cut. The text ``apply`` takes."""
    return first_step(ruleset, turn)


@dataclass
class MoveShare:
    """One turn (a ``decision``) of the player to move: in how many of the deals it is a forced win."""

    move: str
    wins: int = 0
    deals: int = 0
    exact: bool = False
    continues: bool = False  # the turn goes on after a draw, chosen once the card is seen (``move`` ends with " ...")
    # An exact enumeration stopped part way: the deals are the first ``deals`` of ``of_all`` in
    # enumeration order, not a sample, so the interval is the sure one over all of them instead.
    of_all: int | None = None

    @property
    def win_share(self) -> float:
        return self.wins / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        if self.of_all:
            return self.wins / self.of_all, (self.wins + self.of_all - self.deals) / self.of_all
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
    engines: set[str] = field(default_factory=set)  # what searched the deals: "c" (the compiled core), "python"
    by_move: dict[str, MoveShare] = field(default_factory=dict, repr=False)

    @property
    def best(self) -> MoveShare | None:
        return self.moves[0] if self.moves else None

    @property
    def complete(self) -> bool:
        return self.stopped in (None, "separated")

    def share(self, turn: str) -> MoveShare:
        """The entry of a whole turn (its decision part)."""
        wanted = decision(" ".join(turn.split()), self.view.position.ruleset).lower()
        for m in self.moves:
            if m.move.lower() == wanted:
                return m
        raise KeyError(turn)

    def to_json(self) -> dict[str, Any]:
        return {"view": format_view(self.view), "to_move": self.view.me, "measure": MEASURE,
                "moves": [m.to_json() for m in self.moves], "deals": self.deals,
                "consistent_deals": self.consistent_deals, "exact": self.exact, "seed": self.seed,
                "samples": self.samples, "stopped": self.stopped, "nodes": self.nodes,
                "engine": "+".join(sorted(self.engines)) or None, "seconds": round(self.seconds, 3)}


# -- one deal: every first turn of the mover, in one search with one table ----------------------

def _first_turns(search: Any, game: Red7Game, pos: Position, whole: bool) -> dict[str, bool]:
    me = pos.to_move
    found: dict[str, bool] = {}
    for m, child in game.moves(game.state(pos)):
        d = str(m) if whole else cut(pos, m)[0]
        if not found.get(d):
            found[d] = search.wins(child, me)
    return found


def outcomes(pos: Position, timeout: float | None = None, *, whole: bool = False, engine: str | None = None,
             table_size: int = TABLE_SIZE, order_from: int | None = SEARCH_ORDER_FROM) -> tuple[dict[str, bool], int]:
    """For one deal (all cards known): whether each decision of the mover (each whole turn with
    ``whole``) keeps a forced win, and the nodes searched. Every first turn is searched by one search
    (the compiled core when it supports the ruleset, see ``core.choose``; ``engine`` as there)
    sharing one transposition table, ordering children from ``order_from`` hand cards in all
    (None: never). SearchLimit after ``timeout`` seconds."""
    game = Red7Game(pos.ruleset, order_from)
    search, budget, _, _ = open_search(game, pos.players, None, timeout, table_size, engine)
    return _first_turns(search, game, pos, whole), budget.nodes


def solve_deals(deals: list[Position], deadline: float | None = None, whole: bool = False,
                order_from: int | None = SEARCH_ORDER_FROM) -> tuple[list[tuple[dict[str, bool], int]], str | None, str]:
    """One piece of an answer: each deal's ``outcomes`` and nodes, in order, searched by one search
    whose table the deals share (all deals of a view have the same players and ruleset); what
    stopped it (None, ``"timeout"``: ``deadline``, a ``time.time()`` so that it holds in any worker
    process or machine, or ``"interrupted"``: Ctrl-C here), the result then holding the deals done
    before; and the engine that searched (``core.choose``). ``order_from`` as in ``outcomes``."""
    done: list[tuple[dict[str, bool], int]] = []
    if not deals:
        return done, None, ""
    game = Red7Game(deals[0].ruleset, order_from)
    timeout = None if deadline is None else max(0.0, deadline - time.time())
    search, budget, engine, _ = open_search(game, deals[0].players, None, timeout, TABLE_SIZE)
    for pos in deals:
        before = budget.nodes
        try:
            found = _first_turns(search, game, pos, whole)
        except SearchLimit:
            return done, "timeout", engine
        except KeyboardInterrupt:
            return done, "interrupted", engine
        done.append((found, budget.nodes - before))
    return done, None, engine


# -- many deals ---------------------------------------------------------------------------------

def _deals(view: View, exact: bool, samples: int, seed: int) -> list[Position]:
    if exact:
        return list(view.deals())
    rng = random.Random(seed)
    return [view.sample(rng) for _ in range(samples)]


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
           cache: dict | None = None, pieces: Pieces | None = None, order_from: int | None = SEARCH_ORDER_FROM) -> Advice:
    """Each legal turn's win share for the player to move in ``view`` (a View or its notation).

    ``exact`` enumerates every consistent deal (TooManyDeals past ``max_deals``); otherwise
    ``samples`` deals are drawn uniformly with ``seed`` (all of them, exactly, when there are no
    more than ``samples`` and ``auto_exact``), stopping early once the best turn is separated
    (``stop_early``). ``timeout`` (seconds) and Ctrl-C return the deals done so far (``stopped``).
    The deals are solved in pieces (``solve_deals``) by ``pieces`` (e.g. a Dask
    cluster), else by ``jobs`` local worker processes; the answer is the same for any of them.
    ``cache`` (a dict, kept by the caller) remembers deals already solved (in this process only).
    ``order_from`` sets where the searches order children (``Red7Game``); it changes the time an
    answer takes, never the answer. PositionError for a bad view."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if view.position.is_over:
        raise PositionError("position", "the round is over: there is no turn to advise")
    started = time.perf_counter()
    deadline = None if timeout is None else time.time() + timeout
    count = view.count()
    if exact and count > max_deals:
        raise TooManyDeals(count, max_deals)
    exact = exact or auto_exact and count <= samples
    advice = Advice(view, [], 0, count, exact, None if exact else seed, None if exact else samples)
    shares = advice.by_move
    results = _results(_deals(view, exact, samples, seed), EXACT_PIECE if exact else PIECE, deadline,
                       pieces or local(jobs), cache, advice.engines, order_from)
    try:
        for found, nodes in results:
            if found is None:
                advice.stopped = "timeout"
                break
            advice.deals += 1
            advice.nodes += nodes
            for d, win in found.items():
                entry = shares.get(d)
                if entry is None:
                    entry = shares[d] = MoveShare(d, 0, advice.deals - 1, exact, is_continued(d))
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
            if deadline is not None and time.time() > deadline:
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


def _rank(advice: Advice) -> None:
    advice.moves = sorted(advice.by_move.values(), key=lambda m: (-m.wins, m.move))


def _results(deals: list[Position], size: int, deadline: float | None, runner: Pieces, cache: dict | None,
             engines: set[str], order_from: int | None) -> Iterator[tuple[dict[str, bool] | None, int]]:
    """Each deal's outcomes in deal order, solved in pieces of ``size`` deals (None when the time
    ran out during it); the engines that searched go into ``engines``. Deals in ``cache`` are not
    solved again."""
    todo = [pos for pos in deals if cache is None or pos not in cache]
    batches = [(todo[k:k + size], deadline, False, order_from) for k in range(0, len(todo), size)]
    solved = _flatten(runner.map(solve_deals, batches), engines)
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


def _flatten(results: Iterator[tuple[list, str | None, str]], engines: set[str]
             ) -> Iterator[tuple[dict[str, bool], int]]:
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


__all__ = ["MEASURE", "SEARCH_ORDER_FROM", "Advice", "MoveShare", "TooManyDeals", "advise", "decision", "outcomes", "separated",
           "solve_deals", "wilson"]
