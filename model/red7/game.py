"""Red7 rounds as pure functions: an immutable ``Position``, ``legal_moves`` (whole turns),
``apply``, the seeded deal, the Action rule and the Advanced draw and scoring.

A turn is a tuple of steps; its canonical text joins them (``play R5 play O3 draw discard B2``).
The grammar is documented in ``docs/notation.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise

from .cards import (
    ACTION_MASK,
    ALL_CARDS,
    COLOUR_MASK,
    INDIGO,
    NUMBER_MASK,
    RED,
    Card,
    CardMask,
    card_code,
    cards_of,
    colour_of,
    number_of,
    parse_card,
)
from .fast import KEYS, qualifying_mask
from .fast import leader as fast_leader
from .ruleset import BASIC, HIGHEST_CARD, Ruleset

HAND_SIZE = 7
TARGETS = {2: 40, 3: 35, 4: 30}  # Advanced: points to win the game, by number of players


class MoveError(ValueError):
    """A turn text that is not a legal turn in the position."""


class PositionError(ValueError):
    """A position that breaks the notation's constraints; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


# Step verbs of a turn; a step is (verb, card) with card -1 where the text names no card.
PLAY, DISCARD, DRAW, TAKE, CANVAS, DECK, PASS = "play", "discard", "draw", "take", "canvas", "deck", "pass"
_NAMED = {PLAY, DISCARD, TAKE, CANVAS, DECK}


class Move(tuple):
    """A whole turn: a tuple of (verb, card) steps; ``str()`` is its canonical text."""

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(f"{v} {card_code(c)}" if v in _NAMED else v for v, c in self)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def cards_played(self) -> list[Card]:
        return [c for v, c in self if v == PLAY]


PASS_MOVE = Move(((PASS, -1),))


@dataclass(frozen=True)
class Position:
    """One round of Red7: the rule on the Canvas, each player's hand and Palette (bitmasks), who
    is out (bitmask), the deck (top first), the ruleset, and Advanced scores."""

    rule: int
    to_move: int
    hands: tuple[CardMask, ...]
    palettes: tuple[CardMask, ...]
    out: int = 0
    deck: tuple[Card, ...] = ()
    ruleset: Ruleset = field(default=BASIC)
    scores: tuple[int, ...] | None = None

    def __str__(self) -> str:
        """The one-line text notation (``docs/notation.md``)."""
        from .notation import format_text  # notation builds on this module

        return format_text(self)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def in_play(self) -> list[int]:
        return [i for i in range(self.players) if not self.out >> i & 1]

    def is_out(self, player: int) -> bool:
        return bool(self.out >> player & 1)

    @property
    def is_over(self) -> bool:
        """The round is over when at most one player is still in."""
        return len(self.in_play) <= 1

    @property
    def winner(self) -> int | None:
        """The last player standing once the round is over, else None."""
        left = self.in_play
        return left[0] if self.is_over and left else None

    def leader(self) -> int | None:
        """Who is winning under the Canvas rule now."""
        return fast_leader(self.rule, self.palettes, self.out, self.ruleset)

    def cards_in_play(self) -> CardMask:
        m = 0
        for h in self.hands:
            m |= h
        for p in self.palettes:
            m |= p
        for c in self.deck:
            m |= 1 << c
        return m

    def validate(self) -> Position:
        """Raise PositionError naming the field at fault; return self when sound."""
        n = self.players
        if not 2 <= n <= 4:
            raise PositionError("players", f"Red7 takes 2 to 4 players, got {n}")
        if len(self.palettes) != n:
            raise PositionError("players", "every player needs a hand and a Palette")
        if not 0 <= self.rule < 7:
            raise PositionError("rule", f"unknown rule {self.rule!r}")
        seen: dict[Card, str] = {}
        zones = [(f"players[{i}].hand", self.hands[i]) for i in range(n)]
        zones += [(f"players[{i}].palette", self.palettes[i]) for i in range(n)]
        for where, mask in zones:
            if mask < 0 or mask & ~ALL_CARDS:
                raise PositionError(where, "holds something that is not a Red7 card")
            for c in cards_of(mask):
                if c in seen:
                    raise PositionError(where, f"card {card_code(c)} is in two places ({seen[c]} and {where})")
                seen[c] = where
        for k, c in enumerate(self.deck):
            if not 0 <= c < 49:
                raise PositionError(f"deck[{k}]", "is not a Red7 card")
            if c in seen:
                raise PositionError("deck", f"card {card_code(c)} is in two places ({seen[c]} and deck)")
            seen[c] = "deck"
        if not 0 <= self.to_move < n:
            raise PositionError("to_move", f"must be a player index 0..{n - 1}, got {self.to_move}")
        if self.out >> n or self.out < 0:
            raise PositionError("out", "names a player that does not exist")
        if not self.in_play:
            raise PositionError("out", "every player is out; a round ends when one player is left in")
        if self.is_out(self.to_move) and not self.is_over:
            raise PositionError("to_move", f"player {self.to_move} is out and cannot move")
        if self.scores is not None and len(self.scores) != n:
            raise PositionError("scores", f"needs one score per player ({n})")
        return self


