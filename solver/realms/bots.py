"""Realms's side of the bots (``solver/bots.py``): its step interface, views, chance and advice; the
rule of thumb (lead the strongest card; follow with the weakest card that takes the trick so far,
else the weakest card; take the strongest card a Tree offers); mid-turn, a Tree's deal made to agree
with the pile the seat was shown, and each card it may take valued by the tricks it makes sure of.
The exact level plays best defence (``defence.py``, over the trick in progress, its advice's horizon)
where the view has at most ``EXACT_DEALS`` consistent deals, late in a round (``small_deal``: hands
of 7 and a pile of 3 are 120 deals); a whole game's views are not (it plays as sampled there)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arbiter.model.realms import cards, fast, steps
from arbiter.model.realms.cards import TREE, card_code, cards_of, parse_card
from arbiter.model.realms.game import Position, chance_outcomes, legal_moves, replace
from arbiter.model.realms.view import view_of
from arbiter.model.steps import Midturn, unmarked

from .. import bots as shared
from ..search import Budget, Table
from . import ALL, Guarantee, Tree
from .advise import TABLE_SIZE, advise
from .defence import best_defence, rules

EXACT_DEALS = 120  # best defence over the trick in progress on 120 deals of hands of 7: 0.1-2.5 s CPU
PILE = "(sees the draw pile: "  # how the steps show a Tree's player the pile (``steps.shown``)
_SPECIAL = {cards.PHOENIX: 20, cards.GIANT: 19, cards.WARLOCK: 18, cards.CYCLONE: 0, TREE: 0}  # Tree, Cyclone never win


def strength(c: int) -> int:
    """A rough rank across colours: numbers and Purples by number, pictures above them (the Realm
    highest), the winning Specials above all."""
    if c < cards.FIRST_PICTURE:
        return c % 9 + 1
    if c < cards.FIRST_SPECIAL:
        return 14 - (c - cards.FIRST_PICTURE) % 5
    if c < cards.FIRST_PURPLE:
        return _SPECIAL[c]
    return c - cards.FIRST_PURPLE + 1


def _greedy(seen: shared.Seen, state: Any, texts: Sequence[str]) -> list[str]:
    if isinstance(state, Midturn):  # a Tree's card: the strongest
        return sorted(texts, key=lambda t: (-strength(parse_card(t.partition("=")[2])), t))
    pos: Position = state
    if pos.to_move is None or pos.phase != "play":
        return sorted(texts)  # the ruling colour: chosen before looking at the hand, so in order
    moves = {str(m): m for m in legal_moves(pos)}
    cards, players = pos.plays()
    me = pos.to_move
    resolve = fast.resolver(pos.ruleset)

    def key(text: str) -> tuple:
        m = moves.get(text) or moves.get(unmarked(text)) or next(
            v for k, v in moves.items() if k.startswith(card_code(TREE)))
        if m.card is None:
            return 2, 0, text
        if not cards:
            return 0, -strength(m.card), text
        w, _, _ = resolve(pos.ruling, [c for c, _ in cards] + [m.card], [x for _, x in cards] + [m.choice])
        takes = w is not None and (players + [me])[w] == me
        return 0 if takes else 1, strength(m.card), text

    return sorted(texts, key=key)


def _given(world: Position, seen: shared.Seen) -> Any:
    """``world`` with the pile the seat was shown at a Tree: its cards swapped in from the hidden
    hands for the pile cards it was not shown, in card order, then the steps replayed."""
    first = seen.shown[0]
    if PILE in first:
        want = 0
        for code in first.split(PILE)[1].rstrip(")").split():
            want |= 1 << parse_card(code)
        have = world.pile()
        into, out = list(cards_of(want & ~have)), list(cards_of(have & ~want))
        hands = list(world.hands)
        for a, b in zip(into, out, strict=True):
            hands = [h & ~(1 << a) | 1 << b if h >> a & 1 else h for h in hands]
        world = replace(world, hands=tuple(hands), draw=(), shuffled=want)
    return shared.replayed(GAME, world, seen)


def _perfect(view: Any) -> Any:
    """The tricks the seat makes sure of in the rest of the trick, all cards known (its advice's measure)."""
    table = Table(TABLE_SIZE)

    def value(state: Position) -> int:
        tree = Tree(state, ALL, Budget())
        tree.me = view.me
        return Guarantee(tree, table).exact(state, 1)

    return value


def _rules(view: Any) -> Any:
    return rules(view.me, view.position)


GAME = shared.Game("realms", steps.steps, steps.apply_step, steps.shown, chance_outcomes,
                   lambda h, seat: view_of(h[-1], seat), advise, _greedy, lambda pos: [pos.winner], best_defence,
                   _rules, perfect=_perfect, given=_given, exact_deals=EXACT_DEALS)

__all__ = ["EXACT_DEALS", "GAME", "strength"]
