"""Exploring positions from Python as from the command line: ``deal``, ``moves`` (each legal turn with
what it does) and ``apply``, taking a Position or its notation (text or JSON)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import game
from .cards import COLOUR_NAMES, codes
from .game import Position
from .notation import format_text, parse_position
from .ruleset import BASIC, Ruleset


def position(pos: Position | str) -> Position:
    """``pos`` itself, or the Position its notation (text or JSON) stands for; PositionError if bad."""
    return pos if isinstance(pos, Position) else parse_position(pos)


def deal(players: int = 2, seed: int = 0, ruleset: Ruleset | str = BASIC) -> Position:
    """A fresh seeded deal (7 cards a hand, 1 a Palette, the rest the deck; Canvas red)."""
    return game.deal(players, seed, ruleset if isinstance(ruleset, Ruleset) else Ruleset.parse(ruleset))


@dataclass(frozen=True)
class Turn:
    """A legal turn and what it does: the position after it, the rule then, who leads, who goes out."""

    move: str
    before: Position
    after: Position

    @property
    def went_out(self) -> list[int]:
        return [i for i in range(self.after.players) if self.after.is_out(i) and not self.before.is_out(i)]

    def describe(self) -> str:
        me = self.before.to_move
        parts = [f"rule {COLOUR_NAMES[self.after.rule]}"]
        if self.after.palettes[me] != self.before.palettes[me]:
            parts.append(f"Palette {' '.join(codes(self.after.palettes[me])) or '-'}")
        drawn = self.after.hands[me] & ~self.before.hands[me]
        if drawn:
            parts.append(f"draws {' '.join(codes(drawn))}")
        for i in range(self.before.players):
            taken = self.before.palettes[i] & ~self.after.palettes[i]
            if i != me and taken:
                parts.append(f"takes {' '.join(codes(taken))} from player {i}")
        parts += [("you go out" if i == me else f"player {i} goes out") for i in self.went_out]
        if self.after.is_over:
            parts.append(f"round over: player {self.after.winner} wins")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "does": self.describe(), "rule": COLOUR_NAMES[self.after.rule],
                "leader": self.after.leader(), "out": self.went_out, "position": format_text(self.after)}


def moves(pos: Position | str) -> list[Turn]:
    """Every legal turn of the player to move, sorted by its text, with what it does."""
    p = position(pos)
    return sorted((Turn(str(m), p, after) for m, after in game.successors(p)), key=lambda t: t.move)


def apply(pos: Position | str, *turns: str) -> Position:
    """The position after ``turns`` in order (texts, any case); MoveError names an illegal one."""
    p = position(pos)
    for k, t in enumerate(turns, 1):
        try:
            p = game.apply(p, t)
        except game.MoveError as e:
            raise game.MoveError(f"turn {k}: {e}") from None
    return p


__all__ = ["Turn", "apply", "deal", "moves", "position"]