def _bits(m: int) -> int:
    return m.bit_count()


class _Turn:
    """Scratch state of a turn being generated; each step builds a new one (turns are short)."""

    __slots__ = ("deck", "drawn", "failed", "hand", "moved_to_canvas", "palettes", "rule", "steps")

    def __init__(self, hand, palettes, deck, rule, drawn=0, moved_to_canvas=False, failed=False, steps=()):
        self.hand, self.palettes, self.deck, self.rule = hand, palettes, deck, rule
        self.drawn, self.moved_to_canvas, self.failed, self.steps = drawn, moved_to_canvas, failed, steps

    # Positional constructor calls, not copy-and-setattr: this is the generator's inner loop.
    def play(self, c: Card, me: int) -> _Turn:
        return _Turn(self.hand & ~(1 << c), _set(self.palettes, me, self.palettes[me] | 1 << c), self.deck, self.rule,
                     self.drawn, self.moved_to_canvas, self.failed, self.steps + ((PLAY, c),))

    def discard(self, d: Card) -> _Turn:
        return _Turn(self.hand & ~(1 << d), self.palettes, self.deck, colour_of(d),
                     self.drawn, self.moved_to_canvas, self.failed, self.steps + ((DISCARD, d),))

    def draw(self, by_action3: bool) -> _Turn:
        x = self.deck[0]
        drawn = self.drawn | 1 << x if by_action3 else self.drawn
        return _Turn(self.hand | 1 << x, self.palettes, self.deck[1:], self.rule,
                     drawn, self.moved_to_canvas, self.failed, self.steps + ((DRAW, -1),))


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


