"""Plain brute-force minimax over the reference rules (``model.red7.reference``): turns written out
with sets and loops, no table, no ordering. The yardstick the solver is tested and benchmarked against;
default readings of every switch only."""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.model.red7 import reference
from arbiter.model.red7.cards import Card, colour_of, number_of
from arbiter.model.red7.game import Position
from arbiter.model.red7.ruleset import PRESETS

Turn = tuple[frozenset, tuple[frozenset, ...], tuple[Card, ...], int]  # hand, palettes, deck, rule


def _check_ruleset(pos: Position) -> None:
    if pos.ruleset not in PRESETS.values():
        raise ValueError(f"the plain reference knows only the default readings, not {pos.ruleset}")


def _palettes_with(palettes: tuple[frozenset, ...], i: int, palette: frozenset) -> tuple[frozenset, ...]:
    return tuple(palette if j == i else p for j, p in enumerate(palettes))


def _advanced_draws(pos: Position, me: int, t: Turn, discarded: Card) -> Iterator[Turn]:
    """Advanced: after discarding a card higher than your Palette's size you may draw."""
    hand, palettes, deck, rule = t
    yield t
    if pos.ruleset.advanced and deck and number_of(discarded) > len(palettes[me]):
        yield hand | {deck[0]}, palettes, deck[1:], rule


def _actions(pos: Position, me: int, t: Turn, c: Card) -> list[Turn]:
    """Action rule: the ways card ``c``, just played, can resolve; [t] when it has no action
    or cannot act (actions are mandatory when possible)."""
    hand, palettes, deck, rule = t
    n = number_of(c)
    if not pos.ruleset.actions or n not in (1, 3, 5, 7):
        return [t]
    options: list[Turn] = []
    if n == 1:  # take a card of an opponent with at least as many Palette cards, never their only one
        for j in range(pos.players):
            if j != me and not pos.is_out(j) and len(palettes[j]) >= max(2, len(palettes[me])):
                for x in palettes[j]:
                    options.append((hand, _palettes_with(palettes, j, palettes[j] - {x}), (x, *deck), rule))
    elif n == 3:  # draw a card
        if deck:
            options.append((hand | {deck[0]}, palettes, deck[1:], rule))
    elif n == 5:  # play another card, whose own action resolves too
        for x in hand:
            played = (hand - {x}, _palettes_with(palettes, me, palettes[me] | {x}), deck, rule)
            options.extend(_actions(pos, me, played, x))
    else:  # 7: another Palette card to the Canvas (it becomes the rule) or to the top of the deck
        for x in palettes[me] - {c}:
            left = _palettes_with(palettes, me, palettes[me] - {x})
            options.append((hand, left, deck, colour_of(x)))
            options.append((hand, left, (x, *deck), rule))
    return options or [t]


def turns(pos: Position) -> Iterator[Turn]:
    """Every whole turn but passing, as (hand, palettes, deck, rule) after it, winning or not."""
    me = pos.to_move
    hand = frozenset(reference_cards(pos.hands[me]))
    palettes = tuple(frozenset(reference_cards(p)) for p in pos.palettes)
    for c in hand:
        played = (hand - {c}, _palettes_with(palettes, me, palettes[me] | {c}), pos.deck, pos.rule)
        for t in _actions(pos, me, played, c):
            yield t
            for d in t[0]:
                yield from _advanced_draws(pos, me, (t[0] - {d}, t[1], t[2], colour_of(d)), d)
    for d in hand:
        yield from _advanced_draws(pos, me, (hand - {d}, palettes, pos.deck, colour_of(d)), d)


def reference_cards(mask: int) -> list[Card]:
    return [c for c in range(49) if mask >> c & 1]


def _mask(cards: frozenset) -> int:
    return sum(1 << c for c in cards)


def successors(pos: Position) -> list[Position]:
    """The positions after every legal turn: winning turns, then passing (which puts you out)."""
    _check_ruleset(pos)
    if pos.is_over:
        return []
    me = pos.to_move
    found = []
    for hand, palettes, deck, rule in turns(pos):
        if reference.leader(rule, palettes, _outs(pos.out)) == me:
            found.append(_next(pos, _mask(hand), tuple(map(_mask, palettes)), deck, rule, pos.out))
    found.append(_next(pos, pos.hands[me], pos.palettes, pos.deck, pos.rule, pos.out | 1 << me))
    return found


def _outs(out: int) -> list[int]:
    return [i for i in range(out.bit_length()) if out >> i & 1]


def _next(pos: Position, hand: int, palettes: tuple[int, ...], deck: tuple, rule: int, out: int) -> Position:
    """After a turn: the next player in turn order who is in; a player with no hand cards at the
    start of their turn is out; the round ends when one player is left."""
    n, me = pos.players, pos.to_move
    hands = tuple(hand if i == me else h for i, h in enumerate(pos.hands))
    nxt = me
    while n - out.bit_count() > 1:
        nxt = (nxt + 1) % n
        if out >> nxt & 1:
            continue
        if hands[nxt]:
            break
        out |= 1 << nxt
    if n - out.bit_count() <= 1:
        nxt = next((i for i in range(n) if not out >> i & 1), me)
    return Position(rule, nxt, hands, palettes, out, deck, pos.ruleset)


def banked_points(pos: Position) -> int:
    """Advanced: face value of the winner's qualifying cards under the final rule."""
    w = pos.winner
    if not pos.ruleset.advanced or w is None:
        return 0
    return sum(number_of(c) for c in reference.qualifying(pos.rule, reference_cards(pos.palettes[w])))


WIN = 1 << 10


def value(pos: Position, player: int) -> int:
    """Minimax value for ``player`` (maximising; all others minimise): WIN + banked points when
    ``player`` wins the round; with two players -(WIN + the winner's points), else -WIN."""
    if pos.is_over:
        if pos.winner == player:
            return WIN + banked_points(pos)
        return -(WIN + banked_points(pos)) if pos.players == 2 else -WIN
    if pos.is_out(player):
        return -WIN
    values = [value(child, player) for child in successors(pos)]
    return max(values) if pos.to_move == player else min(values)


def memo_winner(pos: Position, memo: dict, stop_at_win: bool = False) -> int:
    """Two players: the winner under best play by memoised minimax (no bounds, no ordering, no
    fast engine). Plain minimax values every turn; ``stop_at_win`` stops at the first winning
    turn, as ``any`` does, which is already a cut-off."""
    key = (pos.rule, pos.to_move, pos.out, pos.hands, pos.palettes, pos.deck)
    if key in memo:
        return memo[key]
    if pos.is_over:
        w = pos.winner
    else:
        me = pos.to_move
        results = (memo_winner(child, memo, stop_at_win) == me for child in successors(pos))
        w = me if (any(results) if stop_at_win else max(list(results))) else 1 - me
    memo[key] = w
    return w


def memo_forces(pos: Position, player: int, memo: dict) -> bool:
    """Any number of players: whether ``player`` can force the round win against all the others,
    by memoised minimax (no bounds, no ordering, no fast engine); ``player``'s first winning turn
    and the others' first stopping turn cut, as ``any``/``all`` do. With two players it answers
    what ``memo_winner`` does."""
    key = (player, pos.rule, pos.to_move, pos.out, pos.hands, pos.palettes, pos.deck)
    if key in memo:
        return memo[key]
    if pos.is_over:
        forced = pos.winner == player
    elif pos.is_out(player):
        forced = False
    else:
        results = (memo_forces(child, player, memo) for child in successors(pos))
        forced = any(results) if pos.to_move == player else all(results)
    memo[key] = forced
    return forced
