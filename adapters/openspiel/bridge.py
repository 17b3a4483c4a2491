"""Bridge card play for OpenSpiel: the 52-card deal card by card (13 to each seat, N E S W), then one
action a card (the card's number, 52 actions; codes in docs/openspiel.md), declarer choosing dummy's
cards, dummy's hand face up once the opening lead is made. The auction is not played: the strain and
the declarer are parameters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from arbiter.model import bridge
from arbiter.model.bridge.cards import (
    DECK_SIZE,
    HAND_SIZE,
    NT,
    SEATS,
    STRAINS,
    CardError,
    card_code,
    cards_of,
    codes,
    parse_seat,
    parse_strain,
)
from arbiter.model.bridge.game import PLAYERS, Position, Ruleset, deal, side_of
from arbiter.model.bridge.steps import lead_made
from arbiter.model.switches import RulesetError

from .game import Description, EngineRules, Game, Now, Segment, without_replacement

NO_DECLARER = "none"


def parameters(params: dict[str, Any]) -> tuple[Ruleset, int, int | None]:
    """The ruleset, strain and declarer (None: no contract named) of ``params``, or ValueError naming
    the bad one."""
    if params["players"] != PLAYERS:
        raise ValueError(f"arbiter_bridge: players must be {PLAYERS}, got {params['players']!r}")
    try:
        ruleset = Ruleset.parse(str(params["ruleset"]))
    except RulesetError as e:
        raise ValueError(f"arbiter_bridge: bad ruleset: {e}") from None
    try:
        strain = parse_strain(params["strain"])
    except CardError:
        raise ValueError(f"arbiter_bridge: strain must be one of {' '.join(STRAINS)}, got {params['strain']!r}") from None
    text = params["declarer"]
    if isinstance(text, str) and text.strip().lower() == NO_DECLARER:
        return ruleset, strain, None
    try:
        return ruleset, strain, parse_seat(text)
    except CardError:
        raise ValueError(f"arbiter_bridge: declarer must be N, E, S, W or {NO_DECLARER}, got {text!r}") from None


class Bridge(EngineRules):
    """The card play of one deal at ``strain``, with ``declarer`` (then the seat on declarer's left
    leads, declarer chooses dummy's cards) or none (North leads, each seat chooses its own)."""

    cards = max_chance_outcomes = num_distinct_actions = DECK_SIZE
    players = PLAYERS
    model = bridge
    # Every card is played once, and the deal is one chance node a card.
    max_game_length = max_chance_nodes_in_history = DECK_SIZE
    view_size = 6 * DECK_SIZE + 5 + 3 * PLAYERS + 2

    def __init__(self, params: dict[str, Any]) -> None:
        self.ruleset, self.strain, self.declarer = parameters(params)

    def chooser(self, state: Position) -> int:
        """Declarer chooses dummy's cards (Law 45B)."""
        return state.controller(state.to_move)

    def deal_length(self, match: Any) -> int:
        return DECK_SIZE

    def seen_by(self, match: Any, k: int) -> int:
        return k // HAND_SIZE

    def deal_outcomes(self, match: Any, dealt: Sequence[int]) -> list[tuple[int, float]]:
        return without_replacement(range(DECK_SIZE), dealt)

    def start(self, match: Any, dealt: Sequence[int]) -> Position:
        """The model's deal with these hands (13 cards each, N E S W)."""
        pos = deal(PLAYERS, 0, self.ruleset, self.strain, self.declarer)
        hands = tuple(sum(1 << c for c in dealt[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(PLAYERS))
        return replace(pos, hands=hands)

    def returns(self, match: Any, dealt: Sequence[int], pos: Position) -> list[float]:
        """Zero-sum per side: each seat gets its side's tricks less the other side's, over 13."""
        return [(pos.tricks[side_of(s)] - pos.tricks[1 - side_of(s)]) / HAND_SIZE for s in range(PLAYERS)]

    @staticmethod
    def segments(state: Any, step: str) -> list[Segment]:
        return [(bridge.parse_card(step),)]

    def encode(self, segment: Segment, last: bool) -> int:
        return segment[0]

    def decode(self, code: int) -> tuple[Segment, str, bool]:
        if not 0 <= code < DECK_SIZE:
            raise ValueError(f"action {code} is not a bridge action code (0..{DECK_SIZE - 1})")
        return (code,), card_code(code), False

    def public(self, segment: Segment, text: str) -> tuple[str, int]:
        return text, segment[0]  # every card played is face up

    def card_name(self, card: int) -> str:
        return card_code(card)

    def _hand(self, now: Now, player: int) -> int:
        if now.start is not None:
            return now.state.hands[player]
        return sum(1 << c for k, c in enumerate(now.dealt) if self.seen_by(now.match, k) == player)

    @staticmethod
    def _dummy(pos: Position) -> int | None:
        """Dummy's seat once its hand is face up (after the opening lead), else None."""
        return pos.dummy if pos.declarer is not None and lead_made(pos) else None

    def view(self, now: Now, player: int) -> str:
        """The table as ``player`` sees it: its hand, dummy's once face up, the trick in progress
        (quitted tricks are turned face down, Law 65), the tricks won and who is to play."""
        lines = [f"player {player} ({SEATS[player]})", "hand " + (" ".join(codes(self._hand(now, player))) or "-")]
        if now.start is None:
            return "\n".join(lines + [f"dealing: {len(now.dealt)}/{DECK_SIZE} cards dealt"])
        pos = now.state
        dummy = self._dummy(pos)
        if dummy is not None and dummy != player:
            lines.append(f"dummy {SEATS[dummy]}: " + (" ".join(codes(pos.hands[dummy])) or "-"))
        contract = f"declarer {SEATS[pos.declarer]}" if pos.declarer is not None else "no declarer"
        lines.append(f"strain {STRAINS[pos.strain]}, {contract}")
        lines.append(f"trick led by {SEATS[pos.leader]}: " + (" ".join(map(card_code, pos.trick)) or "-"))
        lines.append(f"tricks NS {pos.tricks[0]}, EW {pos.tricks[1]}")
        if pos.is_over:
            lines.append("over")
        else:
            seat = pos.to_move
            chooser = self.chooser(pos)
            lines.append(f"{SEATS[seat]} to play" + (f", {SEATS[chooser]} chooses" if chooser != seat else ""))
        return "\n".join(lines)

    def view_tensor(self, now: Now, player: int, out: np.ndarray) -> None:
        """Planes of 52 cards: own hand, dummy's hand once face up, then the card each seat (in turn
        order from ``player``) played to the trick in progress; then the strain (5), and in turn order
        from ``player`` the declarer, the trick's leader and the seat to play (4 each); then the tricks
        won by the player's side and the other side, over 13."""
        for c in cards_of(self._hand(now, player)):
            out[c] = 1
        if now.start is None:
            return
        pos = now.state
        dummy = self._dummy(pos)
        if dummy is not None:
            for c in cards_of(pos.hands[dummy]):
                out[DECK_SIZE + c] = 1
        for k, c in enumerate(pos.trick):
            seat = (pos.leader + k) % PLAYERS
            out[(2 + (seat - player) % PLAYERS) * DECK_SIZE + c] = 1
        at = 6 * DECK_SIZE
        out[at + pos.strain] = 1
        at += NT + 1
        for k, seat in enumerate((pos.declarer, pos.leader, None if pos.is_over else pos.to_move)):
            if seat is not None:
                out[at + PLAYERS * k + (seat - player) % PLAYERS] = 1
        at += 3 * PLAYERS
        out[at] = pos.tricks[side_of(player)] / HAND_SIZE
        out[at + 1] = pos.tricks[1 - side_of(player)] / HAND_SIZE


class BridgeGame(Game):
    """arbiter_bridge (a module-level class, so that games pickle)."""


BRIDGE = Description(
    short_name="arbiter_bridge",
    long_name="Contract bridge card play (arbiter's checked rules)",
    min_players=PLAYERS,
    max_players=PLAYERS,
    parameters={"ruleset": str(Ruleset()), "strain": STRAINS[NT], "declarer": "S"},
    rules=Bridge,
)
BridgeGame.description = BRIDGE


GAME = BridgeGame  # what the package registers with pyspiel (adapters/openspiel/__init__.py)
