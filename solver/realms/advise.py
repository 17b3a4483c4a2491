"""Advice from a Realms seat on the shared advice (``solver/advise.py``): for each move of the seat
(the ruling colour, or a card to play), the tricks it makes sure of in the next tricks against all
the others together, averaged over the deals of the hidden hands consistent with the view; the pile
stays shuffled in each deal (its draws are chance, taken at their worst).

The Tree's card is chosen after its player has seen the pile, so its move is advised up to the
card (``TRE ...``) and valued at its best choice in each deal."""

from __future__ import annotations

from collections.abc import Callable

from arbiter.model.realms import fast
from arbiter.model.realms import steps as realms_steps
from arbiter.model.realms.cards import TREE, card_code
from arbiter.model.realms.game import (
    COLOUR_CHOICE,
    DRAW,
    PLAY,
    POINTS_PER_TRICK,
    STEAL,
    Position,
    PositionError,
    chance_outcomes,
    choice_kind,
    legal_moves,
    successor,
)
from arbiter.model.realms.view import View, format_view, parse_view

from .. import advise as shared
from ..advise import MAX_DEALS, SAMPLES, Advice, Bounds, Measure, PieceResult, Seat, Values, at_least, solve_each
from ..maxn import SELF_NODES, SelfInterested
from ..pieces import Pieces
from ..search import Budget, SearchLimit, Table, seconds_left
from . import ALL, Guarantee, Tree

TRICKS = 1  # the default horizon: the trick in progress (or, for the ruling colour, the first trick)
TABLE_SIZE = 1 << 18
_TREE = card_code(TREE)


def decision(move: str) -> str:
    """The part of a move decided before a hidden card is seen: the Tree without the pile card it takes."""
    return _TREE if move.startswith(_TREE + "=") else move


def values(pos: Position, me: int, tricks: int, budget: Budget, table: Table, whole: bool = False) -> Values:
    """For one deal (every hand known, the pile shuffled): each decision of ``me`` (to decide in
    ``pos``) with the tricks it makes sure of in the next ``tricks`` tricks against all the others
    together and any draw or steal; a decision of several moves (the Tree) at its best, or with
    ``whole`` each move on its own."""
    tree = Tree(pos, ALL, budget)
    tree.me = me
    guarantee = Guarantee(tree, table)
    steps = tree.steps(pos, tricks)
    found: dict[int, int] = {}
    out: dict[str, tuple[float, ...]] = {}
    guess = 0
    for step in steps:
        if step.k not in found:  # an interchangeable card's move has its class's value
            after, gain, ended = step.open(me)
            found[step.k] = gain + guarantee.exact(after, tricks - ended, guess - gain)
            guess = max(guess, found[step.k])
        v = found[step.k]
        d = str(step.move) if whole else realms_steps.cut(pos, step.move)[0]  # a Tree as ``TRE ...``
        if d not in out or out[d][0] < v:
            out[d] = (float(v),)
    return out


def solve_deals(deals: list[Position], deadline: float | None, me: int, tricks: int) -> PieceResult:
    """One piece: each deal's ``values`` and nodes, one table shared by the piece's deals (its keys
    hold every hand and pile, so deals never mix); stopped by ``deadline`` or Ctrl-C."""
    table = Table(TABLE_SIZE)
    done: list[tuple[Values, int]] = []
    budget = Budget(None, seconds_left(deadline))
    for pos in deals:
        before = budget.nodes
        try:
            found = values(pos, me, tricks, budget, table)
        except SearchLimit:
            return done, "timeout", "python"
        except KeyboardInterrupt:
            return done, "interrupted", "python"
        done.append((found, budget.nodes - before))
    return done, None, "python"


