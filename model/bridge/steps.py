"""Bridge card play as steps (``arbiter.model.steps``): a turn is one card, so each step is a whole
turn, and every card played is shown to every seat. No turn is cut: card play holds no chance event
and nothing a player sees in the middle of a turn.

>>> from arbiter.model.bridge import deal
>>> pos = deal(seed=1)
>>> steps(pos) == sorted(str(m) for m in legal_moves(pos))
True
>>> first = steps(pos)[0]
>>> shown(pos, first, apply_step(pos, first)).public == first
True
"""

from __future__ import annotations

from ..steps import Cutter, Shown, StepRules, each_move, last
from . import notation
from .game import Move, MoveError, Position, PositionError, legal_moves, successor

__all__ = ["apply_any", "apply_step", "cut", "format_text", "join", "parse_state", "shown", "state_from_json",
           "state_to_json", "steps", "turns_from"]


def cut(pos: Position, move: Move) -> list[str]:
    return [str(move)]


join = last
RULES = StepRules(Cutter(each_move(legal_moves, lambda pos, m: successor(pos, m.card)), cut, join), MoveError,
                  notation, PositionError)
steps, apply_step, apply_any, turns_from, format_text, parse_state, state_to_json, state_from_json = RULES.functions()


def shown(before: Position, what: str, after: Position) -> Shown:
    """A card played is face up to every seat."""
    return Shown(what, (), "")
