"""Advice from a Red7 seat on the shared advice (``solver/advise.py``): each legal turn's win share over
the deals of the unseen cards consistent with a view (the perfect-information value averaged over
deals), exact or sampled with 95% intervals. A turn that draws is advised up to its draw."""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from typing import TYPE_CHECKING, Any

from arbiter.model.red7 import steps
from arbiter.model.red7.game import DRAW, Position, PositionError
from arbiter.model.red7.view import View, format_view, parse_view

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Bounds, Measure, MoveShare, PieceResult, Seat, TooManyDeals, separated
from ..maxn import SELF_NODES, SelfInterested
from ..pieces import Pieces
from ..search import Budget, Search, SearchLimit, Table, seconds_left
from ..stats import wilson
from .core import CoreSearch, open_search
from .game import OrderFrom, Red7Game

if TYPE_CHECKING:  # imported by the max-n values alone (solver/maxn.py says why)
    from fractions import Fraction

MEASURE = ("win share: the share of the deals of the unseen cards consistent with the view in which the turn "
           "is a forced win with all cards known (perfect information, averaged over deals)")
CHECK_EVERY = 10  # deals between two early-stopping checks (fixed, so the answer is the same for any --jobs)
# Deals per piece of work (one core call each; every deal has its own table, so node counts do not
# depend on it): a sampled answer may stop at each check, an exact one never stops early and takes
# bigger pieces.
PIECE, EXACT_PIECE = CHECK_EVERY, 100
TABLE_SIZE = 1 << 20
# From how many hand cards in all the searches of advise, annotate and the bots order children by
# reply count (``Red7Game(order_from=)``), by ruleset kind and player count as ``game.ORDER_FROM``
# (the solver's table). Their searches start below a first turn: 2-player Basic is never ordered
# (13 hand cards at most; ordering from 8-12 took 0.9-1.5x the CPU), 2-player Actions from 8 (0.4-0.8x
# the CPU of never), 3-4 players near the top, without which a 3-player Actions first turn took 4
# times as long. Measured by ``benchmarks/advise_first.py`` and ``benchmarks/advise.py --orders``
# (docs/performance.md).
SEARCH_ORDER_FROM: dict[tuple[str, int], int | None] = {
    ("basic", 2): None, ("basic", 3): 14, ("basic", 4): 14,
    ("actions", 2): 8, ("actions", 3): 14, ("actions", 4): 14,
}


def decision(turn: str) -> str:
    """The part of a turn its player decides before seeing a hidden card: up to and including its
    first ``draw`` (what follows is chosen once the drawn card is seen)."""
    words = turn.split()
    return " ".join(words[: words.index(DRAW) + 1]) if DRAW in words else turn


# -- one deal: every first turn of the mover, in one search with one table ----------------------

def decided(pos: Position, move: Any) -> str:
    """The first step of a whole turn as the step interface writes it (``model/red7/steps.py``): the
    turn up to a draw its player acts after, marked (``play R3 draw ...``), or the whole turn."""
    return steps.cut(pos, move)[0] if DRAW in str(move).split() else str(move)


def _first_turns(search: Any, game: Red7Game, pos: Position, whole: bool) -> dict[str, bool]:
    me = pos.to_move
    found: dict[str, bool] = {}
    for m, child in game.moves(game.state(pos)):
        d = str(m) if whole else decided(pos, m)
        if not found.get(d):
            found[d] = search.wins(child, me)
    return found


def outcomes(pos: Position, timeout: float | None = None, *, whole: bool = False, engine: str | None = None,
             table_size: int = TABLE_SIZE, order_from: OrderFrom = SEARCH_ORDER_FROM) -> tuple[dict[str, bool], int]:
    """For one deal (all cards known): whether each decision of the mover (each whole turn with
    ``whole``) keeps a forced win, and the nodes searched. Every first turn is searched by one search
    (the compiled core when it supports the ruleset, see ``core.choose``; ``engine`` as there)
    sharing one transposition table, ordering children from ``order_from`` hand cards in all
    (None: never). SearchLimit after ``timeout`` seconds."""
    game = Red7Game(pos.ruleset, order_from)
    search, budget, _, _ = open_search(game, pos.players, None, timeout, table_size, engine)
    return _first_turns(search, game, pos, whole), budget.nodes


