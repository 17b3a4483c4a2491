"""Stick to Colours for OpenSpiel: the shuffled deck dealt card by card (its order then hidden), each
decision (a step of the model) a short chain of actions (head, refusals one by one, ``end``; codes in
docs/openspiel.md), the market's refills shown to every player."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from arbiter.model import stick_to_colours
from arbiter.model.stick_to_colours.cards import KINDS, card_code, cards_of, parse_card
from arbiter.model.stick_to_colours.game import (
    HAND_START,
    TOKENS,
    Move,
    Position,
    Slot,
    deal,
    deck_counts,
    has_bot,
    market_size,
)
from arbiter.model.stick_to_colours.ruleset import Ruleset

from .game import EVERYONE, Description, EngineRules, Game, Now, Segment, players_and_ruleset, zero_sum

PASS, END, BID = 0, 1, 2  # then auction LOT, refuse SLOT (each 2^(2n) * 30 codes), hand CARD (30 codes)


class Code:
    """Action numbers of decision parts for ``players`` players. A slot (card, ? tokens q, X tokens x,
    bitmasks of players) has the number ``(card * 2^n + q) * 2^n + x``."""

    def __init__(self, players: int) -> None:
        self.bits = players
        self.slots = KINDS << (2 * players)
        self.size = 3 + 2 * self.slots + KINDS

    def slot(self, s: Slot) -> int:
        return ((s.card << self.bits | s.q) << self.bits) | s.x

    def unslot(self, k: int) -> Slot:
        mask = (1 << self.bits) - 1
        return Slot(k >> (2 * self.bits), k >> self.bits & mask, k & mask)

    def encode(self, seg: Segment, last: bool) -> int:
        verb, arg = seg[0], seg[1:]
        if (verb in ("pass", "end")) != last:
            raise ValueError(f"{verb} ends a decision; nothing else does")
        if verb == "pass":
            return PASS
        if verb == "end":
            return END
        if verb == "bid":
            return BID
        if verb == "auction":
            return 3 + self.slot(Slot.parse(arg[0]))
        if verb == "refuse":
            return 3 + self.slots + self.slot(Slot.parse(arg[0]))
        return 3 + 2 * self.slots + parse_card(arg[0])

    def decode(self, code: int) -> tuple[Segment, str, bool]:
        """(the part, its text, whether the mover acts again)."""
        if not 0 <= code < self.size:
            raise ValueError(f"action {code} is not a Stick to Colours action code (0..{self.size - 1})")
        if code in (PASS, END, BID):
            verb = ("pass", "end", "bid")[code]
            return (verb,), verb, code == BID
        k = code - 3
        if k < 2 * self.slots:
            verb = "auction" if k < self.slots else "refuse"
            text = str(self.unslot(k % self.slots))
            return (verb, text), f"{verb} {text}", True
        text = card_code(k - 2 * self.slots)
        return ("hand", text), f"hand {text}", True


def segments(move: Move) -> list[Segment]:
    """``pass``, or the head (``auction LOT`` or ``bid``), each refused market card, each refused hand
    card, then ``end``."""
    if move.kind == "pass":
        return [("pass",)]
    head = ("auction", move.lot) if move.kind == "auction" else ("bid",)
    return [head, *(("refuse", s) for s in move.market), *(("hand", c) for c in move.hand), ("end",)]


class StickToColours(EngineRules):
    """Stick to Colours for ``players`` players (2: with the bot unless the ruleset says otherwise)."""

    cards = max_chance_outcomes = KINDS
    model = stick_to_colours

    def __init__(self, params: dict[str, Any]) -> None:
        players, self.ruleset = players_and_ruleset("arbiter_stick_to_colours", params, 2, 4, Ruleset)
        if self.ruleset.market_clear == "never":
            raise ValueError("arbiter_stick_to_colours: market_clear=never lets every dealer pass for ever; "
                             "OpenSpiel needs games of bounded length")
        self.players = players
        self.deck = deck_counts(self.ruleset)
        self.length = sum(self.deck)
        self.hands = players + has_bot(players, self.ruleset)
        self.code = Code(players)
        self.num_distinct_actions = self.code.size
        self.hidden_hand = self.code.size  # what the others see of a hand refusal (one past the codes)
        # Between two cards leaving the market for good there are at most n dealer passes (then the
        # market clears) and one auction of at most 7n bids and passes (each bid raises the high bid,
        # at most 6 tokens); a decision is at most 8 actions (a head, 6 tokens, end).
        self.max_game_length = self.length * 8 * players * 8
        self.max_chance_nodes_in_history = self.length
        self.view_size = 4 * KINDS + 8 * players + 2

    def deal_length(self, match: Any) -> int:
        return self.length

    def seen_by(self, match: Any, k: int) -> int | None:
        if k < HAND_START * self.hands:
            who = k // HAND_START
            return who if who < self.players else None  # "players may not look at the bot's cards"
        return EVERYONE if k < HAND_START * self.hands + market_size(self.players) else None

    def deal_outcomes(self, match: Any, dealt: Sequence[int]) -> list[tuple[int, float]]:
        left = list(self.deck)
        for c in dealt:
            left[c] -= 1
        total = sum(left)
        return [(c, n / total) for c, n in enumerate(left) if n]

    def start(self, match: Any, dealt: Sequence[int]) -> Position:
        """The model's deal with this card order (2 cards per hand, the bot's last, the market, the deck)."""
        pos = deal(self.players, 0, self.ruleset)
        k = HAND_START * self.hands
        counts = []
        for i in range(self.hands):
            c = [0] * KINDS
            for x in dealt[i * HAND_START:(i + 1) * HAND_START]:
                c[x] += 1
            counts.append(tuple(c))
        m = k + market_size(self.players)
        return replace(pos, hands=tuple(counts), market=tuple(sorted(Slot(c) for c in dealt[k:m])),
                       deck=tuple(dealt[m:]))

    def seen_entries(self, now: Now, player: int) -> set[int]:
        """The player's own cards, the market, and the deck's top cards the market was refilled with."""
        seen = {k for k in range(len(now.dealt)) if self.seen_by(now.match, k) in (player, EVERYONE)}
        if now.start is not None:
            first = HAND_START * self.hands + market_size(self.players)
            seen |= set(range(first, first + len(now.start.deck) - len(now.state.deck)))
        return seen

    def redealt(self, dealt: Sequence[int], new: Position, renamed: dict[int, int], player: int) -> list[int]:
        """The deal of ``new``: each hand the player does not see as its cards, the deck in its order."""
        out = list(dealt)
        for i in range(self.hands):
            if i != player:
                out[i * HAND_START:(i + 1) * HAND_START] = cards_of(new.hands[i])
        first = HAND_START * self.hands + market_size(self.players)
        out[first:] = new.deck
        return out

    def returns(self, match: Any, dealt: Sequence[int], pos: Position) -> list[float]:
        """The players (not the bot) with the most points share the win; none when the bot alone has the most."""
        return zero_sum(self.players, [i for i in pos.winners if i < self.players])

    @staticmethod
    def segments(state: Any, step: str) -> list[Segment]:
        return segments(Move.parse(step))

    def decode(self, code: int) -> tuple[Segment, str, bool]:
        return self.code.decode(code)

    def public(self, segment: Segment, text: str) -> tuple[str, int]:
        if segment[0] == "hand":
            return "hand ?", self.hidden_hand
        return text, self.code.encode(segment, segment[0] in ("pass", "end"))

    def card_name(self, card: int) -> str:
        return card_code(card)

    def _hand(self, now: Now, player: int) -> tuple[int, ...]:
        if now.start is not None:
            return now.state.hands[player]
        c = [0] * KINDS
        for k, x in enumerate(now.dealt):
            if self.seen_by(now.match, k) == player:
                c[x] += 1
        return tuple(c)

    def view(self, now: Now, player: int) -> str:
        names = lambda counts: " ".join(card_code(c) for c in cards_of(counts)) or "-"
        lines = [f"player {player}", f"hand {names(self._hand(now, player))}"]
        if now.start is None:
            return "\n".join(lines + [f"dealing: {len(now.dealt)}/{self.length} cards dealt"])
        pos = now.state
        who = [f"p{i}" for i in range(self.players)] + ["bot"] * pos.bot
        lines += [f"{w}: {sum(h)} cards" + (f", {pos.supply[i]} tokens" if i < self.players else "")
                  for i, (w, h) in enumerate(zip(who, pos.hands, strict=True))]
        lines += ["market " + (" ".join(map(str, pos.market)) or "-"),
                  f"deck {len(pos.deck)}, discard {sum(pos.discard)}, dealer p{pos.dealer}"]
        a = pos.auction
        if a is not None:
            refused = " ".join(f"p{i} {names(r) if i == player else sum(r)}" for i, r in enumerate(a.refused))
            lines.append(f"auction {a.lot}: p{a.leader} leads with {a.high}, passed "
                         f"{''.join(str(i) for i in range(self.players) if a.passed >> i & 1) or '-'}, "
                         f"hand refusals {refused}")
        so_far = []
        for seg in now.prefix:
            text = self.decode(self.encode(seg, False))[1]
            so_far.append(text if player == pos.to_move else self.public(seg, text)[0])
        lines.append("over" if pos.is_over else f"p{pos.to_move} to move" + (", so far: " + " ".join(so_far) if so_far else ""))
        return "\n".join(lines)

    def view_tensor(self, now: Now, player: int, out: np.ndarray) -> None:
        """Planes of 30 card kinds (counts / 2): own hand, the market, the lot, own hand refusals; then
        per seat (in turn order from ``player``) cards held / 10, tokens / 6, hand refusals / 6, dealer,
        bidder, leading bidder, passed, this player's ? tokens on the market / 6; deck / 48, high bid / 6."""
        for c, k in enumerate(self._hand(now, player)):
            out[c] = k / 2
        if now.start is None:
            return
        pos = now.state
        for s in pos.market:
            out[KINDS + s.card] += 0.5
        a = pos.auction
        if a is not None:
            out[2 * KINDS + a.lot.card] = 1
            for c, k in enumerate(a.refused[player]):
                out[3 * KINDS + c] = k / 2
        at, n = 4 * KINDS, self.players
        for j in range(n):
            s = (player + j) % n
            row = [sum(pos.hands[s]) / 10, pos.supply[s] / TOKENS, sum(a.refused[s]) / TOKENS if a else 0,
                   s == pos.dealer, bool(a) and s == a.bidder, bool(a) and s == a.leader,
                   bool(a) and bool(a.passed >> s & 1), sum(1 for m in pos.market if m.q >> s & 1) / TOKENS]
            out[at + 8 * j:at + 8 * j + 8] = row
        out[at + 8 * n] = len(pos.deck) / 48
        out[at + 8 * n + 1] = (a.high / TOKENS) if a else 0


class StickToColoursGame(Game):
    """arbiter_stick_to_colours (a module-level class, so that games pickle)."""


STICK_TO_COLOURS = Description(
    short_name="arbiter_stick_to_colours",
    long_name="Stick to Colours (arbiter's checked rules)",
    min_players=2,
    max_players=4,
    parameters={"ruleset": str(Ruleset())},
    rules=StickToColours,
)
StickToColoursGame.description = STICK_TO_COLOURS


GAME = StickToColoursGame  # what the package registers with pyspiel (adapters/openspiel/__init__.py)
