"""Theorems about Stick to Colours turns, checked on the engine's own transitions
(``model/stick_to_colours/game.py`` ``successors``) over a stated scope of reachable positions: a
bounded check, reported as "checked on N positions", never as "proved"."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from arbiter.model.stick_to_colours.cards import EMPTY, add, codes, counts_of, parse_card, sub
from arbiter.model.stick_to_colours.game import TOKENS, Move, Position, deal, deck_counts, successors
from arbiter.model.stick_to_colours.ruleset import DEFAULT, SWITCHES, Ruleset

from ..walk import Once, Verdict, walk

TURN_SWITCHES = ("deck", "bid", "raise_by", "pass_final", "who_bids", "hand_refusals", "market_clear", "two_player")
PLAYERS = (2, 3, 4)
FLIPPED_PLAYERS = (2, 3)  # a flipped reading's game: 4 players cost the most and add no rule of their own
GAMES = 1  # seeded random games per ruleset and player count
MAX_TURNS = 150  # a random game under market_clear=never need not end: its walk stops here
DEPTH, DEALS = 1, 1  # every position within DEPTH decisions of deals 0..DEALS-1 under the default
CYCLE_NODES = 2000  # decisions searched (depth first, the engine's move order) for a line that comes back


def rulesets() -> list[Ruleset]:
    """The default, then each turn switch flipped to each of its other readings."""
    return [DEFAULT, *(DEFAULT.with_switches(**{n: v}) for n in TURN_SWITCHES for v in SWITCHES[n]
                       if v != getattr(DEFAULT, n))]


SCOPE = (f"every legal decision (the engine's successors) from every position within {DEPTH} decision of deals "
         f"seeds 0-{DEALS - 1} (default) and of {GAMES} seeded random game per ruleset (seed 0, at most {MAX_TURNS} "
         f"decisions) under the default (2, 3 and 4 players) and under each of {len(TURN_SWITCHES)} turn switches "
         f"flipped to each other reading (2 and 3 players; two_player=no_bot: 2)")


@dataclass(frozen=True)
class Reached:
    """A position and how a game reaches it: the deal (players, seed, ruleset) and the decisions since."""

    position: Position
    players: int
    seed: int
    ruleset: Ruleset
    line: tuple[str, ...]

    def origin(self) -> dict[str, Any]:
        return {"deal": {"players": self.players, "seed": self.seed, "ruleset": str(self.ruleset)},
                "line": list(self.line)}


def _games(ruleset: Ruleset, players: int) -> Iterator[Reached]:
    for seed in range(GAMES):
        pos, line, rng = deal(players, seed, ruleset), (), random.Random(seed)
        while not pos.is_over and len(line) < MAX_TURNS:
            yield Reached(pos, players, seed, ruleset, line)
            move, pos = rng.choice(successors(pos))
            line += (str(move),)


def _near_deals(players: int) -> Iterator[Reached]:
    for seed in range(DEALS):
        layer = [Reached(deal(players, seed, DEFAULT), players, seed, DEFAULT, ())]
        for depth in range(DEPTH + 1):
            nxt = []
            for r in layer:
                yield r
                if depth < DEPTH and not r.position.is_over:
                    nxt += [Reached(p, players, seed, DEFAULT, (*r.line, str(m))) for m, p in successors(r.position)]
            layer = nxt


def positions() -> Iterator[Reached]:
    """The scope's reachable positions, each once, in a fixed order."""
    seen: set[Position] = set()
    sources = [_near_deals(n) for n in PLAYERS]
    sources += [_games(rs, n) for rs in rulesets() for n in (PLAYERS if rs == DEFAULT else FLIPPED_PLAYERS)
                if n == 2 or rs.two_player == "bot"]
    for source in sources:
        for r in source:
            if r.position not in seen:
                seen.add(r.position)
                yield r


def witness(r: Reached, move: Move, nxt: Position, why: str) -> dict[str, Any]:
    """A decision of a reachable position as a witness: how the position is reached, the decision, what
    is wrong, and the collections before and after it."""
    return {**r.origin(), "mover": r.position.to_move, "decision": str(move), "why": why,
            "hands": {"before": [codes(h) for h in r.position.hands], "after": [codes(h) for h in nxt.hands]}}


Fact = Callable[[Reached, Move, Position], "dict[str, Any] | None"]


