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
from arbiter.model.realms.game import (
    DRAW,
    HAND_SIZE,
    PLAY,
    POINTS_PER_TRICK,
    STEAL,
    Position,
    chance_outcomes,
    replace,
)
from arbiter.model.realms.view import View
from arbiter.model.steps import parts
from arbiter.model.views import Place, deal_all

from .. import defence as shared
from ..advise import Advice, Measure
from ..search import Budget, Table
from . import ALL, Guarantee, Tree
from .advise import TABLE_SIZE, TRICKS, deciding, measure, seat

MAX_DEALS = shared.MAX_DEALS
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
                   note=shared.NOTE)


def small_deal(seed: int, players: int = 2, hand: int = 2, pile: int = 1, ruling: int = 0,
               discard: int | None = None) -> Position:
    """A seeded short round late in play: from the 65 cards shuffled, ``hand`` to each player and
    ``pile`` to the shuffled draw pile, the rest face up in the discard pile (or only ``discard`` of
    them, the others out of the game: a puzzle's small world); ``ruling`` the ruling colour, player 0
    to lead, no score yet. A view of it (``view.view_of``) has few unseen cards (the other hands and
    the pile), so that its exact best-defence value is in reach: over one trick; over more, with
    hands of 7 (none draws from the discard pile reshuffled while the pile lasts: ``pile`` at least
    the players for each trick after the first), or in a small world (``worlds``)."""
    cards = list(cards_of(ALL_CARDS))
    random.Random(seed).shuffle(cards)
    hands = tuple(sum(1 << c for c in cards[k * hand:(k + 1) * hand]) for k in range(players))
    laid = players * hand
    mask = sum(1 << c for c in cards[laid:laid + pile])
    rest = cards[laid + pile:]
    kept = sum(1 << c for c in (rest if discard is None else rest[:discard]))
    return Position(hands, (), mask, kept, ruling, (), 0, players - 1, (0,) * players, 1, PLAY).validate()


def worlds(pos: Position, seat_: int) -> list[Position]:
    """The deals ``seat_`` cannot tell from ``pos``: the cards of the other hands and the pile laid
    out again in every way (the hands as sets, the pile shuffled). Unlike a view's deals it knows the
    cards out of the game (``small_deal``'s ``discard``), so a small world's deals are few."""
    hidden = [i for i in range(pos.players) if i != seat_]
    cards = pos.pile()
    for i in hidden:
        cards |= pos.hands[i]
    out = []
    for dealt in deal_all(list(cards_of(cards)), [Place(pos.hands[i].bit_count()) for i in hidden]):
        hands = list(pos.hands)
        left = cards
        for i, taken in zip(hidden, dealt, strict=True):
            hands[i] = sum(1 << c for c in taken)
            left &= ~hands[i]
        out.append(replace(pos, hands=tuple(hands), draw=(), shuffled=left))
    return out


def rules(seat_: int, root: Position, tricks: int = TRICKS, timeout: float | None = None) -> shared.Rules:
    """Realms's rules for ``seat_`` from ``root`` on the step interface (a deal of its view, or a turn
    in progress from one, is a root state; ``apply`` gives ``(state, tricks ended since the root)``),
    cut after ``tricks`` tricks (or at halftime, or the game's end) with the tricks ``seat_`` has won
    since ``root`` as the value. A state's perfect-information value is the tricks won so far and
    those the open-hand search (``Guarantee``) makes sure of in the tricks left, its floor the tricks
    won so far, its ceiling those and every trick left (SearchLimit after ``timeout`` seconds)."""
    budget = Budget(None, timeout)
    table = Table(TABLE_SIZE)
    solvers: dict[int, Guarantee] = {}  # by the cards in play (every deal of a view has the same)
    known: dict[State, int] = {}

    def won(state: State) -> int:
        pos = parts(_split(state)[0])[0]
        return (pos.scores[seat_] - root.scores[seat_]) // POINTS_PER_TRICK

    def guarantee(pos: Position) -> Guarantee:
        cards = pos.in_play()
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

    def ceiling(state: State) -> int:
        v = value(state)
        return won(state) + tricks - _split(state)[1] if v is None else v

    return shared.Rules(seat_, mover, value, steps, apply, seen, perfect=perfect, floor=won, ceiling=ceiling)


RESHUFFLE_LIMIT = 8  # a discard pile this small may be reshuffled within the horizon (a puzzle's small world)


def reshuffled(view: View, tricks: int) -> tuple[int, int]:
    """(the cards the Draw Phases within ``tricks`` tricks draw, counting one card played by each
    player a trick (a Tree, Warlock or Troll changes it by a card or so), and the cards the pile
    holds), or (0, 0) where the discard pile such a draw would reshuffle is small (at most
    ``RESHUFFLE_LIMIT`` cards with the tricks' cards)."""
    pos = view.position
    n = pos.players
    if tricks < 2 or pos.discard.bit_count() + n * (tricks - 1) <= RESHUFFLE_LIMIT:
        return 0, 0
    played = len(pos.trick)
    hands = [pos.hands[i].bit_count() if h is None else h for i, h in enumerate(view.hidden)]
    # after the first trick: each player who has not played yet has one card fewer, and draws to 7
    first = sum(max(0, HAND_SIZE - (h - (k >= played))) for h, k in
                zip(hands, [(i - pos.leader) % n for i in range(n)], strict=True))
    pile = pos.pile().bit_count() if view.pile is None else view.pile
    return first + n * (tricks - 2), pile


def best_defence(view: View | str, *, tricks: int = TRICKS, timeout: float | None = None,
                 max_deals: int = MAX_DEALS, jobs: int = 1, pieces: Any = None) -> Advice:
    """Each decision's best-defence trick value over ``tricks`` tricks for the player to move in
    ``view`` (a View or its notation), and its trick value with every hand known (``advise``, exact)
    beside it. TooManyDeals past ``max_deals``; PositionError for a bad view or horizon; ``stopped``
    ``"timeout"`` or ``"interrupted"`` with the decisions not finished given their sure range;
    OutOfReach where the horizon's draws reshuffle the discard pile (``reshuffled``)."""
    view = deciding(view, tricks)
    pos = view.position
    drawn, pile = reshuffled(view, tricks)
    if drawn > pile:
        raise shared.OutOfReach(
            f"over {tricks} tricks the Draw Phases draw about {drawn} cards but the pile holds {pile}: the "
            f"discard pile ({pos.discard.bit_count()} cards and the tricks') would be reshuffled and drawn "
            "from, far too many outcomes to search; take fewer --tricks (the next trick: 1) or a view whose "
            "pile lasts the horizon")
    return shared.advise(view, seat(view, tricks), lambda left: rules(view.seat, pos, tricks, left),
                         defence_measure(tricks), timeout=timeout, max_deals=max_deals, jobs=jobs, pieces=pieces)


__all__ = ["CHANCE", "MAX_DEALS", "RESHUFFLE_LIMIT", "best_defence", "defence_measure", "reshuffled", "rules", "small_deal", "worlds"]
