"""Bridge card play as pure functions: an immutable ``Position`` (the cards each seat still holds,
the strain, declarer, the trick in progress and the tricks won by each side), ``legal_moves``,
``apply`` and a seeded deal. Card play has no chance: once dealt, every hand is fixed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..switches import SwitchRuleset
from ..tricks.play import seat_of, shuffled_hands
from . import fast
from .cards import (
    ALL_CARDS,
    DECK_SIZE,
    HAND_SIZE,
    NT,
    SEATS,
    SUIT_MASK,
    Card,
    CardError,
    CardMask,
    card_code,
    cards_of,
    parse_card,
)

PLAYERS = 4


class MoveError(ValueError):
    """A move text that is not a legal card here."""


class PositionError(ValueError):
    """A position that breaks the notation's constraints; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


@dataclass(frozen=True)
class Ruleset(SwitchRuleset):
    """Bridge card play has no reading switches (docs/rules-bridge.md: the Laws leave no doubt
    about who wins a trick or what may be played); the one preset is ``default``."""


Ruleset.make_presets()
DEFAULT = Ruleset()


@dataclass(frozen=True)
class Move:
    """A card played (dummy's cards are played by declarer, but the move names the card only)."""

    card: Card

    def __str__(self) -> str:
        return card_code(self.card)


def partner(seat: int) -> int:
    return seat ^ 2


