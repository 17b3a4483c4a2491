"""Realms for OpenSpiel: the 65-card deal card by card, each move one action (codes in
docs/openspiel.md), the draws from a shuffled pile and the Troll's steal as mid-game chance nodes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from arbiter.model.realms import apply, format_text
from arbiter.model.realms.cards import COLOUR_NAMES, DECK_SIZE, TREE, card_code, cards_of, parse_card
from arbiter.model.realms.game import (
    COLOUR_CHOICE,
    DRAW,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STEAL,
    TARGET,
    Move,
    Position,
    chance_outcomes,
    choice_kind,
    deal,
    legal_moves,
)
from arbiter.model.realms.ruleset import Ruleset

from .game import Description, EngineRules, State, players_and_ruleset, without_replacement

CARDS = DECK_SIZE
NOTHING = CARDS  # the steal's outcome when the victim drawn has no card
CHOICES = 1 + 4 + CARDS  # per card: no choice, a colour, a card
PLAY_BASE = 5  # 0..3 ruling=colour, 4 pass


def encode(move: Move) -> int:
    """``ruling=C`` -> C; ``pass`` -> 4; card X -> 5 + 70 X + (0 no choice, 1 + colour, 5 + card); a card's
    choice is a colour (Purple, Cyclone) or a card (Troll, Warlock, Tree), never both."""
    if move.ruling:
        return move.choice
    if move.card is None:
        return 4
    x = move.choice
    j = 0 if x is None else 1 + x if choice_kind(move.card, True) == COLOUR_CHOICE else 5 + x
    return PLAY_BASE + CHOICES * move.card + j


def decode(code: int) -> Move:
    if not 0 <= code < PLAY_BASE + CHOICES * CARDS:
        raise ValueError(f"action {code} is not a Realms action code (0..{PLAY_BASE + CHOICES * CARDS - 1})")
    if code < 4:
        return Move(None, code, ruling=True)
    if code == 4:
        return Move(None)
    card, j = divmod(code - PLAY_BASE, CHOICES)
    return Move(card, None if j == 0 else j - 1 if j < 5 else j - 5)


def names(mask: int) -> str:
    return " ".join(card_code(c) for c in cards_of(mask)) or "-"


class Realms(EngineRules):
    """A Realms game of ``players`` players under ``ruleset`` that ends when a score reaches ``target``."""

    cards = CARDS
    max_chance_outcomes = CARDS + 1

    def __init__(self, params: dict[str, Any]) -> None:
        players, self.ruleset = players_and_ruleset("arbiter_realms", params, MIN_PLAYERS, MAX_PLAYERS, Ruleset)
        target = params["target"]
        if not isinstance(target, int) or not 10 <= target <= TARGET or target % 10:
            raise ValueError(f"arbiter_realms: target must be a multiple of 10 from 10 to {TARGET}, got {target!r}")
        self.players, self.target = players, target
        self.deal_length = CARDS
        self.num_distinct_actions = PLAY_BASE + CHOICES * CARDS
        # A trick is at most n plays, a steal and n draws; a game is at most (n - 1) * target / 10 + 1
        # scoring tricks (someone reaches target), plus a halftime redeal (7n draws) and the ruling choices.
        # Tricks nobody wins do not score: the bound allows as many again.
        tricks = 2 * ((players - 1) * target // 10 + 1)
        self.max_game_length = tricks * (2 * players + 1) + HAND_SIZE * players + 2
        self.view_size = 3 * CARDS + 4 + 4 * players + 3

    def seen_by(self, k: int) -> int | None:
        return k // HAND_SIZE if k < HAND_SIZE * self.players else None

    def deal_outcomes(self, dealt: Sequence[int]) -> list[tuple[int, float]]:
        return without_replacement(CARDS, dealt)

    def start(self, dealt: Sequence[int]) -> Position:
        """The model's deal with this card order (hands 7 by 7, then the draw pile top first)."""
        pos = deal(self.players, 0, self.ruleset)
        hands = tuple(sum(1 << c for c in dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(self.players))
        return replace(pos, hands=hands, draw=tuple(dealt[self.players * HAND_SIZE:]))

    def chance(self, pos: Position) -> list[tuple[int, float, str, str, Position]]:
        """Outcome ids: the card drawn, or the card stolen (``NOTHING`` when the victim has none)."""
        out = []
        for p, label, nxt in chance_outcomes(pos):
            words = label.split()  # "player I draws C", "player I takes C from player V", "player I takes nothing"
            if words[-1] == "nothing":
                out.append((NOTHING, p, label, label, nxt))
            elif pos.phase == DRAW:
                out.append((parse_card(words[3]), p, label, f"player {words[1]} draws a card", nxt))
            else:
                out.append((parse_card(words[3]), p, label, f"player {words[1]} takes a card from player {words[6]}", nxt))
        return out

    def successors(self, pos: Position) -> list[tuple[Move, Position]]:
        return [(m, apply(pos, m)) for m in legal_moves(pos)]

    @staticmethod
    def segments(move: Move) -> list[tuple]:
        return [(move,)]

    def encode(self, seg: tuple, last: bool) -> int:
        return encode(seg[0])

    def decode(self, code: int) -> tuple[tuple, str, bool]:
        move = decode(code)
        return (move,), str(move), False

    @staticmethod
    def public(segment: tuple, text: str) -> str:
        return "TRE" if segment[0].card == TREE else text  # the card taken from the draw pile is the mover's to see

    def to_move(self, pos: Position) -> int | None:
        return None if self.is_over(pos) else pos.to_move

    def is_over(self, pos: Position) -> bool:
        return pos.is_over or max(pos.scores) >= self.target

    def winners(self, pos: Position) -> list[int]:
        top = max(pos.scores)
        return [i for i, s in enumerate(pos.scores) if s == top]

    def private_notes(self, before: Position, move: Move | None, after: Position) -> list[tuple[int, str]]:
        """Each player's cards gained (drawn, taken, stolen) and lost to a steal: theirs alone to see."""
        out = []
        for i in range(self.players):
            gained, lost = after.hands[i] & ~before.hands[i], before.hands[i] & ~after.hands[i]
            if move is None and before.phase == STEAL and lost:
                out.append((i, f"lost {names(lost)}"))
            if gained:
                out.append((i, f"got {names(gained)}"))
        return out

    def seen_cards(self, state: State, player: int) -> list[int]:
        pos = state.pos
        return list(cards_of(pos.hands[player] | pos.discard | pos.trick_mask()))

    def card_name(self, card: int) -> str:
        return card_code(card)

    def _hand(self, state: State, player: int) -> int:
        if state.pos is not None:
            return state.pos.hands[player]
        return sum(1 << c for k, c in enumerate(state.dealt) if self.seen_by(k) == player)

    def view(self, state: State, player: int) -> str:
        lines = [f"player {player}", f"hand {names(self._hand(state, player))}"]
        pos = state.pos
        if pos is None:
            return "\n".join(lines + [f"dealing: {len(state.dealt)}/{self.deal_length} cards dealt"])
        trick = " ".join(("pass" if p is None else card_code(p[0]) if p[0] == TREE else
                          str(Move(p[0], p[1]))) for p in pos.trick) or "-"
        lines += [f"p{i}: {pos.hands[i].bit_count()} in hand, score {pos.scores[i]}" for i in range(self.players)]
        lines += [(f"ruling {COLOUR_NAMES[pos.ruling] if pos.ruling is not None else '-'}, leader p{pos.leader}, "
                  f"round {pos.round}, draw pile {pos.pile().bit_count()}"), f"trick {trick}",
                  f"discard {names(pos.discard)}"]
        mover = self.to_move(pos)
        lines.append("over" if self.is_over(pos) else "chance" if mover is None else f"p{mover} to move")
        return "\n".join(lines)

    def view_tensor(self, state: State, player: int, out: np.ndarray) -> None:
        """Planes of 65 cards: own hand, the trick, the discard pile; then the ruling colour, and per
        seat (in turn order from ``player``) hand size / 7, score / target, leads, to move; then the
        round, draw pile size / 65 and whether chance acts next."""
        for c in cards_of(self._hand(state, player)):
            out[c] = 1
        pos = state.pos
        if pos is None:
            return
        for c in cards_of(pos.trick_mask()):
            out[CARDS + c] = 1
        for c in cards_of(pos.discard):
            out[2 * CARDS + c] = 1
        at = 3 * CARDS
        if pos.ruling is not None:
            out[at + pos.ruling] = 1
        at += 4
        n = self.players
        mover = self.to_move(pos)
        for k in range(n):
            s = (player + k) % n
            out[at + k] = pos.hands[s].bit_count() / HAND_SIZE
            out[at + n + k] = pos.scores[s] / self.target
            out[at + 2 * n + k] = s == pos.leader
            out[at + 3 * n + k] = s == mover
        at += 4 * n
        out[at] = pos.round - 1
        out[at + 1] = pos.pile().bit_count() / CARDS
        out[at + 2] = mover is None and not self.is_over(pos)

    def state_text(self, state: State) -> str:
        if state.pos is None:
            return "dealt " + " ".join(card_code(c) for c in state.dealt)
        return format_text(state.pos)


REALMS = Description(
    short_name="arbiter_realms",
    long_name="Realms (arbiter's checked rules)",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    parameters={"ruleset": str(Ruleset()), "target": TARGET},
    rules=Realms,
)