class OwnTricks:
    """Realms for ``maxn.SelfInterested``: states (position, tricks ended since the root), each player's
    payoff the tricks it has won when the horizon, halftime or the end of the game is reached. The
    last play of the horizon's last trick is scored by the trick's resolution alone (``fast.resolver``:
    what the card takes with it, a Troll's steal, the draws after, come after the horizon), a state
    ``(None, payoffs)``; ``last=False`` plays it out instead (the plain way, for tests)."""

    def __init__(self, root: Position, tricks: int, last: bool = True) -> None:
        self.scores, self.round, self.tricks, self.last = root.scores, root.round, tricks, last
        self.resolve = fast.resolver(root.ruleset)

    def key(self, state: tuple) -> tuple:
        return state

    def to_move(self, state: tuple) -> int | None:
        return state[0].to_move

    def _won(self, pos: Position) -> tuple[int, ...]:
        return tuple((s - r) // POINTS_PER_TRICK for s, r in zip(pos.scores, self.scores, strict=True))

    def payoffs(self, state: tuple) -> tuple[int, ...] | None:
        pos, ended = state
        if pos is None:
            return ended
        if ended < self.tricks and pos.phase in (PLAY, DRAW, STEAL) and pos.round == self.round:
            return None
        return self._won(pos)

    def payoff_range(self, state: tuple) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each player's fewest and most tricks from ``state`` on (for ``SelfInterested.bounded``):
        those won so far, and as many more as the horizon has tricks left."""
        won, left = self._won(state[0]), self.tricks - state[1]
        return won, tuple(w + left for w in won)

    def pair_max(self, state: tuple) -> int:
        """The most any two players' payoffs sum to from ``state`` on (``SelfInterested``'s shallow
        pruning): tricks are only gained, each by one player at most, so the two players with the most
        tricks so far and every trick the horizon has left (a trick nobody takes: less)."""
        won = sorted(self._won(state[0]))
        return won[-1] + won[-2] + self.tricks - state[1]

    def after(self, state: tuple, pos: Position) -> tuple:
        return pos, state[1] + (1 if state[0].trick and not pos.trick else 0)

    def children(self, state: tuple) -> list[tuple]:
        pos, ended = state
        moves = legal_moves(pos)
        if not (self.last and ended + 1 == self.tricks and pos.phase == PLAY and len(pos.trick) + 1 == pos.players):
            return [self.after(state, successor(pos, m)) for m in moves]
        cards, players = pos.plays()
        won = self._won(pos)
        out = []
        for m in moves:
            these = cards + ([] if m.card is None else [(m.card, m.choice if choice_kind(m.card, not cards) ==
                                                          COLOUR_CHOICE else None)])
            w, _, _ = self.resolve(pos.ruling, [c for c, _ in these], [x for _, x in these])
            who = None if w is None else (players + [pos.to_move])[w]
            out.append((None, tuple(t + (i == who) for i, t in enumerate(won))))
        return out

    def chance(self, state: tuple) -> list[tuple[float, tuple]]:
        return [(p, self.after(state, after)) for p, _, after in chance_outcomes(state[0])]


def self_values(pos: Position, me: int, tricks: int, budget: Budget, nodes: int = SELF_NODES) -> dict[str, Bounds | float]:
    """For one deal: each decision of ``me`` with the tricks it expects in the next ``tricks`` tricks
    against opponents who each play for their own tricks (``maxn.SelfInterested``, ties uniform, chance
    by its probabilities), within ``nodes`` nodes (``SelfInterested.bounded``: a sure range where the
    search was cut); a decision of several moves (the Tree) at its best."""
    game = OwnTricks(pos, tricks)
    moves = legal_moves(pos)
    ranges = SelfInterested(game, budget).bounded([game.after((pos, 0), successor(pos, m)) for m in moves], me, nodes)
    out: dict[str, Bounds] = {}
    for m, (lo, hi) in zip(moves, ranges, strict=True):
        d = realms_steps.cut(pos, m)[0]
        old = out.get(d)
        out[d] = Bounds(float(lo[-1]), float(hi[-1])) if old is None else Bounds(max(old.lo, float(lo[-1])),
                                                                                 max(old.hi, float(hi[-1])))
    return {d: (v.lo if v.lo == v.hi else v) for d, v in out.items()}


def solve_self_interested(deals: list[Position], deadline: float | None, me: int, tricks: int) -> PieceResult:
    """One piece, each deal with two values per decision: the self-interested tricks (``self_values``,
    first: they rank) and the coalition's (``values``)."""
    table = Table(TABLE_SIZE)

    def one(pos: Position, left: float | None) -> tuple[Values, int]:
        budget = Budget(None, left)
        plain = values(pos, me, tricks, budget, table)
        own = self_values(pos, me, tricks, budget)
        return {d: (at_least(own[d], v[0]), v[0]) for d, v in plain.items()}, budget.nodes

    return solve_each(deals, deadline, one)