class TurnGenerator:
    """Enumerates the whole turns of the player to move, each with its resulting position (the
    solver walks the same steps lazily, in its own order). With ``every``, losing turns the
    ruleset does not count as moves are enumerated too (``is_legal`` tells them apart): a player
    who cannot see the deck commits to the cards played before a draw (``arbiter.model.red7.steps``)."""

    def __init__(self, pos: Position, every: bool = False) -> None:
        self.pos = pos
        self.rs = pos.ruleset
        self.me = pos.to_move
        # Which losing turns are moves (switch losing_turns): those without a hand discard ("plays"),
        # those with one ("discards"), both or neither.
        self.legal_losing_plays = self.rs.losing_turns in ("legal", "plays_only")
        self.legal_losing = self.rs.losing_turns in ("legal", "discards_only")
        self.keep_losing_plays = self.legal_losing_plays or every
        self.keep_losing = self.legal_losing or every

    def is_legal(self, t: _Turn, stays: bool) -> bool:
        """Whether a whole turn the generator made is a move under the ruleset's ``losing_turns``."""
        return stays or (self.legal_losing if any(v == DISCARD for v, _ in t.steps) else self.legal_losing_plays)

    def winning(self, t: _Turn) -> bool:
        return fast_leader(t.rule, t.palettes, self.pos.out, self.rs) == self.me

    def stays(self, t: _Turn, rule: int) -> bool:
        """Whether the mover ends the turn in, with ``t``'s Palettes and ``rule`` on the Canvas."""
        return not t.failed and fast_leader(rule, t.palettes, self.pos.out, self.rs) == self.me

    # -- Action rule ------------------------------------------------------------------------
    def resolve(self, t: _Turn, c: Card, chain: bool = True) -> Iterator[_Turn]:
        """Every way the action of card ``c`` (just played to the Palette) can resolve."""
        if not (self.rs.actions and chain and ACTION_MASK >> c & 1):
            yield t
            return
        n = number_of(c)
        options = list(getattr(self, f"_action{n}")(t, c))
        yield from options
        mode = self.rs.action_mode
        # "if you can": mandatory when possible (the default); optional; or, read as "if doing it
        # can keep you in", skipped when every way of carrying it out ends the turn not winning.
        if not options or mode == "optional" or mode == "if_it_keeps_you_in" and not any(
                stays for o in options for _, stays in self.after_play(o)):
            yield t

    def _action1(self, t: _Turn, c: Card) -> Iterator[_Turn]:
        mine = _bits(t.palettes[self.me]) - (self.rs.action1_count == "before_play")
        targets = range(self.pos.players) if self.rs.action1_out_players == "allowed" else self.pos.in_play
        for j in targets:
            theirs = _bits(t.palettes[j])
            if j == self.me or not theirs or theirs < 2 and self.rs.action1_only_card == "never":
                continue  # never an opponent's only card (V1.1), unless FR's silence is read as allowing it
            if self.rs.action1_eligibility == "at_least_as_many" and theirs < mine:
                continue
            for x in cards_of(t.palettes[j]):
                deck = (x,) + t.deck if self.rs.action1_destination == "deck_top" else t.deck + (x,)
                yield _Turn(t.hand, _set(t.palettes, j, t.palettes[j] & ~(1 << x)), deck, t.rule,
                            t.drawn, t.moved_to_canvas, t.failed, t.steps + ((TAKE, x),))

    def _action3(self, t: _Turn, c: Card) -> Iterator[_Turn]:
        if t.deck:
            yield t.draw(by_action3=True)

    def _action5(self, t: _Turn, c: Card) -> Iterator[_Turn]:
        for x in cards_of(t.hand):
            yield from self.resolve(t.play(x, self.me), x, chain=self.rs.action5_chains)

    def _action7(self, t: _Turn, c: Card) -> Iterator[_Turn]:
        mine = t.palettes[self.me]
        movable = mine if self.rs.action7_self == "allowed" else mine & ~(1 << c)
        for x in cards_of(movable):
            left = _set(t.palettes, self.me, mine & ~(1 << x))
            moved = _Turn(t.hand, left, t.deck, colour_of(x), t.drawn, True, t.failed, t.steps + ((CANVAS, x),))
            if self.rs.action7_check == "at_once" and not self.winning(moved):
                moved.failed = True
            if self.rs.advanced and self.rs.action7_advanced_draw:
                yield from self.advanced_draw(moved, x)
            else:
                yield moved
            if self.rs.action7_destination == "canvas_or_deck":
                deck = (x,) + t.deck if self.rs.action7_deck_place == "top" else t.deck + (x,)
                yield _Turn(t.hand, left, deck, t.rule, t.drawn, t.moved_to_canvas, t.failed, t.steps + ((DECK, x),))

    # -- Advanced draw ------------------------------------------------------------------------
    def advanced_draw(self, t: _Turn, discarded: Card) -> Iterator[_Turn]:
        palette = t.palettes[self.me] if self.rs.advanced_draw_count == "at_discard" else self.pos.palettes[self.me]
        if self.rs.advanced and t.deck and number_of(discarded) > _bits(palette):
            yield t.draw(by_action3=False)
            if self.rs.advanced_draw == "mandatory":
                return
        yield t

    # -- whole turns ------------------------------------------------------------------------
    def after_play(self, t: _Turn) -> Iterator[tuple[_Turn, bool]]:
        """The turns ending with ``t``'s Palettes, each with whether the mover stays in: ``t`` as
        it is, or a hand discard (and perhaps a draw) after it."""
        yield from self.as_is(t)
        yield from self.discards(t)

    def as_is(self, t: _Turn) -> Iterator[tuple[_Turn, bool]]:
        """``t`` itself as a whole turn, unless it is a losing turn that is not a move."""
        stays = self.stays(t, t.rule)
        if stays or self.keep_losing_plays:
            yield t, stays

    def discards(self, t: _Turn) -> Iterator[tuple[_Turn, bool]]:
        """The turns that end with a hand discard after ``t`` (and perhaps an Advanced draw)."""
        keep_losing = self.keep_losing
        if t.failed and not keep_losing or t.moved_to_canvas and not self.rs.discard_after_action7:
            return
        if self.rs.discard_becomes == "was_not_winning" and self.winning(t):
            return  # FR read literally: the discard must make the player "devenir vainqueur"
        if self.rs.winning_check == "every_step" and t.steps and not t.failed and not self.winning(t):
            # FR's "durant son tour" read literally: not winning after the Palette play is out,
            # whatever the discard does.
            if not keep_losing:
                return
            t = _Turn(t.hand, t.palettes, t.deck, t.rule, t.drawn, t.moved_to_canvas, True, t.steps)
        # A discard and a draw leave the Palettes as they are, so the discarded card's colour alone
        # decides whether the mover stays in: a losing turn is dropped before it is built.
        usable = t.hand if self.rs.action3_draw_discardable else t.hand & ~t.drawn
        if self.rs.same_colour_discard == "not_allowed":
            usable &= ~COLOUR_MASK[t.rule]  # FR: a discard is made "afin de modifier la règle"
        for d in cards_of(usable):
            stays = self.stays(t, colour_of(d))
            if stays or keep_losing:
                for ended in self.advanced_draw(t.discard(d), d):
                    yield ended, stays

    def start(self) -> _Turn:
        pos = self.pos
        return _Turn(pos.hands[self.me], pos.palettes, pos.deck, pos.rule)

    def turns(self) -> Iterator[tuple[_Turn, bool]]:
        """Every legal whole turn but ``pass``, with whether the mover stays in after it."""
        start = self.start()
        for c in cards_of(start.hand):
            for t in self.resolve(start.play(c, self.me), c):
                yield from self.after_play(t)
        yield from self.discards(start)

    def successors(self) -> Iterator[tuple[Move, Position]]:
        pos, me = self.pos, self.me
        if not pos.is_over and pos.hands[me]:
            for t, stays in self.turns():
                yield Move(t.steps), _finish(pos, t, stays)
        if not pos.is_over:
            yield PASS_MOVE, _finish(pos, _Turn(pos.hands[me], pos.palettes, pos.deck, pos.rule), False)

    def every_turn(self) -> Iterator[tuple[Move, Callable[[], Position], bool, Callable[[], Position]]]:
        """Each turn (losing ones too when made with ``every``) as (move, the position after it,
        whether it is a move under the ruleset, the position as the turn leaves it before anyone goes
        out); both positions as functions of no arguments, made only when asked for."""
        pos, me = self.pos, self.me
        if pos.is_over:
            return
        if pos.hands[me]:
            for t, stays in self.turns():
                yield Move(t.steps), partial(_finish, pos, t, stays), self.is_legal(t, stays), partial(_left, pos, t)
        yield PASS_MOVE, partial(_finish, pos, self.start(), False), True, partial(_left, pos, self.start())


