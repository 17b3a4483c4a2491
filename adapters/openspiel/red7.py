"""Red7 for OpenSpiel: the deal card by card (each round's, under Advanced: a whole match), the
model's steps as actions (a documented code for every step text, docs/openspiel.md), views of the
engine's position that show each player only what they see."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

import numpy as np
from arbiter.model import red7
from arbiter.model.information import now as now_of
from arbiter.model.red7.cards import ALL_CARDS, COLOUR_NAMES, NUMBER_MASK, card_code, cards_of
from arbiter.model.red7.game import (
    CANVAS,
    DECK,
    DISCARD,
    DRAW,
    HAND_SIZE,
    PASS,
    PLAY,
    TAKE,
    TARGETS,
    Move,
    Position,
    dealt,
)
from arbiter.model.red7.match import Match, next_round
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.steps import END
from arbiter.model.red7.steps import parse_turn as parse_step

from .game import (
    EVERYONE,
    Description,
    EngineRules,
    Game,
    Now,
    Segment,
    players_and_ruleset,
    without_replacement,
    zero_sum,
)

CARDS = 49
FIVES = list(cards_of(NUMBER_MASK[5]))
NO_CARD = -1
END_STEP = ((END, NO_CARD),)  # the step that ends a turn in progress with nothing more


def _tails() -> list[Segment]:
    """What may end a turn after its plays: nothing, ``discard D`` or ``discard D draw``."""
    out: list[Segment] = [()]
    for d in range(CARDS):
        out += [((DISCARD, d),), ((DISCARD, d), (DRAW, NO_CARD))]
    return out


def _resolutions(card: int, actions: bool) -> list[Segment]:
    """How the last card played may resolve: a 1 takes a card, a 3 draws, a 7 moves a Palette card
    to the Canvas (perhaps with an Advanced draw) or to the deck."""
    n = card // 7 + 1
    out: list[Segment] = [()]
    if actions and n == 1:
        out += [((TAKE, x),) for x in range(CARDS)]
    elif actions and n == 3:
        out += [((DRAW, NO_CARD),)]
    elif actions and n == 7:
        out += [((CANVAS, x),) for x in range(CARDS)]
        out += [((CANVAS, x), (DRAW, NO_CARD)) for x in range(CARDS)]
        out += [((DECK, x),) for x in range(CARDS)]
    return out


class TurnCode:
    """Action numbers of turn parts. A whole turn is one action, except that each 5 whose Action
    plays the next card is an action of its own (the mover moves again): with chaining 5s a turn
    can be any of some 10^9 texts, too many for one action each. Codes, in order:
    ``[0, 99)`` no card played: ``pass``, ``discard D``, ``discard D draw``;
    ``[99, 106)`` (Actions) a 5 whose Action follows, ``play X5 ...``;
    then for each card C (weakest first) its resolutions times the 99 tails: ``play C [resolution] [tail]``;
    last, ``end``. A step that goes on after a draw (``play R3 draw ...``) has the code of the same
    text as a whole turn: where the turn is cut there, the whole turn is never a step."""

    def __init__(self, actions: bool) -> None:
        self.tails = _tails()
        self.tail_index = {t: k for k, t in enumerate(self.tails)}
        self.chain_base = len(self.tails)
        self.play_base = self.chain_base + (len(FIVES) if actions else 0)
        self.res = [_resolutions(c, actions) for c in range(CARDS)]
        self.res_index = [{r: k for k, r in enumerate(rs)} for rs in self.res]
        self.offset = []
        at = self.play_base
        for rs in self.res:
            self.offset.append(at)
            at += len(rs) * len(self.tails)
        self.end = at
        self.size = at + 1
        self.actions = actions

    def encode(self, seg: Segment, last: bool) -> int:
        if seg == END_STEP:
            return self.end
        verb, card = seg[0]
        if not last:
            if not (self.actions and len(seg) == 1 and verb == PLAY and card in FIVES):
                raise ValueError(f"turn part {str(Move(seg))!r} cannot be followed by another")
            return self.chain_base + FIVES.index(card)
        if verb == PASS and len(seg) == 1:
            return 0
        if verb == DISCARD:
            return self.tail_index[seg]
        if verb != PLAY:
            raise ValueError(f"turn part {str(Move(seg))!r} does not start with play, discard or pass")
        rest = seg[1:]
        k = next((i for i, (v, _) in enumerate(rest) if v == DISCARD), len(rest))
        try:
            r, t = self.res_index[card][rest[:k]], self.tail_index[rest[k:]]
        except KeyError:
            raise ValueError(f"turn part {str(Move(seg))!r} has no action code") from None
        return self.offset[card] + r * len(self.tails) + t

    def decode(self, code: int) -> tuple[Segment, bool]:
        """(the turn part's steps, whether the mover moves again)."""
        if not 0 <= code < self.size:
            raise ValueError(f"action {code} is not a Red7 action code (0..{self.size - 1})")
        if code == self.end:
            return END_STEP, False
        if code < self.chain_base:
            return (((PASS, NO_CARD),) if code == 0 else self.tails[code]), False
        if code < self.play_base:
            return ((PLAY, FIVES[code - self.chain_base]),), True
        card = bisect_right(self.offset, code) - 1
        r, t = divmod(code - self.offset[card], len(self.tails))
        return ((PLAY, card),) + self.res[card][r] + self.tails[t], False


def segments(move: Sequence[tuple[str, int]]) -> list[Segment]:
    """A turn or step cut before each ``play`` but the first (each earlier play is a 5 whose Action played on)."""
    parts: list[list] = []
    for step in move:
        if not parts or step[0] == PLAY and parts[-1][0][0] == PLAY:
            parts.append([step])
        else:
            parts[-1].append(step)
    return [tuple(p) for p in parts]


def _text(seg: Segment) -> str:
    return END if seg == END_STEP else str(Move(seg))


class Red7(EngineRules):
    """Red7 for ``players`` players under ``ruleset``: one round, or under Advanced a whole match
    (rounds dealt from the cards not banked, until a target or a deal that cannot be made)."""

    cards = max_chance_outcomes = CARDS
    model = red7

    def __init__(self, params: dict[str, Any]) -> None:
        players, self.ruleset = players_and_ruleset("arbiter_red7", params, 2, 4, Ruleset)
        self.players = players
        self.code = TurnCode(self.ruleset.actions)
        self.num_distinct_actions = self.code.size
        # A round: every decision adds a card to the Palettes and the Canvas (at most 48 times), or
        # plays a 1 or 7 that takes or moves one away and leaves its hand a card smaller (hands never
        # grow: a draw always follows a card leaving the hand; at most 7n), or ends a turn in progress
        # after a draw (at most the deck's 49 - 8n cards and the 7n a 1 or 7 put back), or puts a
        # player out (n - 1). A match: each round banks at least one card (the set that decided it),
        # worth a point or more, so there are at most as many rounds as the target's points or the
        # deals the cards allow (each needs 7n).
        self.rounds = min(TARGETS[players], (CARDS - HAND_SIZE * players) + 1) if self.ruleset.advanced else 1
        self.max_game_length = self.rounds * (97 + 6 * players)
        self.max_chance_nodes_in_history = self.rounds * CARDS
        self.view_size = CARDS * (3 + players) + 7 + 4 * players + 2

    # -- deals: one, or a match's rounds -------------------------------------------------------
    def deal_length(self, match: Match | None) -> int:
        return CARDS if match is None else match.available().bit_count()

    def deal_outcomes(self, match: Match | None, cards: Sequence[int]) -> list[tuple[int, float]]:
        return without_replacement(list(cards_of(ALL_CARDS if match is None else match.available())), cards)

    def seen_by(self, match: Match | None, k: int) -> int | None:
        hands = HAND_SIZE * self.players
        if k < hands:
            return k // HAND_SIZE
        return EVERYONE if k < hands + self.players else None

    def start(self, match: Match | None, cards: Sequence[int]) -> Position:
        return dealt(self.players, list(cards), self.ruleset) if match is None else next_round(match, list(cards)).position

    def _match(self, match: Match | None, cards: Sequence[int], pos: Position) -> Match:
        """The match with the round just played (dealt as ``cards``) over at ``pos``."""
        if match is None:
            return Match(0, self.ruleset, pos, 1, (0,) * self.players, ())
        m = next_round(match, list(cards))
        return Match(m.seed, m.ruleset, pos, m.round_number, m.banked, m.round_winners)

    def after(self, match: Match | None, cards: Sequence[int], pos: Position) -> Match | None:
        m = self._match(match, cards, pos)
        return None if m.is_over else m

    def returns(self, match: Match | None, cards: Sequence[int], pos: Position) -> list[float]:
        return zero_sum(self.players, self._match(match, cards, pos).winners)

    # -- steps as actions ----------------------------------------------------------------------
    @staticmethod
    def segments(state: Any, step: str) -> list[Segment]:
        return [END_STEP] if step == END else segments(parse_step(step))

    def decode(self, code: int) -> tuple[Segment, str, bool]:
        seg, chained = self.code.decode(code)
        return seg, _text(seg), chained

    def public(self, segment: Segment, text: str) -> tuple[str, int]:
        return text, self.encode(segment, True)  # every card a step names is shown

    def card_name(self, card: int) -> str:
        return card_code(card)

    # -- views ---------------------------------------------------------------------------------
    @staticmethod
    def _discarded(pos: Position) -> int:
        """Cards on the Canvas, in the discard pile or banked: in no hand, Palette or deck (public)."""
        return ((1 << CARDS) - 1) & ~pos.cards_in_play()

    def _zones(self, now: Now, player: int) -> tuple[int, list[int], list[int]]:
        """(the player's hand, each Palette, each hand's size) as the player sees them."""
        n = self.players
        if now.start is None:
            hand, palettes, sizes = 0, [0] * n, [0] * n
            for k, c in enumerate(now.dealt):
                who = self.seen_by(now.match, k)
                if who is not None and k < HAND_SIZE * n:
                    sizes[who] += 1
                    hand |= (1 << c) if who == player else 0
                elif who == EVERYONE:
                    palettes[k - HAND_SIZE * n] |= 1 << c
            return hand, palettes, sizes
        pos = now_of(red7, now.state)
        return pos.hands[player], list(pos.palettes), [h.bit_count() for h in pos.hands]

    def view(self, now: Now, player: int) -> str:
        hand, palettes, sizes = self._zones(now, player)
        names = lambda m: " ".join(card_code(c) for c in reversed(list(cards_of(m)))) or "-"
        lines = [f"player {player}", f"hand {names(hand)}"]
        for i in range(self.players):
            lines.append(f"p{i}: palette {names(palettes[i])}, {sizes[i]} in hand")
        if self.ruleset.advanced:
            lines.append(f"round {len(now.deals) + 1}")
        if now.start is None:
            lines.append(f"dealing: {len(now.dealt)}/{self.deal_length(now.match)} cards dealt")
            return "\n".join(lines)
        pos = now_of(red7, now.state)
        lines.append(f"rule {COLOUR_NAMES[pos.rule]}, deck {len(pos.deck)}, out "
                     + (" ".join(f"p{i}" for i in range(self.players) if pos.is_out(i)) or "-"))
        lines.append(f"discarded {names(self._discarded(pos))}")
        if pos.scores is not None:
            lines.append("scores " + " ".join(map(str, pos.scores)))
        so_far = [*getattr(now.state, "taken", ()), *(_text(s) + " ..." for s in now.prefix)]
        lines.append("over" if pos.is_over else f"p{pos.to_move} to move"
                     + (", this turn: " + " ".join(so_far) if so_far else ""))
        return "\n".join(lines)

    def view_tensor(self, now: Now, player: int, out: np.ndarray) -> None:
        """Planes of 49 cards: own hand, the Palettes (seats in turn order from ``player``), the
        discarded cards, this turn's cards played so far; then the rule, who is out, who moves,
        hand sizes / 7, scores / 50, deck size / 49 and whether a turn is in progress."""
        n = self.players
        hand, palettes, sizes = self._zones(now, player)
        seat = [(player + i) % n for i in range(n)]
        planes = [hand] + [palettes[s] for s in seat]
        pos = now_of(red7, now.state) if now.start is not None else None
        if pos is not None:
            planes.append(self._discarded(pos))
            turn = [*(parse_step(t) for t in getattr(now.state, "taken", ())), *now.prefix]
            planes.append(sum(1 << c for seg in turn for v, c in seg if v == PLAY))
        for k, mask in enumerate(planes):
            for c in cards_of(mask):
                out[k * CARDS + c] = 1
        at = CARDS * (3 + n)
        if pos is None:
            for i, s in enumerate(seat):
                out[at + 7 + 2 * n + i] = sizes[s] / HAND_SIZE
            return
        out[at + pos.rule] = 1
        at += 7
        for i, s in enumerate(seat):
            out[at + i] = pos.is_out(s)
            out[at + n + i] = (s == pos.to_move) and not pos.is_over
            out[at + 2 * n + i] = sizes[s] / HAND_SIZE
            out[at + 3 * n + i] = (pos.scores[s] / 50) if pos.scores is not None else 0
        out[at + 4 * n] = len(pos.deck) / CARDS
        out[at + 4 * n + 1] = bool(now.prefix) or hasattr(now.state, "taken")


class Red7Game(Game):
    """arbiter_red7 (a module-level class, so that games pickle)."""


RED7 = Description(
    short_name="arbiter_red7",
    long_name="Red7 (arbiter's checked rules)",
    min_players=2,
    max_players=4,
    parameters={"ruleset": "basic"},
    rules=Red7,
)
Red7Game.description = RED7


GAME = Red7Game  # what the package registers with pyspiel (adapters/openspiel/__init__.py)
