"""Whole games: one round for Basic, a multi-round match for Advanced (banked cards kept out of
later deals, targets 40/35/30), and seeded random play of either, as a log of events."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from .cards import ALL_CARDS, CardMask
from .game import HAND_SIZE, TARGETS, Move, Position, banked_set, deal, dealt, new_hand_size, successors
from .ruleset import Ruleset

DEAL_SIZE = HAND_SIZE + 1  # each player needs 7 hand cards and 1 Palette card to start a round

Chooser = Callable[[Position, list[tuple[Move, Position]]], tuple[Move, Position]]


def round_seed(seed: int, round_number: int) -> int:
    """The deal seed of a round, derived from the game's seed (string seeds hash stably)."""
    return random.Random(f"red7 round {round_number} of game {seed}").getrandbits(64)


@dataclass(frozen=True)
class Match:
    """A game in progress: the current round's position, the cards each player banked in
    earlier rounds, and the winners of the rounds played so far."""

    seed: int
    ruleset: Ruleset
    position: Position
    round_number: int = 1
    banked: tuple[CardMask, ...] = ()
    round_winners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return self.position.players

    @property
    def target(self) -> int | None:
        """Advanced: the points that win the game; None for a one-round game."""
        return TARGETS[self.players] if self.ruleset.advanced else None

    @property
    def scores(self) -> tuple[int, ...] | None:
        """Advanced: points banked so far, the finished current round included; None in Basic."""
        return self.position.scores if self.ruleset.advanced else None

    def round_banked(self) -> CardMask:
        """The cards the winner of the finished current round banks (0 while it runs, or in Basic)."""
        return banked_set(self.position) if self.ruleset.advanced and self.position.is_over else 0

    def all_banked(self) -> tuple[CardMask, ...]:
        """Cards banked by each player, the finished current round included."""
        w = self.position.winner
        bank = self.round_banked()
        return tuple(m | bank if i == w else m for i, m in enumerate(self.banked))

    def available(self) -> CardMask:
        """Cards left for the next deal."""
        left = ALL_CARDS
        for m in self.all_banked():
            left &= ~m
        return left

    @property
    def end_reason(self) -> str | None:
        """Why the game is over (``round``, ``target`` or ``cannot_deal``), or None while it goes on."""
        if not self.position.is_over:
            return None
        if not self.ruleset.advanced:
            return "round"
        if max(self.scores) >= self.target:
            return "target"
        if self.available().bit_count() < self.players * new_hand_size(self.ruleset):
            return "cannot_deal"
        return None

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def winners(self) -> list[int]:
        """Who won the game (several on a shared win); empty while it goes on."""
        reason = self.end_reason
        if reason is None:
            return []
        if reason != "cannot_deal":
            return [self.position.winner] if self.position.winner is not None else []
        best = max(self.scores)
        tied = [i for i in range(self.players) if self.scores[i] == best]
        if self.ruleset.final_tie == "most_cards" and len(tied) > 1:
            banked = self.all_banked()
            most = max(banked[i].bit_count() for i in tied)
            tied = [i for i in tied if banked[i].bit_count() == most]
        return tied


def start(players: int, seed: int, ruleset: Ruleset) -> Match:
    """The first round of a game, dealt from ``seed``."""
    return Match(seed, ruleset, deal(players, round_seed(seed, 1), ruleset), 1, (0,) * players, ())


def next_round(match: Match, order: list[int] | None = None) -> Match:
    """Advanced: bank the finished round and deal the next from the cards still available, shuffled
    by the round's seed or, given, in the dealing ``order`` (every available card once)."""
    if not match.position.is_over or match.is_over:
        raise ValueError("the next round starts only after a finished round of a game still going on")
    number = match.round_number + 1
    if order is None:
        pos = deal(match.players, round_seed(match.seed, number), match.ruleset, match.available(), match.scores)
    else:
        pos = dealt(match.players, order, match.ruleset, match.scores)
    winner = match.position.winner
    if match.ruleset.next_round_first == "left_of_last_winner" and winner is not None:
        pos = replace(pos, to_move=(winner + 1) % pos.players)
    winners = match.round_winners + ((winner,) if winner is not None else ())
    return Match(match.seed, match.ruleset, pos, number, match.all_banked(), winners)


# -- playing a game: a log of events ---------------------------------------------------------

@dataclass(frozen=True)
class RoundStart:
    round_number: int
    position: Position


@dataclass(frozen=True)
class Turn:
    player: int
    move: Move
    position: Position  # after the turn


@dataclass(frozen=True)
class RoundEnd:
    round_number: int
    winner: int | None
    banked: CardMask
    scores: tuple[int, ...] | None


@dataclass(frozen=True)
class GameEnd:
    reason: str
    winners: list[int]
    scores: tuple[int, ...] | None
    banked: tuple[CardMask, ...]


Event = RoundStart | Turn | RoundEnd | GameEnd


def random_chooser(seed: int) -> Chooser:
    """A player that picks uniformly among the legal turns (sorted by text), seeded."""
    rng = random.Random(seed)

    def choose(pos: Position, options: list[tuple[Move, Position]]) -> tuple[Move, Position]:
        return rng.choice(sorted(options, key=lambda o: str(o[0])))

    return choose


def play(players: int, seed: int, ruleset: Ruleset, choose: Chooser | None = None) -> Iterator[Event]:
    """Play a whole game from a seeded deal, yielding events; ``choose`` defaults to random legal
    turns from ``random.Random(seed)``. Basic: one round. Advanced: rounds until the game ends."""
    choose = choose or random_chooser(seed)
    match = start(players, seed, ruleset)
    while True:
        yield RoundStart(match.round_number, match.position)
        pos = match.position
        while not pos.is_over:
            mover = pos.to_move
            move, pos = choose(pos, successors(pos))
            yield Turn(mover, move, pos)
        match = replace(match, position=pos)
        yield RoundEnd(match.round_number, pos.winner, match.round_banked(), match.scores)
        if match.is_over:
            yield GameEnd(match.end_reason, match.winners, match.scores, match.all_banked())
            return
        match = next_round(match)
