"""Double-dummy search for partnership trick-takers with open, fixed hands (bridge's card play),
each idea a named function as the double-dummy literature names it:

- ``relative_key``: the transposition key at a trick boundary, the hands with every suit's ranks
  renumbered among the cards still out (once the cards between two are gone they are equal);
- ``quick_tricks``: the tricks the leader can cash from the top at once, a sure lower bound for
  the leader's side that ends a search without playing a card;
- ``equivalent_runs``: of cards of one hand with no live card of another hand or of the trick
  between them, only one is tried;
- ``order_moves``: cheap winners first, low cards when partner wins, so cut-offs come early;
- ``can_take``: the zero-window question, can North-South take ``target`` of the tricks left;
- ``mtd_tricks``: the loop over t that turns yes/no answers into the exact count (MTD(f)).

The search counts North-South's tricks (side 0); a seat's side is ``seat & 1``. The compiled core
(``solver/bridge/_bridgecore.c``) runs the same functions in the same order and counts the same
nodes; this path is its fallback and its test oracle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

PLAYERS = 4
TABLE_LIMIT = 1 << 21  # entries; a full table is emptied (same rule in the compiled core)


@dataclass(frozen=True)
class Deck:
    """What the search needs of a game: its suits as bitmasks (within a suit a higher card is a
    higher bit), the number of ranks per suit, and ``winner(strain, cards)``, the index of the play
    that wins a trick (``strain`` a suit index, or ``len(suits)`` for no trump)."""

    suits: tuple[int, ...]
    ranks: int
    winner: Callable[[int, Sequence[int]], int]


class NodeLimit(Exception):
    """The search met its node budget before an answer."""


@dataclass
class Context:
    """One search's state: the deck, the strain, the transposition table (bounds on North-South's
    tricks from a trick boundary) and the node count. A table holds for one strain and any leader."""

    deck: Deck
    strain: int
    table: dict = field(default_factory=dict)
    nodes: int = 0
    max_nodes: int | None = None


def _suit(deck: Deck, c: int) -> int:
    return c // deck.ranks


def relative_key(deck: Deck, hands: Sequence[int], leader: int) -> tuple[int, ...]:
    """The hands with each suit's remaining cards renumbered from the top of the suit down (the
    k-th highest card still out becomes the suit's k-th highest rank), and the leader."""
    rel = [0, 0, 0, 0]
    out = hands[0] | hands[1] | hands[2] | hands[3]
    for s, mask in enumerate(deck.suits):
        left = out & mask
        top = (s + 1) * deck.ranks - 1
        while left:
            c = left.bit_length() - 1
            left &= ~(1 << c)
            for h in range(PLAYERS):
                if hands[h] >> c & 1:
                    rel[h] |= 1 << top
                    break
            top -= 1
    return rel[0], rel[1], rel[2], rel[3], leader


def quick_tricks(deck: Deck, strain: int, hands: Sequence[int], leader: int) -> int:
    """Tricks the leader can take at once by leading top cards: in each suit the run of highest
    cards still out that the leader holds; outside trumps (at a suit contract) only as many rounds
    as each opponent holding a trump can follow. Sound: an opponent who could ruff follows suit
    every round counted, so never discards, and the leader keeps the lead throughout."""
    out = hands[0] | hands[1] | hands[2] | hands[3]
    mine = hands[leader]
    opps = (hands[(leader + 1) % PLAYERS], hands[(leader + 3) % PLAYERS])
    trumps = deck.suits[strain] if strain < len(deck.suits) else 0
    total = 0
    for s, mask in enumerate(deck.suits):
        left = out & mask
        run = 0
        while left:
            c = left.bit_length() - 1
            if not mine >> c & 1:
                break
            run += 1
            left &= ~(1 << c)
        if run and trumps and mask != trumps:
            for o in opps:
                if o & trumps:
                    run = min(run, (o & mask).bit_count())
        total += run
    return total


def equivalent_runs(deck: Deck, legal: int, hand: int, live: int) -> list[int]:
    """One card (the highest) of each run of ``legal`` cards with no card of ``live`` (the other
    hands' cards and the trick's) ranking between them; the rest of a run plays the same."""
    picks = []
    for mask in deck.suits:
        cards = legal & mask
        prev = -1
        while cards:
            c = cards.bit_length() - 1
            cards &= ~(1 << c)
            if prev < 0 or live & ((1 << prev) - (1 << (c + 1))):
                picks.append(c)
            prev = c
    return picks


def _beats(deck: Deck, strain: int, c: int, best: int, lead_suit: int) -> bool:
    s, b = _suit(deck, c), _suit(deck, best)
    if s == b:
        return c > best
    return strain < len(deck.suits) and s == strain