def side_of(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat & 1


@dataclass(frozen=True)
class Position:
    """Card play in progress. ``hands`` are the cards each seat (N E S W) still holds; ``trick`` the
    cards played to the current trick from ``leader`` on; ``tricks`` the tricks won by North-South
    and East-West so far; ``strain`` 0..3 a trump suit, 4 no trump; ``declarer`` a seat or None (no
    contract named: a double-dummy question); ``level`` the contract's level or None."""

    hands: tuple[CardMask, CardMask, CardMask, CardMask]
    strain: int = NT
    leader: int = 0
    trick: tuple[Card, ...] = ()
    tricks: tuple[int, int] = (0, 0)
    declarer: int | None = None
    level: int | None = None
    ruleset: Ruleset = field(default=DEFAULT)

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def to_move(self) -> int | None:
        """The seat whose card is played next; None when every card is played."""
        if self.is_over:
            return None
        return seat_of(self.leader, len(self.trick), PLAYERS)

    @property
    def dummy(self) -> int | None:
        return None if self.declarer is None else partner(self.declarer)

    @property
    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished, the one in progress included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def controller(self, seat: int) -> int:
        """Who chooses the card of ``seat``: declarer plays dummy's cards (Law 45)."""
        return self.declarer if seat == self.dummy else seat

    def validate(self) -> Position:
        """Raise PositionError naming the field at fault; return self when sound."""
        if len(self.hands) != PLAYERS:
            raise PositionError("deal", f"bridge has four hands (N E S W), got {len(self.hands)}")
        if not 0 <= self.strain <= NT:
            raise PositionError("strain", "must be S, H, D, C or NT")
        for name, seat in (("leader", self.leader), ("declarer", self.declarer)):
            if seat is not None and not 0 <= seat < PLAYERS:
                raise PositionError(name, "must be a seat N, E, S or W")
        if self.level is not None and not 1 <= self.level <= 7:
            raise PositionError("level", f"a contract's level is 1 to 7, got {self.level}")
        if self.level is not None and self.declarer is None:
            raise PositionError("declarer", "a contract needs a declarer")
        seen = 0
        for i, h in enumerate(self.hands):
            if h < 0 or h & ~ALL_CARDS:
                raise PositionError(f"hands[{SEATS[i]}]", "holds something that is not a bridge card")
            if h & seen:
                raise PositionError(f"hands[{SEATS[i]}]", f"{card_code((h & seen).bit_length() - 1)} is in two hands")
            seen |= h
        if len(self.trick) > 3:
            raise PositionError("trick", "a trick in progress holds at most three cards (the fourth ends it)")
        for k, c in enumerate(self.trick):
            if not 0 <= c < DECK_SIZE:
                raise PositionError(f"trick[{k}]", "is not a bridge card")
            if seen >> c & 1:
                raise PositionError(f"trick[{k}]", f"{card_code(c)} is also in a hand or the trick")
            seen |= 1 << c
        left = self.tricks_left
        wanted = [left - 1 if k < len(self.trick) else left for k in range(PLAYERS)]
        if any(self.hands[seat_of(self.leader, k, PLAYERS)].bit_count() != wanted[k] for k in range(PLAYERS)):
            counts = ", ".join(str(h.bit_count()) for h in self.hands)
            played = f"{len(self.trick)} card{'s' if len(self.trick) > 1 else ''}" if self.trick else "no card"
            raise PositionError("deal", f"the hands hold {counts} cards (N E S W); with {played} played to the trick "
                                f"led by {SEATS[self.leader]} each must hold {left}"
                                + (" (less one for each seat that played)" if self.trick else ""))
        if left > HAND_SIZE:
            raise PositionError("deal", f"a hand holds at most {HAND_SIZE} cards")
        for k in range(1, len(self.trick)):
            before = self.trick[0] // 13
            seat = seat_of(self.leader, k, PLAYERS)
            if self.trick[k] // 13 != before and self.hands[seat] & SUIT_MASK[before]:
                raise PositionError(f"trick[{k}]", f"{SEATS[seat]} did not follow suit but still holds "
                                    f"{card_code((self.hands[seat] & SUIT_MASK[before]).bit_length() - 1)}")
        if len(self.tricks) != 2 or any(type(t) is not int or t < 0 for t in self.tricks):
            raise PositionError("tricks", "is two counts of tricks won: North-South, East-West")
        if sum(self.tricks) + self.tricks_left > HAND_SIZE:
            raise PositionError("tricks", f"{sum(self.tricks)} tricks won and {self.tricks_left} to play make more "
                                f"than {HAND_SIZE}")
        return self


def legal_cards(pos: Position) -> CardMask:
    """The cards the seat to move may play (Law 44C-D: follow suit if able, else any card)."""
    if pos.is_over:
        return 0
    return fast.legal(pos.trick, pos.hands[pos.to_move])


def legal_moves(pos: Position) -> list[Move]:
    """Every legal card, in canonical order (spades first, each suit from the ace down)."""
    return [Move(c) for c in cards_of(legal_cards(pos))]


def parse_move(pos: Position, text: str) -> Move:
    try:
        return Move(parse_card(text))
    except CardError as e:
        raise MoveError(str(e)) from None


def trick_winner(pos: Position, cards: tuple[Card, ...]) -> int:
    """The seat that wins ``cards`` led by ``pos.leader`` at the position's strain."""
    return seat_of(pos.leader, fast.winner(pos.strain, cards), PLAYERS)


def apply(pos: Position, move: Move | str) -> Position:
    """The position after a legal card; MoveError for an illegal one."""
    if isinstance(move, str):
        move = parse_move(pos, move)
    if pos.is_over:
        raise MoveError("every card has been played")
    if not legal_cards(pos) >> move.card & 1:
        seat = SEATS[pos.to_move]
        if not pos.hands[pos.to_move] >> move.card & 1:
            raise MoveError(f"{move} is not in {seat}'s hand (legal: {', '.join(map(str, legal_moves(pos)))})")
        raise MoveError(f"{move} does not follow suit; {seat} must follow (legal: "
                        f"{', '.join(map(str, legal_moves(pos)))})")
    return successor(pos, move.card)


def successor(pos: Position, c: Card) -> Position:
    """The position after card ``c`` (legal, not checked: the solver plays only cards it generated)."""
    me = pos.to_move
    hands = pos.hands[:me] + (pos.hands[me] & ~(1 << c),) + pos.hands[me + 1:]
    trick = pos.trick + (c,)
    if len(trick) < PLAYERS:
        return replace(pos, hands=hands, trick=trick)
    won = trick_winner(pos, trick)
    tricks = (pos.tricks[0] + (side_of(won) == 0), pos.tricks[1] + (side_of(won) == 1))
    return replace(pos, hands=hands, trick=(), leader=won, tricks=tricks)


def chance_outcomes(pos: Position) -> list:
    """Card play holds no chance event: the deal is the only random act, and it is done."""
    return []


def opening_leader(declarer: int) -> int:
    """Law 41: the opening lead is made by the defender on declarer's left."""
    return (declarer + 1) % PLAYERS


def deal(players: int = PLAYERS, seed: int = 0, ruleset: Ruleset = DEFAULT, strain: int = NT,
         declarer: int | None = None) -> Position:
    """A seeded deal: the 52 cards shuffled, 13 to each seat (N first); no contract unless
    ``declarer`` is given (then the seat on declarer's left leads), else North leads."""
    if players != PLAYERS:
        raise PositionError("players", f"bridge is played by four, got {players}")
    hands, _ = shuffled_hands(seed, DECK_SIZE, PLAYERS, HAND_SIZE)
    leader = 0 if declarer is None else opening_leader(declarer)
    return Position(hands=hands, strain=strain, leader=leader, declarer=declarer, ruleset=ruleset)


def random_game(players: int = PLAYERS, seed: int = 0, ruleset: Ruleset = DEFAULT, strain: int = NT,
                declarer: int | None = None):
    """A seeded play of uniformly random legal cards: ``(before, card text, after)`` per card."""
    rng = random.Random(seed)
    pos = deal(players, seed, ruleset, strain, declarer)
    while not pos.is_over:
        moves = legal_moves(pos)
        m = moves[rng.randrange(len(moves))]
        after = successor(pos, m.card)
        yield pos, str(m), after
        pos = after


def result(pos: Position) -> tuple[int, int]:
    """Tricks won by North-South and East-West."""
    return pos.tricks