def _left(pos: Position, t: _Turn) -> Position:
    """The position as turn ``t`` leaves it, before anyone goes out: the same player to move."""
    me = pos.to_move
    return Position(t.rule, me, _set(pos.hands, me, t.hand), t.palettes, pos.out, t.deck, pos.ruleset, pos.scores)


def next_to_move(hands: tuple[CardMask, ...], out: int, me: int) -> tuple[int, int]:
    """After ``me``'s turn: (the next player in turn order who is still in, the players out). A
    player with no hand cards at the start of their turn is out; with one player left the round is
    over and that player is named."""
    n = len(hands)
    nxt = me
    while n - _bits(out) > 1:
        nxt = (nxt + 1) % n
        if out >> nxt & 1:
            continue
        if hands[nxt]:
            break
        out |= 1 << nxt  # no hand cards at the start of the turn: out
    if n - _bits(out) <= 1:
        nxt = next((i for i in range(n) if not out >> i & 1), me)
    return nxt, out


def _finish(pos: Position, t: _Turn, stays: bool) -> Position:
    """The position after the mover's turn: elimination, next player, round end and scoring."""
    me, n = pos.to_move, pos.players
    hands = _set(pos.hands, me, t.hand)
    nxt, out = next_to_move(hands, pos.out if stays else pos.out | 1 << me, me)
    scores = pos.scores
    new = Position(t.rule, nxt, hands, t.palettes, out, t.deck, pos.ruleset, scores)
    if new.is_over and pos.ruleset.advanced:
        w = new.winner
        base = list(scores) if scores is not None else [0] * n
        if w is not None:
            base[w] += points(banked_set(new))
        new = Position(t.rule, nxt, hands, t.palettes, out, t.deck, pos.ruleset, tuple(base))
    return new


