"""Bridge card play as steps (``arbiter.model.steps``): a turn is one card, so each step is a whole
turn, and every card played is shown to every seat. No turn is cut: card play holds no chance event
and nothing a player sees in the middle of a turn. The opening lead also lays dummy's hand face up
(Law 41D): what each seat sees is its own hand, dummy's once the lead is made, and every card played
(``LAYOUT``, for ``arbiter.model.information``); with no declarer named there is no dummy, and a
seat sees its own hand and the cards played only (docs/rules-bridge.md).

>>> from arbiter.model.bridge import deal
>>> pos = deal(seed=1)
>>> steps(pos) == sorted(str(m) for m in legal_moves(pos))
True
>>> first = steps(pos)[0]
>>> shown(pos, first, apply_step(pos, first)).public == first
True
>>> pos = deal(seed=1, declarer=2)  # South declares: West leads, North is dummy
>>> shown(pos, "C4", apply_step(pos, "C4")).to(0)
'C4; dummy N: SK SJ S7 S4 HJ H8 DA DK DJ D5 CA CQ C6'
"""

from __future__ import annotations

from dataclasses import replace

from ..information import Layout, relaid_masks
from ..steps import Cutter, Shown, StepRules, each_move, last
from . import notation
from .cards import SEATS, card_code, cards_of, codes, parse_card
from .game import Move, MoveError, Position, PositionError, legal_moves, successor

__all__ = ["LAYOUT", "apply_any", "apply_step", "cut", "format_text", "join", "lead_made", "parse_state", "shown",
           "state_from_json", "state_to_json", "steps", "turns_from"]


def cut(pos: Position, move: Move) -> list[str]:
    return [str(move)]


join = last
RULES = StepRules(Cutter(each_move(legal_moves, lambda pos, m: successor(pos, m.card)), cut, join), MoveError,
                  notation, PositionError)
steps, apply_step, apply_any, turns_from, format_text, parse_state, state_to_json, state_from_json = RULES.functions()


def lead_made(pos: Position) -> bool:
    """Whether the opening lead has been made (a card is on the table, or a trick was played)."""
    return bool(pos.trick) or sum(pos.tricks) > 0


def shown(before: Position, what: str, after: Position) -> Shown:
    """A card played is face up to every seat; the opening lead lays dummy's hand face up for all
    (Law 41D), named card by card."""
    if before.declarer is None or lead_made(before):
        return Shown(what, (), "")
    dummy = after.dummy
    return Shown(what, (), f"dummy {SEATS[dummy]}: " + " ".join(codes(after.hands[dummy])))


def _cards(pos: Position) -> list[int]:
    """The cards of a position place by place: each hand N E S W, then the trick in progress."""
    return [c for h in pos.hands for c in cards_of(h)] + list(pos.trick)


def _relaid(pos: Position, cards: list[int]) -> Position:
    hands, k = relaid_masks(cards, pos.hands)
    return replace(pos, hands=tuple(hands), trick=tuple(cards[k:]))


def _seen(pos: Position, seat: int) -> set[int]:
    """The seat's own hand, the trick in progress and, once the opening lead is made, dummy's hand."""
    starts = [0]
    for h in pos.hands:
        starts.append(starts[-1] + h.bit_count())
    places = set(range(starts[seat], starts[seat + 1])) | set(range(starts[-1], starts[-1] + len(pos.trick)))
    if pos.declarer is not None and lead_made(pos):
        places |= set(range(starts[pos.dummy], starts[pos.dummy + 1]))
    return places


LAYOUT = Layout(_cards, _relaid, _seen, card_code, parse_card)
