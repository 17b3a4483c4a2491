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
Shown(public='pass; refill G9', private=())
"""

from __future__ import annotations

from ..steps import Cutter, Shown, StepRules, each_move, last
from . import notation
from .cards import card_code
from .game import Move, MoveError, Position, PositionError, apply_legal, legal_moves

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
    if drawn:
        public += "; refill " + " ".join(card_code(c) for c in drawn)
    me = before.to_move
    return Shown(public, ((me, "hand " + " ".join(move.hand)),) if move.hand else ())
