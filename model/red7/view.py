"""Views: a position as one player sees it (opponents' hands as counts, the deck perhaps hidden, the
public Canvas pile), checked, and the deals of the unseen cards consistent with it, enumerated or sampled."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from math import comb, factorial
from typing import Any, TextIO

from ..games import looks_like_json, read_json
from .cards import ALL_CARDS, COLOUR_NAMES, CardError, CardMask, card_code, cards_of, codes, parse_cards
from .game import Position, PositionError
from .notation import load_position, position_from_json, position_to_json, text_to_json

_VIEW_KEYS = {"canvas"}


@dataclass(frozen=True)
class View:
    """What the player to move sees. ``position`` holds every known card (a hidden hand is empty
    there); ``hidden[i]`` is the number of hidden cards in player i's hand (None: the hand is known);
    ``deck_hidden`` is the number of hidden deck cards (None: ``position.deck`` is the known deck);
    ``canvas`` the public cards under the top of the Canvas pile. Every card shown nowhere is
    unseen: the hidden hands and deck are dealt from those; unseen cards left over are out of the round."""

    position: Position
    hidden: tuple[int | None, ...]
    deck_hidden: int | None = None
    canvas: CardMask = 0

    @property
    def me(self) -> int:
        return self.position.to_move

    @property
    def unseen(self) -> CardMask:
        return ALL_CARDS & ~self.position.cards_in_play() & ~self.canvas

    @property
    def hidden_cards(self) -> int:
        """How many cards the hidden hands and deck hold together."""
        return sum(h or 0 for h in self.hidden) + (self.deck_hidden or 0)

    @property
    def deck_order_matters(self) -> bool:
        """Only the Action 3 and the Advanced draw take deck cards; under Basic the order (and which
        unseen cards are in the deck rather than out of the round) changes nothing."""
        rs = self.position.ruleset
        return bool(self.deck_hidden) and (rs.actions or rs.advanced)

    @property
    def is_complete(self) -> bool:
        """Nothing is hidden: the view is a position."""
        return self.hidden_cards == 0 and all(h is None for h in self.hidden) and self.deck_hidden is None

    def validate(self) -> View:
        """Raise PositionError naming the field at fault; return self when sound."""
        pos = self.position
        pos.validate()
        clash = self.canvas & pos.cards_in_play()
        if clash:
            c = next(cards_of(clash))
            raise PositionError("canvas", f"card {card_code(c)} is in two places (canvas and {_where(pos, c)})")
        if self.hidden[self.me] is not None:
            raise PositionError(f"players[{self.me}].hand", "the player to move sees their own hand: list its cards")
        for i, h in enumerate(self.hidden):
            if h is not None and (not isinstance(h, int) or isinstance(h, bool) or h < 0):
                raise PositionError(f"players[{i}].hand", f"a hidden hand is a count of cards, got {h!r}")
        d = self.deck_hidden
        if d is not None and (not isinstance(d, int) or isinstance(d, bool) or d < 0):
            raise PositionError("deck", f"a hidden deck is a count of cards, got {d!r}")
        unseen = self.unseen.bit_count()
        if self.hidden_cards > unseen:
            field = "deck" if d and self.hidden_cards - d <= unseen else _first_hidden(self)
            raise PositionError(field, f"{self.hidden_cards} hidden cards (hands and deck) but only {unseen} "
                                       "cards are unseen")
        return self

    def count(self) -> int:
        """The number of consistent deals: hidden hands as sets and, where the order matters, the deck
        as a sequence (under Basic the deck is never drawn from, so its content is not dealt)."""
        sizes = [h for h in self.hidden if h]
        d = self.deck_hidden or 0
        return _count(self.unseen.bit_count(), sizes + ([d] if self.deck_order_matters else []),
                      d if self.deck_order_matters else 0)

    def fill(self, hands: list[CardMask], deck: tuple[int, ...]) -> Position:
        """The position with the hidden hands and deck given."""
        pos = self.position
        full = tuple(hands[i] if h is not None else pos.hands[i] for i, h in enumerate(self.hidden))
        return replace(pos, hands=full, deck=pos.deck if self.deck_hidden is None else deck)

    def deals(self) -> Iterator[Position]:
        """Every consistent deal, each once, in a fixed order."""
        seats = [i for i, h in enumerate(self.hidden) if h]
        d = self.deck_hidden or 0
        ordered = self.deck_order_matters

        def rest(k: int, pool: CardMask, hands: list[CardMask]) -> Iterator[Position]:
            if k < len(seats):
                i = seats[k]
                for chosen in combinations(list(cards_of(pool)), self.hidden[i]):
                    m = sum(1 << c for c in chosen)
                    hands[i] = m
                    yield from rest(k + 1, pool & ~m, hands)
                hands[i] = 0
            elif ordered:
                for deck in permutations(list(cards_of(pool)), d):
                    yield self.fill(hands, deck)
            else:
                yield self.fill(hands, tuple(cards_of(pool))[:d])

        yield from rest(0, self.unseen, [0] * self.position.players)

    def sample(self, rng: random.Random) -> Position:
        """One consistent deal drawn uniformly at random (the same deals ``deals`` lists)."""
        order_matters = self.deck_order_matters
        taken = self.hidden_cards - (0 if order_matters else self.deck_hidden or 0)
        cards = rng.sample(list(cards_of(self.unseen)), taken)
        hands = [0] * self.position.players
        k = 0
        for i, h in enumerate(self.hidden):
            if h:
                hands[i] = sum(1 << c for c in cards[k:k + h])
                k += h
        if order_matters:
            deck = tuple(cards[k:])
        else:
            left = self.unseen & ~sum(hands)
            deck = tuple(cards_of(left))[:self.deck_hidden or 0]
        return self.fill(hands, deck)


def _count(unseen: int, sizes: list[int], arranged: int) -> int:
    """Ways to pick sets of ``sizes`` from ``unseen`` cards, the last ``arranged`` of them in order."""
    n, left = 1, unseen
    for s in sizes:
        n *= comb(left, s)
        left -= s
    return n * factorial(arranged)


def _where(pos: Position, c: int) -> str:
    for i in range(pos.players):
        for zone, m in (("hand", pos.hands[i]), ("palette", pos.palettes[i])):
            if m >> c & 1:
                return f"players[{i}].{zone}"
    return "deck"


def _first_hidden(view: View) -> str:
    i = next((i for i, h in enumerate(view.hidden) if h), 0)
    return f"players[{i}].hand"


# -- notation --------------------------------------------------------------------------------

def view_from_json(obj: Any) -> View:
    """A View from the position JSON of docs/notation.md in which an opponent's ``hand`` may be a
    count, ``deck`` may be a count, plus an optional ``canvas`` list; a view without ``deck`` has
    every unseen card not in a hidden hand in the deck."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    rest = {k: v for k, v in obj.items() if k not in _VIEW_KEYS}
    players = obj.get("players")
    hidden: list[int | None] = []
    if isinstance(players, list):
        rest["players"] = []
        for i, p in enumerate(players):
            if isinstance(p, dict) and _is_count(p.get("hand")):
                hidden.append(_check_count(p["hand"], f"players[{i}].hand"))
                p = {**p, "hand": []}
            else:
                hidden.append(None)
            rest["players"].append(p)
    deck = obj.get("deck")
    deck_hidden = None
    if _is_count(deck):
        deck_hidden = _check_count(deck, "deck")
        rest.pop("deck")
    canvas = obj.get("canvas", [])
    try:
        canvas_mask = parse_cards(canvas, "canvas")
    except CardError as e:
        raise PositionError("canvas", str(e)) from None
    pos = position_from_json(rest)
    if "deck" not in obj:  # the deck is every unseen card not in a hidden hand
        unseen = (ALL_CARDS & ~pos.cards_in_play() & ~canvas_mask).bit_count()
        deck_hidden = max(0, unseen - sum(h or 0 for h in hidden))
    return View(pos, tuple(hidden), deck_hidden, canvas_mask).validate()


