"""Realms views: the game as one player sees it (their own hand, the trick in progress, the discard
pile, the marker, the scores; the other hands as counts and the draw pile as a count), checked, and
the deals of the unseen cards consistent with it, enumerated or sampled (``model/views.py``).

In a game every Realms card is somewhere (a hand, the trick, the discard or the draw pile), so the
unseen cards are exactly the hidden hands and the pile; a puzzle may leave cards out, and unseen
cards that no hidden place holds are out of it. Nobody knows the pile's order: a filled position
holds it as ``shuffled`` (the ``pile`` cards of the unseen ones left after the hands), so each draw
from it is a chance event for the solver.

>>> view = parse_view("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
...                   "| trick - | hands R8 B7 G2 RRe YDr BSo GDr / 7 | draw 51 | shuffled - | discard -")
>>> view.count()  # the opponent's 7 cards among the 58 unseen
300674088
>>> format_view(view_of(view.sample(__import__("random").Random(1)))) == format_view(view)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..games import parse_position_text
from ..views import Place, check_count, count_deals, deal_all, deal_one, is_count
from .cards import ALL_CARDS, DECK_SIZE, CardMask, cards_of
from .game import DRAW, PLAY, RULING, STEAL, Position, PositionError, replace
from .notation import format_text, position_from_json, position_to_json, text_to_json


@dataclass(frozen=True)
class View:
    """What ``seat`` sees. ``position`` holds every card the seat sees (a hidden hand is empty there,
    the pile is empty); ``hidden[i]`` is the number of cards in player i's hidden hand (None: known);
    ``pile`` the number of cards in the draw pile (None: the position's pile is known)."""

    position: Position
    hidden: tuple[int | None, ...]
    pile: int | None
    seat: int

    @property
    def me(self) -> int:
        return self.seat

    @property
    def unseen(self) -> CardMask:
        return ALL_CARDS & ~self.position.in_play()

    def validate(self) -> View:
        """Raise PositionError naming the field at fault; return self when sound."""
        pos = self.position.validate()
        if not 0 <= self.seat < pos.players:
            raise PositionError("seat", f"the seat is a player 0 to {pos.players - 1}, got {self.seat}")
        if self.hidden[self.seat] is not None:
            raise PositionError(f"hands[{self.seat}]", "the seat sees its own hand: list its cards")
        if len(self.hidden) != pos.players:
            raise PositionError("hands", "one hand (cards or a count) per player")
        dealt = sum(h or 0 for h in self.hidden) + (self.pile or 0)
        unseen = self.unseen.bit_count()
        if dealt > unseen:
            where = "draw" if self.pile is not None else next(
                (f"hands[{i}]" for i, h in enumerate(self.hidden) if h is not None), "hands")
            raise PositionError(where, f"the hidden hands and pile hold {dealt} cards but only {unseen} cards are "
                                       "unseen")
        return self

    def places(self) -> list[Place]:
        return [Place(h) for h in self.hidden if h]

    def count(self) -> int:
        """Consistent deals: the hidden hands as sets (the pile is what is left, in no known order)."""
        return count_deals(self.unseen.bit_count(), self.places())

    def _filled(self, dealt: tuple[tuple[int, ...], ...]) -> Position:
        pos = self.position
        hands, k = list(pos.hands), 0
        for i, h in enumerate(self.hidden):
            if h:
                hands[i] = sum(1 << c for c in dealt[k])
                k += 1
        left = self.unseen
        for h in hands:
            left &= ~h
        if self.pile is None:
            return replace(pos, hands=tuple(hands))
        pile = 0
        for c in list(cards_of(left))[:self.pile]:
            pile |= 1 << c
        return replace(pos, hands=tuple(hands), draw=(), shuffled=pile)

    def deals(self) -> Iterator[Position]:
        for dealt in deal_all(list(cards_of(self.unseen)), self.places()):
            yield self._filled(dealt)

    def sample(self, rng: random.Random) -> Position:
        return self._filled(deal_one(list(cards_of(self.unseen)), self.places(), rng))


def view_of(pos: Position, player: int | None = None) -> View:
    """What ``player`` (default: the player to move, or the dealer choosing the ruling colour) sees."""
    me = seat_to_move(pos) if player is None else player
    hidden = tuple(None if i == me else h.bit_count() for i, h in enumerate(pos.hands))
    known = replace(pos, hands=tuple(h if i == me else 0 for i, h in enumerate(pos.hands)), draw=(), shuffled=0)
    return View(known, hidden, pos.pile().bit_count(), me)


def seat_to_move(pos: Position) -> int:
    """The player who decides next; PositionError when chance acts next or the game is over."""
    if pos.phase in (DRAW, STEAL) or pos.to_move is None:
        what = "the game is over" if pos.is_over else f"chance acts next (phase {pos.phase})"
        raise PositionError("phase", f"no player decides now: {what}")
    return pos.to_move


def view_to_json(view: View) -> dict[str, Any]:
    obj = position_to_json(view.position)
    obj["hands"] = [h if h is not None else obj["hands"][i] for i, h in enumerate(view.hidden)]
    if view.pile is not None:
        obj["draw"] = view.pile
        obj.pop("shuffled")
    obj["seat"] = view.seat
    return obj


def view_from_json(obj: Any) -> View:
    """A View from position JSON in which a hand may be a count and ``draw`` may be the pile's count
    (then without ``shuffled``); ``seat`` is the player who sees it (default: the one to decide)."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    rest = {k: v for k, v in obj.items() if k != "seat"}
    hidden: list[int | None] = []
    hands = obj.get("hands")
    if isinstance(hands, list):
        rest["hands"] = []
        for i, h in enumerate(hands):
            hidden.append(check_count(h, f"hands[{i}]", 7, PositionError) if is_count(h) else None)
            rest["hands"].append([] if is_count(h) else h)
    pile = None
    if is_count(obj.get("draw")):
        pile = check_count(obj["draw"], "draw", DECK_SIZE, PositionError)
        if obj.get("shuffled"):
            raise PositionError("shuffled", "a hidden pile (draw N) is the whole pile: no shuffled cards besides")
        rest["draw"], rest["shuffled"] = [], []
    pos = position_from_json(rest)
    seat = obj.get("seat")
    if seat is None:
        seat = seat_to_move(pos)
    if not is_count(seat):
        raise PositionError("seat", f"must be a player number, got {seat!r}")
    return View(pos, tuple(hidden), pile, seat).validate()


def format_view(view: View) -> str:
    """The one-line text: a hidden hand is its count, ``draw N`` the hidden pile, ``seat=`` when the
    seat is not the player to decide."""
    text = format_text(view.position)
    parts = text.split(" | ")
    hands = [str(h) if h is not None else part for h, part in
             zip(view.hidden, parts[2].removeprefix("hands ").split(" / "), strict=True)]
    parts[2] = "hands " + " / ".join(hands)
    if view.pile is not None:
        parts[3] = f"draw {view.pile}"
        parts[4] = "shuffled -"
    try:
        default = seat_to_move(view.position)
    except PositionError:
        default = None
    if view.seat != default:
        parts[0] += f" seat={view.seat}"
    return " | ".join(parts)


def parse_view(text: str) -> View:
    """A View from JSON (text starting with ``{``) or from text notation."""
    return parse_position_text(text, view_from_json, _text_view, PositionError)


def _text_view(text: str) -> View:
    head, sep, tail = text.strip().partition("|")
    words = head.split()
    seat = [w for w in words if w.startswith("seat=")]
    head = " ".join(w for w in words if not w.startswith("seat="))
    obj = text_to_json(head + " " + sep + tail, counts=True)
    if seat:
        value = seat[-1].removeprefix("seat=")
        if not value.isdecimal():
            raise PositionError("seat", f"must be a number, got {value!r}")
        obj["seat"] = int(value)
    return view_from_json(obj)


__all__ = ["PLAY", "RULING", "View", "format_view", "parse_view", "seat_to_move", "view_from_json",
           "view_of", "view_to_json"]