def successors(pos: Position) -> list[tuple[Move, Position]]:
    """Every legal whole turn of the player to move with the position it leads to."""
    return list(TurnGenerator(pos).successors())


def legal_moves(pos: Position) -> list[Move]:
    """Every legal whole turn, sorted by canonical text (``pass`` is among them until the round is over)."""
    return sorted((m for m, _ in successors(pos)), key=str)


def apply(pos: Position, move: Move | str) -> Position:
    """The position after ``move`` (a Move or its text, case-insensitive); MoveError if illegal."""
    text = " ".join(str(move).split()).lower()
    for m, nxt in successors(pos):
        if str(m).lower() == text:
            return nxt
    if pos.is_over:
        raise MoveError(f"the round is over; no move is legal (got {str(move)!r})")
    _check_cards(" ".join(str(move).split()))  # as typed: an unknown card is named in the user's case
    raise MoveError(f"{str(move)!r} is not a legal turn here (see legal_moves)")


def _check_cards(text: str) -> None:
    words = text.split()
    for verb, arg in pairwise(words):
        if verb.lower() in _NAMED:
            parse_card(arg)


def banked_set(pos: Position) -> CardMask:
    """Advanced: the Palette cards the round winner banks (the set that decided the round)."""
    w = pos.winner
    if w is None:
        return 0
    palette = pos.palettes[w]
    banked = qualifying_mask(pos.rule, palette)
    if pos.ruleset.banked_set == "all_tied_groups" and banked and pos.rule in (1, 2, 5):
        banked = _all_tied_groups(pos.rule, palette, banked)
    if not banked and pos.ruleset.nobody_qualifies == HIGHEST_CARD and palette:
        banked = 1 << (palette.bit_length() - 1)  # the highest card decided the round
    return banked


def _all_tied_groups(rule: int, palette: CardMask, best: CardMask) -> CardMask:
    """Orange/Yellow/Indigo: every group as large as the deciding one, all together."""
    size = _bits(best)
    total = 0
    rest = palette
    while rest:
        g = qualifying_mask(rule, rest)
        if _bits(g) != size:
            break
        total |= g
        # Lower copies of a run's numbers are no second run: a duplicate does not lengthen a run.
        rest &= ~sum(NUMBER_MASK[number_of(c)] for c in cards_of(g)) if rule == INDIGO else ~g
    return total


def points(mask: CardMask) -> int:
    return sum(number_of(c) for c in cards_of(mask))


def deal(players: int, seed: int, ruleset: Ruleset = BASIC, available: CardMask = ALL_CARDS,
         scores: tuple[int, ...] | None = None) -> Position:
    """A seeded deal: 7 cards to each hand, 1 to each Palette, the rest the deck; Canvas Red;
    the player left of the one winning Red goes first."""
    if not 2 <= players <= 4:
        raise PositionError("players", f"Red7 takes 2 to 4 players, got {players}")
    cards = list(cards_of(available))[::-1]
    if len(cards) < players * new_hand_size(ruleset):
        raise PositionError("deck", f"{len(cards)} cards cannot deal {players} hands")
    random.Random(seed).shuffle(cards)
    return dealt(players, cards, ruleset, scores)


def dealt(players: int, cards: list[Card], ruleset: Ruleset = BASIC, scores: tuple[int, ...] | None = None) -> Position:
    """The round dealt from ``cards`` in dealing order: 7 to each hand in turn, 1 to each Palette,
    the rest the deck (top first); Canvas Red; the player left of the one winning Red goes first."""
    hands = tuple(sum(1 << c for c in cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players))
    base = players * HAND_SIZE
    # Under new_hand=hand a last deal may run out of Palette cards: the last seats get none.
    palettes = tuple(1 << cards[base + i] if base + i < len(cards) else 0 for i in range(players))
    deck = tuple(cards[base + players :])
    red = fast_leader(RED, palettes)
    first = 0 if red is None else (red + 1) % players
    if ruleset.advanced and scores is None:
        scores = (0,) * players
    return Position(RED, first, hands, palettes, 0, deck, ruleset, scores)


def new_hand_size(ruleset: Ruleset) -> int:
    """Cards a player needs for "a new hand" (switch new_hand): 7 hand cards and the Palette card
    (the default), or the 7 hand cards alone."""
    return HAND_SIZE + (ruleset.new_hand == "hand_and_palette")


def key_of(rule: int, palette: CardMask) -> int:
    return KEYS[rule](palette)