def conserved(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """The cards after a decision (deck, market, lot, hands, refused, discard) are the deck's, each once,
    and every player's tokens are in their supply or on a card."""
    if nxt.all_cards() != deck_counts(nxt.ruleset):
        return witness(r, move, nxt, "the cards in play are not the deck's cards")
    for p in range(nxt.players):
        if nxt.supply[p] + nxt.tokens_out(p) != TOKENS:
            return witness(r, move, nxt, f"player {p} has {nxt.supply[p] + nxt.tokens_out(p)} tokens, not {TOKENS}")
    return None


def _ended(r: Reached, nxt: Position) -> bool:
    return r.position.auction is not None and nxt.auction is None


def _gains(r: Reached, move: Move, nxt: Position) -> list:
    """What each collection gained in the decision (the mover's hand refusals put back first)."""
    before = list(r.position.hands)
    if move.hand:
        before[r.position.to_move] = sub(before[r.position.to_move], counts_of(parse_card(c) for c in move.hand))
    return [sub(after, was) for after, was in zip(nxt.hands, before, strict=True)]


def _final_x(r: Reached, move: Move) -> tuple[int, list[tuple[int, int]]]:
    """The auction's winner and each market card with the X tokens on it once the winner's ? turn to X."""
    pos = r.position
    winner = pos.auction.leader if move.kind == "pass" else pos.to_move
    out, taken = [], list(move.market) if move.kind != "pass" else []
    for s in pos.market:
        x = s.x | (s.q & 1 << winner)
        if str(s) in taken:
            taken.remove(str(s))
            x |= 1 << winner
        out.append((s.card, x))
    return winner, out


def hand_over(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """At the end of bidding the winner gains the lot, and each market card carrying the X tokens of every
    player but one (3-4 players) goes to exactly that one, or with both players' X (2 players) to the bot:
    every collection gains exactly those cards, and no such card stays on the market."""
    if not _ended(r, nxt):
        return None
    pos, n = r.position, r.position.players
    winner, market = _final_x(r, move)
    everyone = (1 << n) - 1
    want = [EMPTY] * len(nxt.hands)
    want[winner] = counts_of([pos.auction.lot.card])
    for card, x in market:
        if n >= 3 and x.bit_count() == n - 1:
            receiver = (everyone & ~x).bit_length() - 1
        elif pos.bot and x == everyone:
            receiver = n
        else:
            continue
        want[receiver] = add(want[receiver], counts_of([card]))
    got = _gains(r, move, nxt)
    for i, (w, g) in enumerate(zip(want, got, strict=True)):
        if w != g:
            return witness(r, move, nxt, f"collection {i} gained {codes(g) or 'nothing'}, not {codes(w) or 'nothing'}")
    return None


def refused_never_taken(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """No player wins a lot carrying their own X token (a card they refused earlier)."""
    if not _ended(r, nxt):
        return None
    winner, _ = _final_x(r, move)
    if r.position.auction.lot.x >> winner & 1:
        return witness(r, move, nxt, f"player {winner} won {r.position.auction.lot} though their X lies on it")
    return None


def rank(pos: Position) -> tuple[int, ...]:
    """(cards left to take: deck, market and lot; players yet to pass as dealer; decisions until the next
    such player deals; 1 outside an auction, else 0 then the room left to raise and the bidders yet to pass)."""
    n = pos.players
    passes = pos.passes if pos.ruleset.market_clear != "never" else 0
    left = len(pos.deck) + len(pos.market) + (pos.auction is not None)
    dist = next((k for k in range(n) if not passes >> (pos.dealer + k) % n & 1), n)
    a = pos.auction
    if a is None:
        return (left, n - passes.bit_count(), dist, 1, 0, 0)
    room = len(pos.market) + sum(sum(h) for h in pos.hands[:n]) + sum(sum(x) for x in a.refused)
    return (left, n - passes.bit_count(), dist, 0, room - a.high, n - a.passed.bit_count())


def rank_falls(r: Reached, move: Move, nxt: Position) -> dict[str, Any] | None:
    """Every decision lowers ``rank`` (compared in order), a tuple of bounded naturals: every game ends."""
    before, after = rank(r.position), rank(nxt)
    if after >= before:
        return witness(r, move, nxt, f"the rank went from {list(before)} to {list(after)}")
    return None


def _only(reading: Callable[[Ruleset], bool], fact: Fact) -> Fact:
    return lambda r, m, nxt: fact(r, m, nxt) if reading(r.ruleset) else None


FACTS: dict[str, Fact] = {
    "cards-conserved": conserved,
    "hand-over": hand_over,
    "refused-never-taken/not_refused": _only(lambda rs: rs.who_bids == "not_refused", refused_never_taken),
    "refused-never-taken/anyone": _only(lambda rs: rs.who_bids == "anyone", refused_never_taken),
    "games-end/consecutive": _only(lambda rs: rs.market_clear == "consecutive", rank_falls),
    "games-end/cumulative": _only(lambda rs: rs.market_clear == "cumulative", rank_falls),
    "games-end/never": _only(lambda rs: rs.market_clear == "never", rank_falls),
}


def check(facts: dict[str, Fact] = FACTS) -> dict[str, Verdict]:
    """Every fact on every transition of the scope, in one walk (``proofs.walk.walk``)."""
    return walk(positions(), lambda r: successors(r.position), facts)


def endless(ruleset: Ruleset, players_: tuple[int, ...] = PLAYERS) -> dict[str, Any] | None:
    """A line of decisions from a deal that comes back to a position it passed (so a game can go on for
    ever), searched depth first in the engine's move order within CYCLE_NODES decisions per deal."""
    for players in players_:
        start = deal(players, 0, ruleset)
        budget = [CYCLE_NODES]

        def search(pos: Position, path: list[Position], line: list[str], players: int = players,
                   budget: list[int] = budget) -> dict[str, Any] | None:
            for move, nxt in successors(pos):
                if budget[0] <= 0:
                    return None
                budget[0] -= 1
                if nxt in path:
                    return {"deal": {"players": players, "seed": 0, "ruleset": str(ruleset)},
                            "line": [*line, str(move)], "returns_to": path.index(nxt)}
                if len(path) <= players:
                    found = search(nxt, [*path, nxt], [*line, str(move)], players, budget)
                    if found:
                        return found
            return None

        found = search(start, [start], [])
        if found:
            return found
    return None


_memo = Once()


def verdicts() -> dict[str, Verdict]:
    """``check()`` once per process (``forget()`` after changing the engine)."""
    return _memo.get("facts", check)


def forget() -> None:
    _memo.forget()