def order_moves(deck: Deck, strain: int, hands: Sequence[int], leader: int, trick: Sequence[int],
                picks: list[int]) -> list[int]:
    """``picks`` best first: when leading, a suit's top card, then a low card towards partner's top
    card; when following, the cheapest card that takes the trick from the opponents, low when
    partner is winning or nothing wins, ruffing cheaply, never ruffing partner."""
    n = len(trick)
    seat = (leader + n) % PLAYERS
    out = hands[0] | hands[1] | hands[2] | hands[3]
    scored = []
    if n == 0:
        partner = hands[(seat + 2) % PLAYERS]
        for c in picks:
            s = _suit(deck, c)
            rest = out & deck.suits[s]
            top = rest.bit_length() - 1
            rank = c % deck.ranks
            if c == top:
                score = 50 + rank
            elif partner >> top & 1:
                score = 30 - rank
            else:
                score = -rank
            scored.append((-score, c))
    else:
        w = deck.winner(strain, trick)
        best = trick[w]
        partner_wins = ((leader + w) & 1) == (seat & 1)
        lead_suit = _suit(deck, trick[0])
        for c in picks:
            rank = c % deck.ranks
            s = _suit(deck, c)
            beats = _beats(deck, strain, c, best, lead_suit)
            if s == lead_suit:
                score = 100 - rank if beats and not partner_wins else -rank
            elif strain < len(deck.suits) and s == strain:
                score = -50 - rank if partner_wins else (80 - rank if beats else -60 - rank)
            else:
                score = -20 - rank
            scored.append((-score, c))
    scored.sort()
    return [c for _, c in scored]


def can_take(ctx: Context, hands: list[int], leader: int, trick: list[int], target: int) -> bool:
    """Whether North-South can take ``target`` of the tricks left (the one in progress included)
    against best defence, all hands open."""
    ctx.nodes += 1
    if ctx.max_nodes is not None and ctx.nodes > ctx.max_nodes:
        raise NodeLimit(f"node limit {ctx.max_nodes} reached")
    deck = ctx.deck
    n = len(trick)
    key = None
    if n == 0:
        left = hands[leader].bit_count()
        if target <= 0:
            return True
        if target > left:
            return False
        key = relative_key(deck, hands, leader)
        lo, hi = ctx.table.get(key, (0, left))
        if lo >= target:
            return True
        if hi < target:
            return False
        q = quick_tricks(deck, ctx.strain, hands, leader)
        if leader & 1 == 0 and q >= target:
            _store(ctx, key, max(lo, q), hi)
            return True
        if leader & 1 == 1 and left - q < target:
            _store(ctx, key, lo, min(hi, left - q))
            return False
    seat = (leader + n) % PLAYERS
    hand = hands[seat]
    legal = hand & deck.suits[_suit(deck, trick[0])] if n else 0
    legal = legal or hand
    live = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    for c in trick:
        live |= 1 << c
    picks = order_moves(deck, ctx.strain, hands, leader, trick, equivalent_runs(deck, legal, hand, live))
    maximising = seat & 1 == 0
    result = not maximising
    for c in picks:
        hands[seat] = hand & ~(1 << c)
        trick.append(c)
        if n == PLAYERS - 1:
            w = (leader + deck.winner(ctx.strain, trick)) % PLAYERS
            r = can_take(ctx, hands, w, [], target - (1 if w & 1 == 0 else 0))
        else:
            r = can_take(ctx, hands, leader, trick, target)
        trick.pop()
        hands[seat] = hand
        if r == maximising:
            result = r
            break
    if key is not None:
        lo, hi = ctx.table.get(key, (0, hands[leader].bit_count()))
        if result:
            _store(ctx, key, max(lo, target), hi)
        else:
            _store(ctx, key, lo, min(hi, target - 1))
    return result


def _store(ctx: Context, key: tuple[int, ...], lo: int, hi: int) -> None:
    if key not in ctx.table and len(ctx.table) >= TABLE_LIMIT:
        ctx.table.clear()
    ctx.table[key] = (lo, hi)


def mtd_tricks(ctx: Context, hands: Sequence[int], leader: int, trick: Sequence[int], guess: int | None = None) -> int:
    """North-South's tricks of those left, by zero-window tests walked from ``guess`` (MTD(f))."""
    hs, tr = list(hands), list(trick)
    lo, hi = 0, hands[leader].bit_count() + (1 if trick else 0)
    t = hi // 2 if guess is None else guess
    while lo < hi:
        t = min(max(t, lo + 1), hi)
        if can_take(ctx, hs, leader, tr, t):
            lo, t = t, t + 1
        else:
            hi, t = t - 1, t - 1
    return lo
