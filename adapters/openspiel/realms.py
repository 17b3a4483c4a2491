"""Realms for OpenSpiel: the 65-card deal card by card, each step one action (codes in
docs/openspiel.md: a Tree that takes a card is ``TRE ...`` then ``TRE=X``), the draws from a shuffled
pile and the Troll's steal as mid-game chance nodes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from arbiter.model import realms
from arbiter.model.realms.cards import COLOUR_NAMES, DECK_SIZE, TREE, card_code, cards_of, parse_card
from arbiter.model.realms.game import (
    COLOUR_CHOICE,
    DRAW,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET,
    Move,
    Position,
    chance_outcomes,
    choice_kind,
    deal,
    parse_play,
)
from arbiter.model.realms.ruleset import Ruleset
from arbiter.model.steps import parts, unmarked

from .game import Description, EngineRules, Game, Now, players_and_ruleset, without_replacement, zero_sum

CARDS = DECK_SIZE
NOTHING = CARDS  # the steal's outcome when the victim drawn has no card
CHOICES = 1 + 4 + CARDS  # per card: no choice, a colour, a card
PLAY_BASE = 5  # 0..3 ruling=colour, 4 pass


def encode(move: Move) -> int:
    """``ruling=C`` -> C; ``pass`` -> 4; card X -> 5 + 70 X + (0 no choice, 1 + colour, 5 + card); a card's
    choice is a colour (Purple, Cyclone) or a card (Troll, Warlock, Tree), never both. ``TRE ...``, the
    Tree played before its player sees the pile, has the code of ``TRE`` without a choice (a Tree with
    an empty pile to take from: never a step where the pile holds a card)."""
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
    model = realms

    def __init__(self, params: dict[str, Any]) -> None:
        players, self.ruleset = players_and_ruleset("arbiter_realms", params, MIN_PLAYERS, MAX_PLAYERS, Ruleset)
        target = params["target"]
        if not isinstance(target, int) or not 10 <= target <= TARGET or target % 10:
            raise ValueError(f"arbiter_realms: target must be a multiple of 10 from 10 to {TARGET}, got {target!r}")
        self.players, self.target = players, target
        self.num_distinct_actions = PLAY_BASE + CHOICES * CARDS
        # A game is at most (n - 1) * target / 10 + 1 scoring tricks (someone reaches the target);
        # tricks nobody wins do not score, and the bound allows as many again (not a proof: a reading
        # in which tricks go unwon for ever has no bound). A trick is n plays and at most one Tree
        # cut in two; the dealer chooses the colour at the start and perhaps after halftime. Chance:
        # the deal, then per trick at most n steals and 3n draws from a shuffled pile (each play, and
        # a Troll's discard and steal, takes a card from a hand), and the 7n draws of a halftime redeal.
        self.tricks = 2 * ((players - 1) * target // 10 + 1)
        self.max_game_length = self.tricks * (players + 1) + 2
        self.max_chance_nodes_in_history = CARDS + self.tricks * 4 * players + HAND_SIZE * players
        self.view_size = 3 * CARDS + 4 + 4 * players + 4

    def deal_length(self, match: Any) -> int:
        return CARDS

    def seen_by(self, match: Any, k: int) -> int | None:
        return k // HAND_SIZE if k < HAND_SIZE * self.players else None

    def deal_outcomes(self, match: Any, dealt: Sequence[int]) -> list[tuple[int, float]]:
        return without_replacement(range(CARDS), dealt)

    def start(self, match: Any, dealt: Sequence[int]) -> Position:
        """The model's deal with this card order (hands 7 by 7, then the draw pile top first)."""
        pos = deal(self.players, 0, self.ruleset)
        hands = tuple(sum(1 << c for c in dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(self.players))
        return replace(pos, hands=hands, draw=tuple(dealt[self.players * HAND_SIZE:]))

    def finished(self, pos: Position) -> bool:
        return pos.is_over or max(pos.scores) >= self.target

    def returns(self, match: Any, dealt: Sequence[int], pos: Position) -> list[float]:
        top = max(pos.scores)
        return zero_sum(self.players, [i for i, s in enumerate(pos.scores) if s == top])

    def chance(self, pos: Position) -> list[tuple[int, float, str]]:
        """Outcome ids: the card drawn, or the card stolen (``NOTHING`` when the victim has none)."""
        out = []
        for p, label, _ in chance_outcomes(pos):
            words = label.split()  # "player I draws C", "player I takes C from player V", "player I takes nothing"
            out.append((NOTHING if words[-1] == "nothing" else parse_card(words[3]), p, label))
        return out

    def chance_public(self, pos: Position, label: str) -> int:
        """What everyone sees of an outcome: a draw (0), the victim of a steal, or that it took nothing."""
        words = label.split()
        if words[-1] == "nothing":
            return NOTHING
        return 0 if pos.phase == DRAW else int(words[-1])

    def segments(self, state: Any, step: str) -> list[tuple]:
        pos, _ = parts(state)
        leading = all(p is None for p in pos.trick)
        return [(parse_play(unmarked(step), leading),)]

    def encode(self, seg: tuple, last: bool) -> int:
        return encode(seg[0])

    def decode(self, code: int) -> tuple[tuple, str, bool]:
        move = decode(code)
        return (move,), str(move), False

    def public(self, segment: tuple, text: str) -> tuple[str, int]:
        move = segment[0]
        if move.card == TREE and move.choice is not None:  # the card taken from the draw pile: its taker's to see
            return f"{card_code(TREE)}=?", encode(Move(TREE))
        return text, encode(move)

    def card_name(self, card: int) -> str:
        return card_code(card)

    def _hand(self, now: Now, player: int) -> int:
        if now.start is not None:
            return parts(now.state)[0].hands[player]
        return sum(1 << c for k, c in enumerate(now.dealt) if self.seen_by(now.match, k) == player)

    def view(self, now: Now, player: int) -> str:
        lines = [f"player {player}", f"hand {names(self._hand(now, player))}"]
        if now.start is None:
            return "\n".join(lines + [f"dealing: {len(now.dealt)}/{CARDS} cards dealt"])
        pos, taken = parts(now.state)
        trick = " ".join(("pass" if p is None else card_code(p[0]) if p[0] == TREE else
                          str(Move(p[0], p[1]))) for p in pos.trick) or "-"
        lines += [f"p{i}: {pos.hands[i].bit_count()} in hand, score {pos.scores[i]}" for i in range(self.players)]
        lines += [(f"ruling {COLOUR_NAMES[pos.ruling] if pos.ruling is not None else '-'}, leader p{pos.leader}, "
                  f"round {pos.round}, draw pile {pos.pile().bit_count()}"), f"trick {trick}",
                  f"discard {names(pos.discard)}"]
        mover = pos.to_move
        if self.finished(pos):
            lines.append("over")
        elif mover is None:
            lines.append("chance")
        else:
            lines.append(f"p{mover} to move" + (", this move: " + " ".join(taken) if taken else ""))
            if taken and mover == player:  # the Tree's player looks through the pile
                lines.append(f"draw pile {names(pos.pile())}")
        return "\n".join(lines)

    def view_tensor(self, now: Now, player: int, out: np.ndarray) -> None:
        """Planes of 65 cards: own hand, the trick, the discard pile; then the ruling colour, and per
        seat (in turn order from ``player``) hand size / 7, score / target, leads, to move; then the
        round, draw pile size / 65, whether chance acts next and whether a Tree is searching."""
        for c in cards_of(self._hand(now, player)):
            out[c] = 1
        if now.start is None:
            return
        pos, taken = parts(now.state)
        for c in cards_of(pos.trick_mask()):
            out[CARDS + c] = 1
        for c in cards_of(pos.discard):
            out[2 * CARDS + c] = 1
        at = 3 * CARDS
        if pos.ruling is not None:
            out[at + pos.ruling] = 1
        at += 4
        n = self.players
        mover = None if self.finished(pos) else pos.to_move
        for k in range(n):
            s = (player + k) % n
            out[at + k] = pos.hands[s].bit_count() / HAND_SIZE
            out[at + n + k] = pos.scores[s] / self.target
            out[at + 2 * n + k] = s == pos.leader
            out[at + 3 * n + k] = s == mover
        at += 4 * n
        out[at] = pos.round - 1
        out[at + 1] = pos.pile().bit_count() / CARDS
        out[at + 2] = mover is None and not self.finished(pos)
        out[at + 3] = bool(taken)


class RealmsGame(Game):
    """arbiter_realms (a module-level class, so that games pickle)."""


REALMS = Description(
    short_name="arbiter_realms",
    long_name="Realms (arbiter's checked rules)",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    parameters={"ruleset": str(Ruleset()), "target": TARGET},
    rules=Realms,
)
RealmsGame.description = REALMS


GAME = RealmsGame  # what the package registers with pyspiel (adapters/openspiel/__init__.py)
