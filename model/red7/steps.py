"""Red7 turns cut at the draws their player sees before deciding (``arbiter.model.steps``).

A 3's draw (and the Advanced draw after a 7's move to the Canvas) gives the mover a card they
choose the rest of the turn knowing: ``play R3 draw ...``, then ``discard B6``, ``discard B6 draw``
or ``end``. A draw after a discard ends the turn, so it is no cut. The step before a draw is legal
when some card the mover cannot see, drawn there, would let the turn end as a move of the ruleset;
when the card drawn leaves no such end (``losing_turns`` not_generated or discards_only), the turn
ends with ``end`` and the mover is out, as after ``pass``.

>>> from arbiter.model.red7.notation import parse_text
>>> pos = parse_text("red 0 actions | R3 B2 / O7 | G5 / Y6 | deck V1 O5")
>>> steps(pos)
['discard B2', 'discard R3', 'pass', 'play B2', 'play B2 discard R3', 'play R3 draw ...']
>>> mid = apply_step(pos, "play R3 draw ...")
>>> steps(mid), shown(pos, "play R3 draw ...", mid).to(0)
(['discard B2', 'discard V1', 'end'], 'play R3 draw ... (drew V1)')
>>> from arbiter.model.red7 import apply
>>> apply_step(mid, "discard V1") == apply(pos, "play R3 draw discard V1")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..information import Layout, relaid_masks
from ..steps import CONTINUES, Cutter, Midturn, Shown, StepRules, Turn, unmarked
from . import notation
from .cards import card_code, cards_of, colour_of, parse_card
from .game import _NAMED, CANVAS, DISCARD, DRAW, PLAY, Move, MoveError, Position, PositionError, TurnGenerator
from .ruleset import Ruleset

END = "end"  # the step that ends a turn in progress with nothing more

__all__ = ["END", "Midturn", "apply_any", "apply_step", "cut", "cut_under", "decision", "format_text", "join", "now",
           "parse_state", "parse_turn", "shown",
           "state_from_json", "state_to_json", "steps", "turns_from"]


def _turns(pos: Position) -> Iterator[Turn]:
    for move, after, legal, now_ in TurnGenerator(pos, every=True).every_turn():
        yield Turn(move, after, legal, now_)


def _is_cut(ruleset: Ruleset, steps: Sequence[tuple[str, int]], k: int) -> bool:
    """Whether a turn is cut after its ``k``-th step: a draw the mover may act after (a 3's draw, a
    7's Advanced draw when a discard may follow the 7); never the draw after a discard."""
    if steps[k][0] != DRAW or k == 0:
        return False
    before = steps[k - 1][0]
    return before == PLAY or (before == CANVAS and ruleset.discard_after_action7)


def cut(pos: Position, move: Move) -> list[str]:
    """The step texts of a whole turn of ``pos``: cut after each draw the mover may act after."""
    return cut_under(pos.ruleset, move)


def cut_under(ruleset: Ruleset, move: Sequence[tuple[str, int]]) -> list[str]:
    """``cut`` for a turn under ``ruleset`` (where a turn is cut depends on the ruleset alone)."""
    out, start = [], 0
    for k in range(len(move)):
        if _is_cut(ruleset, move, k):
            out.append(str(Move(move[start:k + 1])) + CONTINUES)
            start = k + 1
    out.append(str(Move(move[start:])) if start < len(move) else END)
    return out


def parse_turn(text: str) -> Move:
    """A turn's or a step's text (any case; a step's ``...`` left out) as its (verb, card) steps;
    ``end`` has none. Not checked against a position: ``apply`` and ``apply_step`` do that."""
    words = unmarked(text).lower().split()
    out, k = [], 0
    while k < len(words):
        if words[k] in _NAMED:
            if k + 1 == len(words):
                raise MoveError(f"{words[k]!r} needs a card in {text!r}")
            out.append((words[k], parse_card(words[k + 1])))
            k += 2
        elif words[k] == END and len(words) == 1:
            break
        else:
            out.append((words[k], -1))
            k += 1
    return Move(out)


def decision(ruleset: Ruleset, turn: str) -> str:
    """The first step of a whole turn given as text: what its player decides before seeing a card."""
    return cut_under(ruleset, parse_turn(turn))[0]


def join(texts: Sequence[str]) -> str:
    """The whole turn's text from its steps."""
    return " ".join(unmarked(t) for t in texts if t != END)


def _with_top(pos: Position, card: int) -> Position:
    """``pos`` with ``card`` (in the deck or another hand) on top of the deck, the top card where it was."""
    top = pos.deck[0]
    if card in pos.deck:
        i = pos.deck.index(card)
        deck = list(pos.deck)
        deck[0], deck[i] = card, top
        return replace(pos, deck=tuple(deck))
    hands = tuple(h & ~(1 << card) | 1 << top if h >> card & 1 else h for h in pos.hands)
    return replace(pos, hands=hands, deck=(card,) + pos.deck[1:])


def _openings(pos: Position, unsure: set[str]) -> set[str]:
    """Which steps ending at a draw (``unsure``: no legal turn begins with them, the deck as it lies)
    are legal all the same because some card the mover cannot see (another hand or the deck), drawn
    there, would make a legal turn of them. Only the colour of the card drawn decides which ends are
    legal (the rule a discard of it sets), so one card per colour is tried."""
    me = pos.to_move
    unseen = sum(1 << c for c in pos.deck)
    for i, h in enumerate(pos.hands):
        if i != me:
            unseen |= h
    colours = {colour_of(pos.deck[0])}
    found: set[str] = set()
    for c in cards_of(unseen):
        if found == unsure:
            break
        if colour_of(c) in colours:
            continue
        colours.add(colour_of(c))
        swapped = _with_top(pos, c)
        for move, _ in TurnGenerator(swapped).successors():
            steps = cut(swapped, move)
            if len(steps) > 1 and steps[0] in unsure:
                found.add(steps[0])
    return found


RULES = StepRules(Cutter(_turns, cut, join, END, _openings), MoveError, notation, PositionError)
steps, apply_step, apply_any, turns_from, format_text, parse_state, state_to_json, state_from_json = RULES.functions()
now = RULES.now


def _drawn(before: Position, me: int, step: str, after: Position) -> list[int]:
    """Cards the mover drew in a step: in their hand after it, or played or discarded in it, and
    not in their hand before it (strongest first)."""
    named = 0
    for word, nxt in zip(step.split(), step.split()[1:], strict=False):
        if word in (PLAY, DISCARD):
            named |= 1 << parse_card(nxt)
    mask = (after.hands[me] | named) & ~before.hands[me]
    return sorted(cards_of(mask), reverse=True)


def shown(before: Position | Midturn, step: str, after: Position | Midturn) -> Shown:
    """What a step shows: its text to every seat (every card a Red7 step names is played, discarded,
    taken or moved in sight of all), and to the mover the cards they drew."""
    me = before.to_move
    drawn = _drawn(now(before), me, step, now(after) if isinstance(after, Midturn) else after)
    private = ((me, "drew " + " ".join(card_code(c) for c in drawn)),) if drawn else ()
    return Shown(" ".join(step.split()), private)


def _cards(pos: Position) -> list[int]:
    out = [c for h in pos.hands for c in cards_of(h)] + [c for p in pos.palettes for c in cards_of(p)]
    return out + list(pos.deck)


def _relaid(pos: Position, cards: list[int]) -> Position:
    zones, k = relaid_masks(cards, (*pos.hands, *pos.palettes))
    n = pos.players
    return replace(pos, hands=tuple(zones[:n]), palettes=tuple(zones[n:]), deck=tuple(cards[k:]))


def _seen(pos: Position, seat: int) -> set[int]:
    """The seat's own hand and every Palette."""
    start = sum(h.bit_count() for h in pos.hands[:seat])
    mine = set(range(start, start + pos.hands[seat].bit_count()))
    hands = sum(h.bit_count() for h in pos.hands)
    return mine | set(range(hands, hands + sum(p.bit_count() for p in pos.palettes)))


LAYOUT = Layout(_cards, _relaid, _seen, card_code, parse_card)