def _is_count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_count(x: int, field: str) -> int:
    if x < 0 or x > 49:
        raise PositionError(field, f"a hidden count must be 0 to 49 cards, got {x}")
    return x


def view_to_json(view: View) -> dict[str, Any]:
    obj = position_to_json(view.position)
    for i, h in enumerate(view.hidden):
        if h is not None:
            obj["players"][i]["hand"] = h
    if view.deck_hidden is not None:
        obj.pop("deck", None)
        obj["deck"] = view.deck_hidden
    if view.canvas:
        obj["canvas"] = codes(view.canvas)
    return obj


def format_view(view: View) -> str:
    """The one-line text: a hidden hand is its count, ``deck N`` a hidden deck, ``canvas ...`` the pile."""
    obj = view_to_json(view)
    pos = view.position
    parts = [f"{COLOUR_NAMES[pos.rule]} {pos.to_move} {pos.ruleset}"]
    for p in obj["players"]:
        hand = str(p["hand"]) if isinstance(p["hand"], int) else " ".join(p["hand"])
        parts.append(" ".join(w for w in (hand, "/", *p["palette"], "out" if p.get("out") else "") if w))
    if "deck" in obj:
        deck = obj["deck"]
        parts.append(f"deck {deck}" if isinstance(deck, int) else " ".join(["deck", *deck]))
    if pos.scores is not None:
        parts.append(" ".join(["scores", *map(str, pos.scores)]))
    if view.canvas:
        parts.append(" ".join(["canvas", *obj["canvas"]]))
    return " | ".join(parts)


def parse_view(text: str) -> View:
    """A View from JSON (text starting with ``{`` or ``[``) or from text notation."""
    if looks_like_json(text):
        try:
            obj = read_json(text)  # the shared reader: nesting too deep, NaN and huge numbers are one line too
        except ValueError as e:
            raise PositionError("position", str(e)) from None
    else:
        obj = text_to_json(text)
    return view_from_json(obj)


def load_view(arg: str, stdin: TextIO | None = None) -> View:
    """A View from ``-`` (stdin), inline JSON, inline text notation, or a file holding either."""
    return load_position(arg, stdin, parse_view)


def view_of(pos: Position, player: int | None = None) -> View:
    """What ``player`` (default: the player to move) sees of a position: the other hands and the
    deck hidden. Cards not in the position are taken as public (on the Canvas pile, or banked)."""
    me = pos.to_move if player is None else player
    hidden = tuple(None if i == me else pos.hands[i].bit_count() for i in range(pos.players))
    known = replace(pos, hands=tuple(h if i == me else 0 for i, h in enumerate(pos.hands)), deck=())
    return View(known, hidden, len(pos.deck), ALL_CARDS & ~pos.cards_in_play())


__all__ = ["View", "format_view", "load_view", "parse_view", "view_from_json", "view_of", "view_to_json"]
