"""Seeded Stick to Colours games for the report: greedy collectors whose random choices are coupled
across readings (one salt and one draw per decision), so a game and its replay under another reading
make the same choice wherever it is legal in both, and deals coupled across the ``deck`` reading."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from arbiter.model.stick_to_colours import Move, Position, Ruleset, apply, legal_moves
from arbiter.model.stick_to_colours.cards import KINDS, Counts, add, cards_of, colour_of, full_deck, is_joker, sub
from arbiter.model.stick_to_colours.game import Slot, apply_legal, dealt, deck_counts

EXPLORE = 0.15  # share of decisions taken at random (hashed) instead of greedily
REFUSAL_COST = 0.2  # what a greedy player charges itself for each card it refuses
CARD_WORTH = 0.25  # what any card is worth to it (as a card to refuse later, or to build on)
MAX_TURNS = 1500  # a game under market_clear=never need not end; past this many decisions it is called off
Path = list[tuple[str | None, Position]]  # (the move that led here, the position), the deal first


def game_deal(players: int, seed: int, ruleset: Ruleset) -> Position:
    """The seeded deal: the 48 cards shuffled as ``model.deal`` shuffles them, the cards the
    ruleset's deck lacks (the blue and green jokers under ``deck=46``) taken out, the rest dealt in
    order. Under the default deck this is ``deal(players, seed, ruleset)``."""
    order = cards_of(full_deck())
    random.Random(seed).shuffle(order)
    have = list(deck_counts(ruleset))
    kept = []
    for c in order:
        if have[c]:
            have[c] -= 1
            kept.append(c)
    return dealt(kept, players, ruleset)


def _one(card: int) -> Counts:
    n = [0] * KINDS
    n[card] = 1
    return tuple(n)


@lru_cache(maxsize=1 << 16)
def promise(hand: Counts) -> float:
    """A cheap guess at what a collection is worth, the same under every reading (so that the players'
    choices do not depend on the scoring switches): value sets and runs of consecutive values as the
    default reading scores them without sharing limits, a joker as 1.5, 0.4 for each near-set (two
    colours of one value, two values of one colour within two of each other) and CARD_WORTH a card."""
    worth = CARD_WORTH * sum(hand)
    for v in range(9):
        held = [hand[c * 10 + v] for c in range(3)]
        worth += min(held) * (6 if v >= 6 else 3) + 0.4 * (sum(1 for n in held if n) == 2)
    for c in range(3):
        values = [v for v in range(9) if hand[c * 10 + v]]
        stretch = 1
        for a, b in pairwise(values):
            worth += 0.4 * (b - a <= 2)
            stretch = stretch + 1 if b == a + 1 else 1
            if stretch >= 3:
                worth += 1 + (stretch == 3) * 2  # a run of 3 is worth 3, each further card 1
        worth += 1.5 * hand[c * 10 + 9]
    return worth


def _card(text: str) -> int:
    return Slot.parse(text).card


class Greedy:
    """A seeded player for every seat: it puts up the card that adds most to its collection's promise,
    bids as little as it can refusing what it needs least, contests a card only while the card is worth
    more than the refusals, and otherwise passes; one decision in EXPLORE is random."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"stick-to-colours players {seed}")

    def choose(self, pos: Position, moves: list[Move]) -> Move:
        salt = self.rng.getrandbits(64).to_bytes(8, "little")
        explore = self.rng.random() < EXPLORE

        def tiebreak(m: Move) -> bytes:
            return hashlib.blake2b(str(m).encode(), key=salt, digest_size=8).digest()

        if explore:
            return min(moves, key=tiebreak)
        me = pos.to_move
        hand = pos.hands[me]
        now = promise(hand)

        gains: dict[str, float] = {}  # slot text -> what the card would add (refusing it loses that)
        losses: dict[str, float] = {}  # hand card code -> what refusing it from the hand loses

        def gain(text: str) -> float:
            if text not in gains:
                gains[text] = promise(add(hand, _one(_card(text)))) - now
            return gains[text]

        def loss(code: str) -> float:
            if code not in losses:
                losses[code] = now - promise(sub(hand, _one(_card(code))))
            return losses[code]

        def utility(m: Move) -> float:
            if m.kind == "pass":
                return 0.0
            won = gain(m.lot) if m.kind == "auction" else lot_gain
            lost = sum(max(0.0, gain(s)) for s in m.market) + sum(loss(c) for c in m.hand)
            return won - lost - REFUSAL_COST * (len(m.market) + len(m.hand))

        lot_gain = gain(str(pos.auction.lot)) if pos.auction else 0.0
        return max(moves, key=lambda m: (utility(m), tiebreak(m)))


    def skip(self, decisions: int) -> None:
        """Draw what ``decisions`` decisions draw: the player is then where it was after them."""
        for _ in range(decisions):
            self.rng.getrandbits(64)
            self.rng.random()


def play(players: int, seed: int, ruleset: Ruleset, max_turns: int = MAX_TURNS) -> Path:
    """A whole seeded game under ``ruleset``: the deal, then every decision and the position after it
    (stopped after ``max_turns`` decisions if the game has not ended)."""
    return play_from([(None, game_deal(players, seed, ruleset))], seed, ruleset, max_turns)


def play_from(path: Path, seed: int, ruleset: Ruleset, max_turns: int = MAX_TURNS, other_luck: bool = False) -> Path:
    """The seeded game ``path`` (from the deal) continued to its end under ``ruleset``. A game whose
    readings agreed on every position of ``path`` (the same decisions with the same results) is, played
    from its deal under ``ruleset``, the same game: so a replay under another reading starts where the
    readings first differ. With ``other_luck`` the players draw a stream of their own from that
    point (the deck's order, fixed by the deal, is the same)."""
    pos = replace(path[-1][1], ruleset=ruleset)
    path = path[:-1] + [(path[-1][0], pos)]
    if other_luck:
        player = Greedy(f"{seed} other luck from {len(path) - 1}")
    else:
        player = Greedy(seed)
        player.skip(len(path) - 1)
    while not pos.is_over and len(path) <= max_turns:
        move = player.choose(pos, legal_moves(pos))
        pos = apply_legal(pos, move)
        path.append((str(move), pos))
    return path


def replay(players: int, seed: int, ruleset: Ruleset, turns: list[str]) -> Position:
    """The position the seeded deal reaches after ``turns`` (each checked legal by the engine)."""
    pos = game_deal(players, seed, ruleset)
    for t in turns:
        pos = apply(pos, t)
    return pos


def winners(pos: Position) -> tuple[int, ...] | None:
    """The winners of a finished game (the bot is index ``players``); None for a game called off."""
    return pos.winners if pos.is_over else None


def jokers_in_play(pos: Position) -> bool:
    """Whether a blue or green joker (only in the 48-card deck) ends in a collection."""
    return any(h[c] for h in pos.hands for c in range(KINDS) if is_joker(c) and colour_of(c) != 0)
