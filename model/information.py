"""What each seat has seen of a game played through steps, and re-deals of the cards it has not seen
that it could not tell from the real one (the same information state), for every game.

A ``Record`` is a dealt position and the events after it (step texts and chance labels). A seat's
``history`` is the deal as that seat sees it and each event as ``shown`` to it (``Shown.to``):
its information state, with perfect recall. ``redeal`` puts the cards the seat has not seen in
other places, uniformly at random, and plays the same events again (a hidden choice another
player made, such as the card a Realms Tree took, follows its card); a re-deal in which an event is
no longer legal (a Realms player who did not follow the colour was dealt one) is refused and
another drawn, and when none of a few is sound, random swaps of two unseen cards, each kept when
the game stays legal, move away from the real deal. Where the same card is in the deck more than
once (Stick to Colours) cards cannot follow their moves: a hidden choice is then made again among
those that show the seat the same.

Which deal the cards seen pin down, and how a deal's cards are laid out, is each game's
``Layout`` (in its ``steps`` module). The weights of the deals ignore how likely each player's own
choices were, as if every player chose blindly. Where a uniform re-deal is sound (always for Red7
and Stick to Colours, whose recorded moves never depend on cards unseen), every consistent deal is
as likely as another; where only the swaps find one (Realms, once voids have shown), the deal is
a random walk's from the real one: consistent, but not exactly uniform (it starts at the real deal).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .steps import Midturn

SWAPS = 4  # swap proposals per hidden card when no uniform re-deal was sound
TRIES = 8  # uniform re-deals tried before the swaps


@dataclass(frozen=True)
class Layout:
    """How a game lays out the cards of a dealt position, for re-dealing them: ``cards(pos)`` lists
    them place by place, ``relaid(pos, cards)`` puts a list of the same length back; ``seen(pos,
    seat)`` the places (indices) the seat sees at the deal; ``revealed(start, now, seat)`` places
    shown later by where they lie (a deck's top cards laid out) rather than by name; ``unique``:
    every card is in the deck once, so a card's name says which place it came from."""

    cards: Callable[[Any], list[int]]
    relaid: Callable[[Any, list[int]], Any]
    seen: Callable[[Any, int], set[int]]
    code: Callable[[int], str]
    parse: Callable[[str], int]
    unique: bool = True
    revealed: Callable[[Any, Any, int], set[int]] = field(default=lambda start, now, seat: set())


def relaid_masks(cards: Sequence[int], masks: Sequence[int]) -> tuple[list[int], int]:
    """The first cards of a layout laid back into zones held as bitmasks (hands, Palettes), each as
    many as the mask it replaces: the new masks, and the index of the first card left over."""
    out, k = [], 0
    for m in masks:
        n = m.bit_count()
        out.append(sum(1 << c for c in cards[k:k + n]))
        k += n
    return out, k


@dataclass(frozen=True)
class Record:
    """A game from a dealt position: the events since (step texts and chance labels), in order."""

    start: Any
    events: tuple[str, ...] = ()


class Unplayable(ValueError):
    """An event of a record that is not legal where it comes."""


def _after(model: Any, state: Any, event: str) -> Any:
    if state.to_move is None:
        for _, label, after in model.chance_outcomes(state):
            if label == event:
                return after
        raise Unplayable(f"chance has no outcome {event!r} here")
    try:
        return model.steps.apply_step(state, event)
    except model.MoveError as e:
        raise Unplayable(str(e)) from None


def states(model: Any, record: Record) -> Iterator[Any]:
    """The states of a record: its start, then the state after each event."""
    state = record.start
    yield state
    for event in record.events:
        state = _after(model, state, event)
        yield state


def final(model: Any, record: Record) -> Any:
    state = record.start
    for state in states(model, record):
        pass
    return state


def history(model: Any, record: Record, seat: int, played: Sequence[Any] | None = None) -> tuple[str, ...]:
    """What ``seat`` has seen: the deal as it sees it, then each event as shown to it (``played``:
    the record's ``states``, when already known)."""
    layout = model.steps.LAYOUT
    cards = layout.cards(record.start)
    seen = sorted(layout.seen(record.start, seat))
    out = ["dealt " + " ".join(f"{k}:{layout.code(cards[k])}" for k in seen)]
    before = record.start
    for event, after in zip(record.events, (played or list(states(model, record)))[1:], strict=True):
        mover = before.to_move
        out.append(f"{'chance' if mover is None else f'p{mover}'}: {model.steps.shown(before, event, after).to(seat)}")
        before = after
    return tuple(out)


_TOKEN = re.compile(r"[A-Za-z0-9]+")


def _seen_places(model: Any, record: Record, seat: int, shown: Sequence[str] | None = None,
                 last: Any = None) -> set[int]:
    """The places of the deal whose card ``seat`` has seen: at the deal, named in what it was shown
    (``shown``: its ``history``, when known), or shown by place (``last``: the final state, when known)."""
    layout = model.steps.LAYOUT
    cards = layout.cards(record.start)
    last = final(model, record) if last is None else last
    places = set(layout.seen(record.start, seat)) | layout.revealed(record.start, last, seat)
    if layout.unique:
        named = set()
        for line in (shown or history(model, record, seat))[1:]:
            named |= cards_named(layout, line)
        places |= {k for k, c in enumerate(cards) if c in named}
    return places


def cards_named(layout: Layout, text: str) -> set[int]:
    """The cards a text names by their codes (a word that only reads as one, ``p1``, is no card)."""
    named = set()
    for token in _TOKEN.findall(text):
        try:
            card = layout.parse(token)
        except ValueError:
            continue
        if layout.code(card) == token:
            named.add(card)
    return named


def _relabel(text: str, codes: dict[str, str]) -> str:
    return _TOKEN.sub(lambda m: codes.get(m.group(0), m.group(0)), text)


def _replayed(model: Any, record: Record, start: Any, codes: dict[str, str], seat: int, rng: random.Random,
              shown: tuple[str, ...]) -> Record | None:
    """The record's events from ``start`` (cards renamed by ``codes`` where each card has one name),
    or None when one is not legal there; a hidden choice that is not legal is made again among those
    that show ``seat`` the same (for a game whose cards repeat)."""
    events = []
    state = start
    unique = model.steps.LAYOUT.unique
    for k, event in enumerate(record.events):
        wanted = shown[k + 1].partition(": ")[2]
        moved = _relabel(event, codes) if unique else event
        try:
            after = _after(model, state, moved)
            ok = model.steps.shown(state, moved, after).to(seat) == wanted
        except Unplayable:
            ok = False
        if not ok:
            if unique:
                return None
            choice = _again(model, state, wanted, seat, rng)
            if choice is None:
                return None
            moved, after = choice
        events.append(moved)
        state = after
    return Record(start, tuple(events))


def _again(model: Any, state: Any, wanted: str, seat: int, rng: random.Random) -> tuple[str, Any] | None:
    """An event at ``state`` that shows ``seat`` what ``wanted`` says, chosen at random (chance by
    its probability); None when there is none."""
    if state.to_move is None:
        options = [(p, label, after) for p, label, after in model.chance_outcomes(state)]
    else:
        options = [(1.0, s, model.steps.apply_step(state, s)) for s in model.steps.steps(state)]
    fits = [(p, e, a) for p, e, a in options if model.steps.shown(state, e, a).to(seat) == wanted]
    if not fits:
        return None
    _, e, a = rng.choices(fits, [f[0] for f in fits])[0]
    return e, a


def redeal(model: Any, record: Record, seat: int, rng: random.Random) -> Record:
    """A record ``seat`` cannot tell from ``record`` (the same ``history``), the cards it has not seen
    dealt anew (module docstring); the record itself when nothing it has not seen can move."""
    return redeal_renamed(model, record, seat, rng)[0]


def redeal_renamed(model: Any, record: Record, seat: int, rng: random.Random) -> tuple[Record, dict[int, int]]:
    """``redeal``, and for a game whose cards are unique the card each card of the deal became
    (every card the seat has seen stays itself); empty for the others."""
    layout = model.steps.LAYOUT
    cards = layout.cards(record.start)
    played = list(states(model, record))
    shown = history(model, record, seat, played)
    seen = _seen_places(model, record, seat, shown, played[-1])
    hidden = [k for k in range(len(cards)) if k not in seen]
    same = {c: c for c in cards} if layout.unique else {}
    if len(hidden) < 2:
        return record, same

    def renamed(order: Sequence[int]) -> dict[int, int]:
        return {**same, **{cards[k]: cards[j] for k, j in zip(hidden, order, strict=True)}} if layout.unique else {}

    def attempt(order: Sequence[int]) -> Record | None:
        new = list(cards)
        for k, j in zip(hidden, order, strict=True):
            new[k] = cards[j]
        codes = {layout.code(cards[k]): layout.code(new[k]) for k in hidden} if layout.unique else {}
        return _replayed(model, record, layout.relaid(record.start, new), codes, seat, rng, shown)

    for _ in range(TRIES):
        order = list(hidden)
        rng.shuffle(order)
        found = attempt(order)
        if found is not None:
            return found, renamed(order)
    order, found, kept = list(hidden), record, list(hidden)
    for _ in range(SWAPS * len(hidden)):
        i, j = rng.sample(range(len(hidden)), 2)
        order[i], order[j] = order[j], order[i]
        trial = attempt(order)
        if trial is None:
            order[i], order[j] = order[j], order[i]
        else:
            found, kept = trial, list(order)
    return found, renamed(kept)


def now(model: Any, state: Any) -> Any:
    """The game's position as the state leaves it (a turn in progress shown as far as it went)."""
    if isinstance(state, Midturn) and hasattr(model.steps, "now"):
        return model.steps.now(state)
    return state


__all__ = ["SWAPS", "TRIES", "Layout", "Record", "Unplayable", "cards_named", "final", "history", "now", "redeal", "redeal_renamed",
           "relaid_masks", "states"]