def solve_deals(deals: list[Position], deadline: float | None = None, whole: bool = False,
                order_from: OrderFrom = SEARCH_ORDER_FROM) -> tuple[list[tuple[dict[str, bool], int]], str | None, str]:
    """One piece of an answer: each deal's ``outcomes`` and nodes, in order, each deal with a fresh
    table (the deals of a view share almost no states: a shared table saved 0.01% of the nodes and
    cost time in cache misses; docs/performance.md), all deals with the same players, ruleset and
    mover (one view's); what
    stopped it (None, ``"timeout"``: ``deadline``, a ``search.Deadline``, a ``time.time()`` so that it holds in any worker
    process or machine, or ``"interrupted"``: Ctrl-C here), the result then holding the deals done
    before; and the engine that searched (``core.choose``). The compiled core takes the whole piece
    in one call (``CoreSearch.first_turns``: same answers and nodes as the deal-by-deal Python path).
    ``order_from`` as in ``outcomes``. Below the first turns, 2-player searches without the Action
    rule, Advanced or losing turns (``game.endgames_hold``) skip dominated turns and settle endgames
    without searching them (``Red7Game(endgames=True)``, the core alike): the same answers in about
    two thirds of the nodes (docs/performance.md); with the Action rule (``game.action_endgames_hold``)
    they skip passing once another turn is made and settle a state whose other player holds no card."""
    done: list[tuple[dict[str, bool], int]] = []
    if not deals:
        return done, None, ""
    game = Red7Game(deals[0].ruleset, order_from, endgames=True)
    timeout = seconds_left(deadline)
    search, budget, engine, _ = open_search(game, deals[0].players, None, timeout, TABLE_SIZE)
    if isinstance(search, CoreSearch):
        for mover, run in groupby(deals, key=lambda pos: pos.to_move):  # one call (a view's deals share the mover)
            try:
                found, nodes, stopped = search.first_turns([game.state(pos) for pos in run], mover, whole)
            except KeyboardInterrupt:  # outside the core's own checks: the call's deals are not kept
                return done, "interrupted", engine
            done += zip(found, nodes, strict=True)
            if stopped:
                return done, stopped, engine
        return done, None, engine
    for pos in deals:
        before = budget.nodes
        search = Search(game, budget, Table(TABLE_SIZE))  # each deal its own table, as in the core
        try:
            found = _first_turns(search, game, pos, whole)
        except SearchLimit:
            return done, "timeout", engine
        except KeyboardInterrupt:
            return done, "interrupted", engine
        done.append((found, budget.nodes - before))
    return done, None, engine


# -- many deals: the shared advice, with Red7's measure and pieces --------------------------------

WIN = Measure("win", MEASURE)


SEAT = Seat("red7", (WIN,), solve_deals, (False, SEARCH_ORDER_FROM), PIECE, EXACT_PIECE, format_view, decision)


SELF = Measure("self", "self-interested win chance: the chance that the turn wins against opponents who each play "
               "to win (max-n: a player who cannot raise its own chance plays any of its equally good moves, each as "
               "likely), every card known, averaged over the deals", binary=False, unit="win chance")


# Hand cards in all from which down the self-interested search asks the coalition search whether a
# player forces (``CoreMoves.ask_forced``): on 3-player first turns (21 cards) asking everywhere took
# 1.17 s a deal, from 12 cards 0.23 s, the ranges as wide (benchmarks/self_interested.py, docs/performance.md).
ASK_FROM = 12


