"""Realms moves cut where their player sees cards before choosing (``arbiter.model.steps``).

A Tree's player looks through the draw pile and takes a card from it: ``TRE ...`` (the Tree played,
the pile shown to its player alone), then ``TRE=X`` (the card taken, seen by that player; the others
see ``TRE=?``). Every other move is one step. The draws from a shuffled pile and the Troll's steal
are chance between steps (the model's ``chance_outcomes``); a draw from the pile in its known order
is shown to the player who draws it.

>>> from arbiter.model.realms import parse_position
>>> pos = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
...                      "| trick - | hands TRE R5 / B5 YDr | draw R1 G2 | shuffled - | discard -")
>>> steps(pos)
['R5', 'TRE ...']
>>> mid = apply_step(pos, "TRE ...")
>>> steps(mid), shown(pos, "TRE ...", mid).to(0)
(['TRE=G2', 'TRE=R1'], 'TRE ... (sees the draw pile: R1 G2)')
>>> shown(mid, "TRE=G2", apply_step(mid, "TRE=G2")).public
'TRE=?'
"""

from __future__ import annotations

from ..information import Layout, relaid_masks
from ..steps import CONTINUES, Cutter, Midturn, Shown, StepRules, each_move, last, parts
from . import notation
from .cards import TREE, card_code, cards_of, parse_card
from .game import Move, MoveError, Position, PositionError, legal_moves, replace, successor

__all__ = ["Midturn", "apply_any", "apply_step", "cut", "format_text", "join", "parse_state", "shown",
           "state_from_json", "state_to_json", "steps", "turns_from"]


def cut(pos: Position, move: Move) -> list[str]:
    """A Tree that takes a card is cut after the Tree is played (its player then sees the pile)."""
    if move.card == TREE and move.choice is not None:
        return [card_code(TREE) + CONTINUES, str(move)]
    return [str(move)]


join = last
RULES = StepRules(Cutter(each_move(legal_moves, successor), cut, join), MoveError, notation, PositionError)
steps, apply_step, apply_any, turns_from, format_text, parse_state, state_to_json, state_from_json = RULES.functions()


def _names(mask: int) -> str:
    return " ".join(card_code(c) for c in cards_of(mask))


def _gains(before: Position, after: Position, steal: bool) -> list[tuple[int, str]]:
    """Each player's cards gained (drawn, taken, stolen), and lost to a steal: theirs alone to see."""
    out = []
    for i in range(before.players):
        gained, lost = after.hands[i] & ~before.hands[i], before.hands[i] & ~after.hands[i]
        if steal and lost:
            out.append((i, f"you lost {_names(lost)}"))
        if gained:
            out.append((i, f"you got {_names(gained)}"))
    return out


def _masked(label: str) -> str:
    """A chance label with its card hidden: ``player 0 draws a card``, ``... takes a card from player 1``."""
    words = label.split()
    if len(words) >= 4 and words[2] in ("draws", "takes") and words[3] != "nothing":
        words[3] = "a card"
    return " ".join(words)


def shown(before: Position | Midturn, what: str, after: Position | Midturn) -> Shown:
    """What a step or a chance outcome shows. Every card played is seen by all; a Tree's pile and the
    card taken from it, a card drawn and a card stolen are seen by the players who hold them."""
    start, taken = parts(before)
    end = after.start if isinstance(after, Midturn) else after
    if start.to_move is None:  # a chance outcome: a draw from a shuffled pile or the steal
        return Shown(_masked(what), tuple(_gains(start, end, start.phase == "steal")))
    me = start.to_move
    text = " ".join(what.split())
    if isinstance(after, Midturn) and len(after.taken) > len(taken):  # the Tree played: its player sees the pile
        return Shown(text, ((me, f"sees the draw pile: {_names(start.pile())}"),))
    head, _, choice = text.partition("=")
    public = f"{head}=?" if choice and head.upper() == card_code(TREE) else text
    return Shown(public, tuple(_gains(start, end, False)))


def _cards(pos: Position) -> list[int]:
    out = [c for h in pos.hands for c in cards_of(h)] + list(pos.draw)
    return out + list(cards_of(pos.shuffled)) + list(cards_of(pos.discard))


def _relaid(pos: Position, cards: list[int]) -> Position:
    hands, k = relaid_masks(cards, pos.hands)
    draw = tuple(cards[k:k + len(pos.draw)])
    k += len(pos.draw)
    n = pos.shuffled.bit_count()
    shuffled = sum(1 << c for c in cards[k:k + n])
    return replace(pos, hands=tuple(hands), draw=draw, shuffled=shuffled,
                   discard=sum(1 << c for c in cards[k + n:]))


def _seen(pos: Position, seat: int) -> set[int]:
    """The seat's own hand and the discard pile."""
    start = sum(h.bit_count() for h in pos.hands[:seat])
    total = len(_cards(pos))
    return set(range(start, start + pos.hands[seat].bit_count())) | set(range(total - pos.discard.bit_count(), total))


LAYOUT = Layout(_cards, _relaid, _seen, card_code, parse_card)