SELF_MEASURE = ("self-interested tricks: the tricks the move expects in the next {tricks} trick(s) against "
                "opponents who each play for their own tricks (max-n: a player who cannot raise its own expectation "
                "plays any of its equally good moves, each as likely; chance by its probabilities), every hand "
                "known, averaged over the consistent deals")


def measure(tricks: int) -> Measure:
    if tricks == 1:
        return Measure("trick", "trick share: the share of the deals of the hidden hands consistent with the view "
                       "in which the move makes sure of the trick (the one in progress, or the first after the "
                       "ruling colour) against all the others together, every hand known")
    return Measure("tricks", f"tricks made sure of in the next {tricks} tricks against all the others together and "
                   "any draw, every hand known (the pile shuffled), averaged over the consistent deals",
                   binary=False, high=float(tricks), unit="tricks")


def seat(view: View, tricks: int = TRICKS, self_interested: bool = False) -> Seat:
    """Realms's seat for the shared advice; ``self_interested`` adds the max-n measure (first: it ranks)."""
    if self_interested:
        own = Measure("self", SELF_MEASURE.format(tricks=tricks), binary=False, high=float(tricks), unit="expected tricks")
        return Seat("realms", (own, measure(tricks)), solve_self_interested, (view.seat, tricks), describe=format_view,
                    decision=decision)
    return Seat("realms", (measure(tricks),), solve_deals, (view.seat, tricks), describe=format_view,
                decision=decision)


def deciding(view: View | str, tricks: int) -> View:
    """``view`` (a View or its notation) checked as one to advise over ``tricks`` tricks: PositionError
    for a bad view or horizon, or a seat that does not decide now."""
    if isinstance(view, str):
        view = parse_view(view)
    view.validate()
    if not 1 <= tricks <= 7:
        raise PositionError("tricks", f"the horizon is 1 to 7 tricks, got {tricks}")
    if view.position.to_move != view.seat:
        raise PositionError("seat", f"player {view.seat} does not decide now")
    return view


def advise(view: View | str, *, tricks: int = TRICKS, exact: bool = False, samples: int = SAMPLES, seed: int = 0,
           timeout: float | None = None, jobs: int = 1, max_deals: int = MAX_DEALS, stop_early: bool = True,
           progress: Callable[[Advice], None] | None = None, pieces: Pieces | None = None,
           cache: dict | None = None, self_interested: bool = False) -> Advice:
    """Each decision's trick value for the seat of ``view`` (a View or its notation), over ``tricks``
    tricks: the shared ``advise`` on Realms's seat (``self_interested``: ranked by the max-n value, the
    coalition's beside it). PositionError for a bad view or horizon."""
    view = deciding(view, tricks)
    if self_interested and view.position.players < 3:
        raise PositionError("players", "with two players the self-interested tricks are the tricks")
    return shared.advise(view, seat(view, tricks, self_interested), exact=exact, samples=samples, seed=seed, timeout=timeout,
                         jobs=jobs, max_deals=max_deals, stop_early=stop_early, progress=progress, cache=cache,
                         pieces=pieces)


__all__ = ["TRICKS", "OwnTricks", "advise", "deciding", "decision", "seat", "self_values", "solve_deals", "solve_self_interested",
           "values"]