# Nodes of the compiled core's exact max-n a deal (``core_values``; about 3 million a second) and its
# table's slots (2**CORE_TABLE_BITS of 104 bytes at 3 players, touched as used), chosen by measurement
# (benchmarks/self_interested.py, docs/performance.md).
CORE_NODES, CORE_TABLE_BITS = 2_000_000, 20
# The core's max-n leaves the cards of players out of the round out of its key and, with two players
# left in, settles endgames and skips dominated turns as the 2-player search does (same values; the
# switch is for benchmarks and tests: benchmarks/defence_limit.py).
CORE_TWO_IN = True


class CoreMoves:
    """Red7 for ``maxn.SelfInterested`` with the children made by the compiled core (the same states as
    ``Red7Game.children``, several times faster); everything else is the game's."""

    def __init__(self, game: Red7Game, core: Any, ask_from: int = ASK_FROM) -> None:
        self.key, self.to_move, self.winner, self.ask_from = game.key, game.to_move, game.winner, ask_from
        self.children = core.children if hasattr(core, "children") else game.children
        self.maxn = getattr(getattr(core, "core", None), "maxn", None)  # the compiled core's exact max-n

    def ask_forced(self, s: Any) -> bool:
        """Ask the coalition search only with at most ``ask_from`` hand cards in all (near the root
        proving that nobody forces costs more than the few states it settles)."""
        return sum(h.bit_count() for h in s[3]) <= self.ask_from

    @staticmethod
    def payoff_range(s: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each player's chance of winning from here on lies in 0..1, and is 0 for a player out of the round."""
        out, n = s[2], len(s[3])
        return (0,) * n, tuple(0 if out >> i & 1 else 1 for i in range(n))


def core_values(core: Any, states: list, asker: int, nodes: int) -> list[Fraction | None]:
    """``asker``'s exact max-n win chance in each state by the compiled core (``Search.maxn``: the
    uniform tie rule of ``maxn.SelfInterested``, shallow pruning, one table for the deal, the
    shortcuts with players out of ``CORE_TWO_IN``), None where
    it did not finish within ``nodes`` nodes in all (or there is no core)."""
    if getattr(core, "maxn", None) is None or not nodes or not states:
        return [None] * len(states)
    from fractions import Fraction

    found, _ = core.maxn(states, nodes, CORE_TABLE_BITS, CORE_TWO_IN)
    return [None if v is None else Fraction(v[asker], v[-1]) for v in found]


def self_values(search: SelfInterested, game: Red7Game, pos: Position, found: dict[str, bool],
                nodes: int = SELF_NODES, core: Any = None, core_nodes: int = CORE_NODES) -> dict[str, Bounds | float]:
    """For one deal: each decision's self-interested win chance. First the compiled core's exact
    max-n (``core.maxn``, within ``core_nodes`` nodes for the deal, where ``core`` has it); the turns
    it did not finish within ``nodes`` nodes of the bounded max-n (``SelfInterested.bounded``): a
    number where the search ended, else its sure range (``Bounds``). A decision that forces a win
    (``found``) wins against any play: 1."""
    me, turns = pos.to_move, [(decided(pos, m), child) for m, child in game.moves(game.state(pos))]
    open_ = [(d, child) for d, child in turns if not found[d]]
    solved = core_values(core, [child for _, child in open_], me, core_nodes)
    ranges = search.bounded([child for (_, child), v in zip(open_, solved, strict=True) if v is None], me, nodes)
    bounded = iter(ranges)  # in the order of the turns the core left unsolved
    out: dict[str, Bounds | float] = {d: 1.0 for d, _ in turns if found[d]}
    for (d, _), v in zip(open_, solved, strict=True):
        lo, hi = (v, v) if v is not None else (r[-1] for r in next(bounded))
        old = out.get(d, Bounds(0.0, 0.0))  # the player picks the rest of the turn once it sees the card: the best
        out[d] = Bounds(max(old[0], float(lo)), max(old[1], float(hi)))
    return {d: (v.lo if isinstance(v, Bounds) and v.lo == v.hi else v) for d, v in out.items()}


def solve_self_interested(deals: list[Position], deadline: float | None, order_from: OrderFrom,
                          nodes: int = SELF_NODES, core_nodes: int | None = None) -> PieceResult:
    """One piece, each deal with two values per decision: the self-interested win chance
    (``self_values``, first: it ranks) and the coalition's forced win (``solve_deals``). A state
    where some player can force a win against all the others together is settled by the coalition
    search (the compiled core where it supports the ruleset): that player wins under max-n too."""
    core_nodes = CORE_NODES if core_nodes is None else core_nodes  # read when called: a benchmark may set it
    coalition, stopped, engine = solve_deals(deals, deadline, False, order_from)
    done = []
    left = seconds_left(deadline)
    budget = Budget(None, left)
    game = Red7Game(deals[0].ruleset, order_from) if deals else None
    forced, _, _, _ = open_search(game, deals[0].players, None, left, TABLE_SIZE) if deals else (None,) * 4
    moves = CoreMoves(game, forced) if deals else None
    for pos, (found, nodes_) in zip(deals, coalition, strict=False):
        search = SelfInterested(moves, budget, forced.wins, pos.players)
        before = budget.nodes + forced.budget.nodes
        try:
            own = self_values(search, game, pos, found, nodes, moves, core_nodes)
        except SearchLimit:
            return done, "timeout", engine + "+python"
        except KeyboardInterrupt:
            return done, "interrupted", engine + "+python"
        done.append(({d: (own[d], float(found[d])) for d in found}, nodes_ + budget.nodes + forced.budget.nodes - before))
    return done, stopped, engine + "+python"


def seat(order_from: OrderFrom = SEARCH_ORDER_FROM, self_interested: bool = False) -> Seat:
    """Red7's seat for the shared advice, its searches ordering children from ``order_from`` hand cards;
    ``self_interested`` adds the max-n measure (first: it ranks) beside the coalition's."""
    if self_interested:
        return Seat("red7", (SELF, WIN), solve_self_interested, (order_from,), PIECE, EXACT_PIECE, format_view,
                    decision)
    if order_from == SEARCH_ORDER_FROM:
        return SEAT
    return Seat("red7", SEAT.measures, solve_deals, (False, order_from), PIECE, EXACT_PIECE, format_view, decision)


def advise(view: View | str, *, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           auto_exact: bool = True, progress: Callable[[Advice], None] | None = None,
           cache: dict | None = None, pieces: Pieces | None = None, order_from: OrderFrom = SEARCH_ORDER_FROM,
           self_interested: bool = False) -> Advice:
    """Each legal turn's win share for the player to move in ``view`` (a View or its notation): the
    shared ``advise`` (exact or sampled, early stop, timeout, pieces, cache as there) on Red7's seat.
    ``self_interested`` (3-4 players) ranks by the max-n win share and shows the coalition's beside it.
    ``order_from`` sets where the searches order children (``Red7Game``); it changes the time an
    answer takes, never the answer. PositionError for a bad view."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if view.position.is_over:
        raise PositionError("position", "the round is over: there is no turn to advise")
    if self_interested and view.position.players < 3:
        raise PositionError("players", "with two players the self-interested share is the win share")
    return shared.advise(view, seat(order_from, self_interested), exact=exact, samples=samples, seed=seed, timeout=timeout,
                         jobs=jobs, max_deals=max_deals, stop_early=stop_early, auto_exact=auto_exact,
                         progress=progress, cache=cache, pieces=pieces)


__all__ = ["MEASURE", "SEARCH_ORDER_FROM", "SEAT", "Advice", "MoveShare", "TooManyDeals", "advise", "decision",
           "outcomes", "separated", "solve_deals", "wilson"]
