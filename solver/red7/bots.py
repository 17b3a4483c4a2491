"""Red7's side of the bots (``solver/bots.py``): its step interface, views, advice and best defence;
the rule of thumb (stay in, spend as few and as weak cards as possible); and, mid-turn, a deal made
to agree with the card the seat drew (that card swapped to the top of the deck: every deal with it
there is then as likely as in the view)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from arbiter.model.red7 import steps
from arbiter.model.red7.cards import parse_card
from arbiter.model.red7.game import DISCARD, PASS, PLAY, Position
from arbiter.model.red7.steps import _with_top
from arbiter.model.red7.view import view_of
from arbiter.model.steps import Midturn

from .. import bots as shared
from .advise import advise
from .defence import best_defence, rules

DREW = "(drew "  # how the steps show the seat the card it drew (``steps.shown``)


def _greedy(seen: shared.Seen, state: Any, texts: Sequence[str]) -> list[str]:
    """Steps that keep the seat in first, then those that spend fewer cards, then weaker ones (the
    cards a step names are the seat's own, or the card it drew; being out is public)."""
    me = seen.view.me

    def key(text: str) -> tuple:
        after = steps.apply_step(state, text)
        out = not isinstance(after, Midturn) and after.is_out(me)
        words = text.split()
        named = [parse_card(w) for v, w in itertools.pairwise(words) if v in (PLAY, DISCARD)]
        return out, len(named), sorted(named), text

    return sorted(texts, key=key)


def _given(world: Position, seen: shared.Seen) -> Any:
    """``world`` with the card the seat drew at its first step on top of the deck, then the steps
    replayed (None if they show the seat anything else)."""
    first = seen.shown[0]
    if DREW in first:
        world = _with_top(world, parse_card(first.split(DREW)[1].split()[0].rstrip(")")))
    return shared.replayed(GAME, world, seen)


def _winners(pos: Position) -> list[int]:
    return [] if pos.winner is None else [pos.winner]


def _rules(view: Any) -> Any:
    return rules(view.me, view.position.ruleset, view.position.players)


GAME = shared.Game("red7", steps.steps, steps.apply_step, steps.shown, lambda pos: (), lambda h, seat: view_of(h[-1], seat),
                   advise, _greedy, _winners, best_defence, _rules, lambda view: _rules(view).perfect, _given,
                   frozenset({PASS}))

__all__ = ["GAME"]
