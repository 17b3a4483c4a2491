"""Realms from the seat to move under best defence (``solver/defence.py``): the tricks made sure of in
the next ``tricks`` tricks (the horizon of ``advise``; halftime and the end of the game stop it too)
by a strategy that sees only the seat's view and what play then shows it (the cards played, its own
draws, a Tree's pile), against all the others together, who see every card. The draws from the
shuffled pile and the Troll's steal are taken at their worst, as the advice takes them (they are
searched as one more opponent's steps: a draw's label is what it does). Beside it, the trick value
of ``advise`` over the same deals with every hand known, so that the gap is measured."""

from __future__ import annotations

import random
from typing import Any

from arbiter.model.realms import steps as realms_steps
from arbiter.model.realms.cards import ALL_CARDS, cards_of
from arbiter.model.realms.game import DRAW, PLAY, POINTS_PER_TRICK, STEAL, Position, chance_outcomes
from arbiter.model.realms.view import View
from arbiter.model.steps import parts

from .. import defence as shared
from ..advise import Advice, Measure
from ..search import Budget, Table
from . import ALL, Guarantee, Tree
from .advise import TABLE_SIZE, TRICKS, deciding, measure, seat

MAX_DEALS = 200  # the frontiers grow with the deals: refused past this (--max-deals)
CHANCE = "chance"  # the mover of a draw or a steal: taken at its worst, as by an opponent

State = Any  # a position or a turn in progress (a root: no trick ended yet), or (one, tricks ended since the root)


def _split(state: State) -> tuple[Any, int]:
    return state if isinstance(state, tuple) else (state, 0)


def defence_measure(tricks: int) -> Measure:
    """The best-defence value over ``tricks`` tricks, in the unit of ``advise``'s ``measure(tricks)``."""
    plain = measure(tricks)
    what = ("the share of the deals in which" if plain.binary else "the tricks, averaged over the deals, that")
    return Measure("defence", f"best-defence {plain.unit if not plain.binary else 'trick share'}: {what} the best "
                   f"strategy that uses only what the seat sees (its view, then the cards shown as play goes on) makes "
                   f"sure of in the next {tricks} trick(s) against all the others together and any draw, who see "
                   "every card (exact)", binary=plain.binary, low=plain.low, high=plain.high, unit=plain.unit,
                   note="exact over every consistent deal; docs/advise.md, Best defence, says what it assumes")


def small_deal(seed: int, players: int = 2, hand: int = 2, pile: int = 1, ruling: int = 0) -> Position:
    """A seeded short round late in play: from the 65 cards shuffled, ``hand`` to each player and
    ``pile`` to the shuffled draw pile, the rest face up in the discard pile; ``ruling`` the ruling
    colour, player 0 to lead, no score yet. A view of it (``view.view_of``) has few unseen cards (the
    other hands and the pile), so that its exact best-defence value is in reach."""
    cards = list(cards_of(ALL_CARDS))
    random.Random(seed).shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[k * hand:(k + 1) * hand]) for k in range(players))
    laid = players * hand
    mask = sum(1 << c for c in cards[laid:laid + pile])
    rest = sum(1 << c for c in cards[laid + pile:])
    return Position(hands, (), mask, rest, ruling, (), 0, players - 1, (0,) * players, 1, PLAY).validate()


def rules(seat_: int, root: Position, tricks: int = TRICKS, timeout: float | None = None) -> shared.Rules:
    """Realms's rules for ``seat_`` from ``root`` on the step interface (a deal of its view, or a turn
    in progress from one, is a root state; ``apply`` gives ``(state, tricks ended since the root)``),
    cut after ``tricks`` tricks (or at halftime, or the game's end) with the tricks ``seat_`` has won
    since ``root`` as the value. A state's perfect-information value is the tricks won so far and
    those the open-hand search (``Guarantee``) makes sure of in the tricks left, its floor the tricks
    won so far (SearchLimit after ``timeout`` seconds)."""
    budget = Budget(None, timeout)
    table = Table(TABLE_SIZE)
    solvers: dict[int, Guarantee] = {}  # by the cards in play (every deal of a view has the same)
    known: dict[State, int] = {}

    def won(state: State) -> int:
        pos = parts(_split(state)[0])[0]
        return (pos.scores[seat_] - root.scores[seat_]) // POINTS_PER_TRICK

    def guarantee(pos: Position) -> Guarantee:
        cards = pos.pile() | pos.discard | pos.trick_mask()
        for h in pos.hands:
            cards |= h
        found = solvers.get(cards)
        if found is None:
            tree = Tree(pos, ALL, budget)
            tree.me, tree.round = seat_, root.round
            found = solvers[cards] = Guarantee(tree, table)
        return found

    def mover(state: State) -> Any:
        who = _split(state)[0].to_move
        return CHANCE if who is None else who

    def value(state: State) -> int | None:
        pos, ended = _split(state)
        if not isinstance(pos, Position):
            return None  # a Tree's turn in progress
        if ended < tricks and pos.phase in (PLAY, DRAW, STEAL) and pos.round == root.round:
            return None
        return won(pos)

    def steps(state: State) -> list[str]:
        now = _split(state)[0]
        if now.to_move is None:
            return [label for _, label, _ in chance_outcomes(now)]
        return realms_steps.steps(now)

    def apply(state: State, step: str) -> State:
        before, ended = _split(state)
        if before.to_move is None:
            after = next(a for _, label, a in chance_outcomes(before) if label == step)
        else:
            after = realms_steps.apply_step(before, step)
        done = isinstance(after, Position) and bool(parts(before)[0].trick) and not after.trick
        return after, ended + done

    def seen(before: State, step: str, after: State) -> str:
        return realms_steps.shown(_split(before)[0], step, _split(after)[0]).to(seat_)

    def perfect(state: State) -> int:
        got = known.get(state)
        if got is None:
            pos, ended = _split(state)
            if not isinstance(pos, Position):  # a Tree's turn in progress: its player's best completion
                ends = [perfect(apply(state, step)) for step in steps(state)]
                got = max(ends) if pos.to_move == seat_ else min(ends)
            else:
                got = value(state)
                if got is None:
                    got = won(pos) + guarantee(pos).exact(pos, tricks - ended)
            known[state] = got
        return got

    return shared.Rules(seat_, mover, value, steps, apply, seen, perfect=perfect, floor=won)


def best_defence(view: View | str, *, tricks: int = TRICKS, timeout: float | None = None,
                 max_deals: int = MAX_DEALS, jobs: int = 1, pieces: Any = None) -> Advice:
    """Each decision's best-defence trick value over ``tricks`` tricks for the player to move in
    ``view`` (a View or its notation), and its trick value with every hand known (``advise``, exact)
    beside it. TooManyDeals past ``max_deals``; PositionError for a bad view or horizon; ``stopped``
    ``"timeout"`` or ``"interrupted"`` with the decisions not finished given their sure range."""
    view = deciding(view, tricks)
    pos = view.position
    return shared.advise(view, seat(view, tricks), lambda left: rules(view.seat, pos, tricks, left),
                         defence_measure(tricks), timeout=timeout, max_deals=max_deals, jobs=jobs, pieces=pieces)


__all__ = ["CHANCE", "MAX_DEALS", "best_defence", "defence_measure", "rules", "small_deal"]
