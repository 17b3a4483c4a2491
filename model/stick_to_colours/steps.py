"""Stick to Colours decisions as steps (``arbiter.model.steps``): each decision is one step, decided
before the market is refilled; the refill (the deck's top cards, laid face up) is shown to every
seat before the next decision. The cards a player refuses from their hand are theirs alone to see
(``hand ?`` to the others).

>>> from arbiter.model.stick_to_colours import deal
>>> pos = deal(3, seed=1)
>>> steps(pos)[:2]
['auction B2 refuse G1', 'auction B2 refuse G1 G2']
>>> for step in ("auction G2 refuse B2", "bid refuse R2 B2:q0 G1", "pass", "pass"):
...     before, pos = pos, apply_step(pos, step)
>>> shown(before, "pass", pos)
Shown(public='pass', private=(), revealed='refill G9')
"""

from __future__ import annotations

from dataclasses import replace

from ..information import Layout
from ..steps import Cutter, Shown, StepRules, each_move, last
from . import notation
from .cards import KINDS, card_code, cards_of, parse_card
from .game import Move, MoveError, Position, PositionError, Slot, apply_legal, legal_moves

__all__ = ["apply_any", "apply_step", "cut", "format_text", "join", "parse_state", "shown", "state_from_json",
           "state_to_json", "steps", "turns_from"]


def cut(pos: Position, move: Move) -> list[str]:
    return [str(move)]


join = last
RULES = StepRules(Cutter(each_move(legal_moves, apply_legal), cut, join), MoveError, notation, PositionError)
steps, apply_step, apply_any, turns_from, format_text, parse_state, state_to_json, state_from_json = RULES.functions()


def shown(before: Position, what: str, after: Position) -> Shown:
    """What a decision shows: its text with the refused hand cards as ``?`` to every seat (the mover
    sees them), and the cards the market is refilled with (the deck's top, face up to all)."""
    move = Move.parse(what)
    public = str(Move(move.kind, move.lot, move.market, ("?",) * len(move.hand)))
    drawn = before.deck[: len(before.deck) - len(after.deck)]
    refill = "refill " + " ".join(card_code(c) for c in drawn) if drawn else ""
    me = before.to_move
    return Shown(public, ((me, "hand " + " ".join(move.hand)),) if move.hand else (), refill)


def _cards(pos: Position) -> list[int]:
    return [c for h in pos.hands for c in cards_of(h)] + [s.card for s in pos.market] + list(pos.deck)


def _counts(cards: list[int]) -> tuple[int, ...]:
    n = [0] * KINDS
    for c in cards:
        n[c] += 1
    return tuple(n)


def _relaid(pos: Position, cards: list[int]) -> Position:
    hands, k = [], 0
    for h in pos.hands:
        hands.append(_counts(cards[k:k + sum(h)]))
        k += sum(h)
    market = tuple(sorted(Slot(c, s.q, s.x) for c, s in zip(cards[k:k + len(pos.market)], pos.market, strict=True)))
    return replace(pos, hands=tuple(hands), market=market, deck=tuple(cards[k + len(pos.market):]))


def _seen(pos: Position, seat: int) -> set[int]:
    """The seat's own cards and the market (the bot's cards and the deck are face down)."""
    start = sum(sum(h) for h in pos.hands[:seat])
    held = sum(sum(h) for h in pos.hands)
    return set(range(start, start + sum(pos.hands[seat]))) | set(range(held, held + len(pos.market)))


def _revealed(start: Position, now: Position, seat: int) -> set[int]:
    """The deck's top cards laid out on the market since the deal."""
    first = sum(sum(h) for h in start.hands) + len(start.market)
    return set(range(first, first + len(start.deck) - len(now.deck)))


LAYOUT = Layout(_cards, _relaid, _seen, card_code, parse_card, unique=False, revealed=_revealed)
