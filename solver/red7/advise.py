"""Advice from a Red7 seat on the shared advice (``solver/advise.py``): each legal turn's win share over
the deals of the unseen cards consistent with a view (the perfect-information value averaged over
deals), exact or sampled with 95% intervals. A turn that draws is advised up to its draw."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from arbiter.model.red7.game import Position, PositionError
from arbiter.model.red7.ruleset import BASIC, Ruleset
from arbiter.model.red7.steps import cut
from arbiter.model.red7.steps import decision as first_step
from arbiter.model.red7.view import View, format_view, parse_view
from arbiter.model.steps import is_continued, unmarked

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Measure, MoveShare, PieceResult, Seat, TooManyDeals, separated
from ..maxn import SelfInterested
from ..pieces import Pieces
from ..search import Budget, SearchLimit
from ..stats import wilson
from .core import CoreSearch, open_search
from .game import ORDER_FROM, OrderFrom, Red7Game

MEASURE = ("win share: the share of the deals of the unseen cards consistent with the view in which the turn "
           "is a forced win with all cards known (perfect information, averaged over deals)")
CHECK_EVERY = 10  # deals between two early-stopping checks (fixed, so the answer is the same for any --jobs)
# Deals per piece of work (fixed too: the deals of a piece share one table, so node counts depend on
# it): a sampled answer may stop at each check, an exact one never stops early and takes bigger pieces.
PIECE, EXACT_PIECE = CHECK_EVERY, 100
TABLE_SIZE = 1 << 20
# From how many hand cards in all the searches of advise, annotate and the bots order children by
# reply count, by rules and player count (a table as ``game.ORDER_FROM``, the solver's): their
# searches start below a first turn, from positions with a hand card fewer than the solver's.
# Measured by ``benchmarks/order.py --advise`` (docs/performance.md).
SEARCH_ORDER_FROM: dict[tuple[str, int], int | None] = dict.fromkeys(ORDER_FROM, 14)


def decision(turn: str, ruleset: Ruleset) -> str:
    """The part of a turn its player decides before seeing a hidden card: its first step
    (``arbiter.model.red7.steps``), as ``play R3 draw ...`` (what follows is chosen once the card
    drawn is seen) or the whole turn when it is not cut. The text ``apply`` takes."""
    return first_step(ruleset, turn)


def _decided(ruleset: Ruleset, turn: str) -> str:
    """A decision as the advice keeps it: without its `` ...`` mark (``_continues`` says it is cut)."""
    return unmarked(first_step(ruleset, turn))


def _continues(ruleset: Ruleset, move: str) -> bool:
    """Whether a kept decision stops at a draw its player acts after (shown and sent as `` ...``)."""
    return is_continued(first_step(ruleset, move))


# -- one deal: every first turn of the mover, in one search with one table ----------------------

def _first_turns(search: Any, game: Red7Game, pos: Position, whole: bool) -> dict[str, bool]:
    me = pos.to_move
    if isinstance(search, CoreSearch):
        found, _, stopped = search.first_turns([game.state(pos)], me, whole)
        if stopped == "interrupted":
            raise KeyboardInterrupt
        if stopped:
            raise SearchLimit(stopped)
        return found[0]
    found: dict[str, bool] = {}
    for m, child in game.moves(game.state(pos)):
        d = str(m) if whole else unmarked(cut(pos, m)[0])
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
    if isinstance(search, CoreSearch):  # the whole piece in one call of the core
        found, nodes, stopped = search.first_turns([game.state(p) for p in deals], deals[0].to_move, whole)
        return list(zip(found, nodes, strict=True)), stopped, engine
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


# -- many deals: the shared advice, with Red7's measure and pieces --------------------------------

WIN = Measure("win", MEASURE)


SELF = Measure("self", "self-interested win share: the share of the deals in which the turn wins against "
               "opponents who each play to win and, failing that, against the player asking (max-n, paranoid tie "
               "rule, solved exactly per deal, every card known)")


def solve_self_interested(deals: list[Position], deadline: float | None, order_from: int | None
                          ) -> PieceResult:
    """One piece, each deal with two values per decision: the coalition's forced win (``solve_deals``)
    and the self-interested win (``maxn.SelfInterested`` on the Python game, same deadline)."""
    coalition, stopped, engine = solve_deals(deals, deadline, False, order_from)
    done = []
    budget = Budget(None, None if deadline is None else max(0.0, deadline - time.time()))
    for pos, (found, nodes) in zip(deals, coalition, strict=False):
        game = Red7Game(pos.ruleset, order_from)
        search = SelfInterested(game, budget)
        me, both = pos.to_move, {}
        before = budget.nodes
        try:
            for m, child in game.moves(game.state(pos)):
                d = _decided(pos.ruleset, str(m))
                won = search.wins(child, me)
                old = both.get(d, (0.0, 0.0))
                both[d] = (float(found[d]), max(old[1], float(won)))
        except SearchLimit:
            return done, "timeout", engine + "+python"
        except KeyboardInterrupt:
            return done, "interrupted", engine + "+python"
        done.append((both, nodes + budget.nodes - before))
    return done, stopped, engine + "+python"


def seat(order_from: OrderFrom = SEARCH_ORDER_FROM, self_interested: bool = False, ruleset: Ruleset = BASIC) -> Seat:
    """Red7's seat for the shared advice on views under ``ruleset`` (where a turn is cut at a draw
    depends on it), its searches ordering children from ``order_from`` hand cards; ``self_interested``
    adds the max-n measure (first: it ranks) beside the coalition's."""
    cuts, decided = partial(_continues, ruleset), partial(_decided, ruleset)
    if self_interested:
        return Seat("red7", (SELF, WIN), solve_self_interested, (order_from,), PIECE, EXACT_PIECE, cuts,
                    format_view, decided)
    return Seat("red7", (WIN,), solve_deals, (False, order_from), PIECE, EXACT_PIECE, cuts, format_view, decided)


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
    return shared.advise(view, seat(order_from, self_interested, view.position.ruleset), exact=exact, samples=samples, seed=seed, timeout=timeout,
                         jobs=jobs, max_deals=max_deals, stop_early=stop_early, auto_exact=auto_exact,
                         progress=progress, cache=cache, pieces=pieces)


__all__ = ["MEASURE", "SEARCH_ORDER_FROM", "Advice", "MoveShare", "TooManyDeals", "advise", "decision",
           "outcomes", "separated", "solve_deals", "wilson"]
