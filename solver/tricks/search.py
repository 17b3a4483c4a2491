"""Double-dummy search for partnership trick-takers with open, fixed hands (bridge's card play),
each idea a named function as the double-dummy literature names it:

- ``suit_lengths`` and ``owners``: the transposition table, probed only at trick boundaries, is
  keyed by the leader and each hand's length in each suit; an entry holds a bound and, per suit,
  the owners of the top cards still out that decided something below it (ranks relative among the
  cards still out: once the cards between two are gone they are equal). Any position with the same
  lengths and the same owners of those top cards shares the bound (partition search: the smaller
  cards never won a trick by rank in the search that proved it);
- ``quick_tricks``: the tricks the leader can cash from the top at once, a sure lower bound for
  the leader's side that ends a search without playing a card;
- ``equivalent_runs``: of cards of one hand with no live card of another hand or of the trick
  between them, only one is solved at the root (``solver/bridge``). Not inside the search: with
  the partition table a bound proved with one card of a run would be lent to positions where the
  run's lower cards are small cards that no longer play alike (2 of 150 nine-card endings came out
  wrong against DDS that way), and fixing the whole run in each entry cost more than it saved;
- ``order_moves``: cheap winners first, low cards when partner wins, leads partner can ruff
  (``ruff_lead``), second hand low and third hand high as ``can_beat`` says, so cut-offs come early;
- ``last_trick``: the last trick is played out without search;
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
TABLE_LIMIT = 1 << 20  # keys; a full table is emptied (same rule in the compiled core)
BUCKET = 256  # entries kept per key by default (Context.bucket), the oldest dropped first


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
    tricks from a trick boundary, ``bucket`` entries per key) and the node count. A table holds for
    one strain and any leader."""

    deck: Deck
    strain: int
    table: dict[int, list[list]] = field(default_factory=dict)
    nodes: int = 0
    max_nodes: int | None = None
    bucket: int = BUCKET


def _suit(deck: Deck, c: int) -> int:
    return c // deck.ranks


def suit_lengths(deck: Deck, hands: Sequence[int], leader: int) -> int:
    """The table's key: the leader and the length of each hand in each suit, packed in one int."""
    key = leader
    shift = 2
    for h in hands:
        for mask in deck.suits:
            key |= (h & mask).bit_count() << shift
            shift += 4
    return key


def owners(deck: Deck, hands: Sequence[int]) -> list[int]:
    """Per suit, the hands holding its cards still out from the top down, two bits each (the top
    card's owner in the lowest bits): the relative ranks' owners."""
    out = []
    for mask in deck.suits:
        seq, k = 0, 0
        left = (hands[0] | hands[1] | hands[2] | hands[3]) & mask
        while left:
            c = left.bit_length() - 1
            left &= ~(1 << c)
            h = 0
            while not hands[h] >> c & 1:
                h += 1
            seq |= h << (2 * k)
            k += 1
        out.append(seq)
    return out


def top_cards(out: int, mask: int, k: int) -> int:
    """The ``k`` highest cards of ``out & mask``."""
    left, got = out & mask, 0
    for _ in range(k):
        c = left.bit_length() - 1
        got |= 1 << c
        left &= ~(1 << c)
    return got


def segments(deck: Deck, out: int, relevant: int) -> tuple[int, ...]:
    """Per suit, how many of the cards still out, from the top, an entry must fix: down to the
    lowest relevant card of the suit (none when no card of the suit mattered)."""
    ks = []
    for mask in deck.suits:
        r = relevant & mask & out
        if not r:
            ks.append(0)
            continue
        low = r & -r
        ks.append((out & mask & ~(low - 1)).bit_count())
    return tuple(ks)


def quick_tricks(deck: Deck, strain: int, hands: Sequence[int], leader: int) -> tuple[int, int]:
    """``(tricks, cards used)``: the tricks the leader can take at once by leading top cards: in
    each suit the run of highest cards still out that the leader holds; outside trumps (at a suit
    contract) only as many rounds as each opponent holding a trump can follow. Sound: an opponent
    who could ruff follows suit every round counted, so never discards, and the leader keeps the
    lead throughout."""
    out = hands[0] | hands[1] | hands[2] | hands[3]
    mine = hands[leader]
    opps = (hands[(leader + 1) % PLAYERS], hands[(leader + 3) % PLAYERS])
    trumps = deck.suits[strain] if strain < len(deck.suits) else 0
    total, used = 0, 0
    for mask in deck.suits:
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
        used |= top_cards(out, mask, run)
    return total, used


def sure_trumps(deck: Deck, strain: int, hands: Sequence[int]) -> tuple[int, int, int]:
    """``(North-South's, East-West's, cards used)``: tricks each side is sure of from its top
    trumps: the hand holding the highest trump still out wins a trick with each card of its
    unbroken run from the top, whenever it plays them, since nothing beats them."""
    if strain >= len(deck.suits):
        return 0, 0, 0
    trumps = (hands[0] | hands[1] | hands[2] | hands[3]) & deck.suits[strain]
    if not trumps:
        return 0, 0, 0
    top = trumps.bit_length() - 1
    holder = next(h for h in range(PLAYERS) if hands[h] >> top & 1)
    run, used = 0, 0
    while trumps and hands[holder] >> (trumps.bit_length() - 1) & 1:
        c = trumps.bit_length() - 1
        run += 1
        used |= 1 << c
        trumps &= ~(1 << c)
    return (run, 0, used) if holder & 1 == 0 else (0, run, used)


def relative_card(deck: Deck, out: int, c: int) -> tuple[int, int]:
    """A card as the table remembers it: its suit and how many cards of the suit still out rank
    above it (the same card in every position of the same key)."""
    s = _suit(deck, c)
    return s, (out & deck.suits[s] & ~((2 << c) - 1)).bit_count()


def absolute_card(deck: Deck, out: int, rel: tuple[int, int]) -> int:
    """The card of ``relative_card`` in a position with cards ``out`` still out (-1: none there)."""
    s, above = rel
    left = out & deck.suits[s]
    for _ in range(above):
        if not left:
            break
        left &= ~(1 << (left.bit_length() - 1))
    return left.bit_length() - 1


def cards_in_order(deck: Deck, mask: int):
    """The cards of ``mask``, suit by suit, each suit from the top."""
    for suit in deck.suits:
        cards = mask & suit
        while cards:
            c = cards.bit_length() - 1
            cards &= ~(1 << c)
            yield c


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


def _beats(deck: Deck, strain: int, c: int, best: int) -> bool:
    s, b = _suit(deck, c), _suit(deck, best)
    if s == b:
        return c > best
    return strain < len(deck.suits) and s == strain


def can_beat(deck: Deck, strain: int, hand: int, best: int, lead_suit: int) -> bool:
    """Whether ``hand`` can beat ``best``, a card of the suit led: a higher card of the suit, or a
    trump when void in it (the suit led not trumps)."""
    follow = hand & deck.suits[lead_suit]
    if follow:
        return follow & ~((2 << best) - 1) != 0
    return strain < len(deck.suits) and lead_suit != strain and hand & deck.suits[strain] != 0


def ruff_lead(deck: Deck, strain: int, hands: Sequence[int], seat: int, s: int) -> bool:
    """Whether leading suit ``s`` gives partner a ruff: partner is void in it and holds a trump,
    and neither opponent can ruff (each follows, or holds no trump)."""
    if strain >= len(deck.suits) or s == strain:
        return False
    trumps, suit, partner = deck.suits[strain], deck.suits[s], hands[(seat + 2) % PLAYERS]
    if partner & suit or not partner & trumps:
        return False
    return all(hands[(seat + o) % PLAYERS] & suit or not hands[(seat + o) % PLAYERS] & trumps for o in (1, 3))


def order_moves(deck: Deck, strain: int, hands: Sequence[int], leader: int, trick: Sequence[int],
                picks: list[int], hint: int = -1) -> list[int]:
    """``picks`` best first: the table's card for this position (``hint``: the run holding it),
    then when leading a suit's top card, a low card of a suit partner can ruff and the opponents
    cannot (``ruff_lead``), a low card towards partner's top card; when following, the cheapest
    card that takes the trick from the opponents, low when partner is winning (unless the last
    hand can beat partner's card: third hand plays to win) or nothing wins, second hand low when
    partner can beat the card led (a top card still tried first), ruffing cheaply, never ruffing
    partner."""
    n = len(trick)
    seat = (leader + n) % PLAYERS
    out = hands[0] | hands[1] | hands[2] | hands[3]
    scored = []
    if n == 0:
        partner = hands[(seat + 2) % PLAYERS]
        for c in picks:
            s = _suit(deck, c)
            top = (out & deck.suits[s]).bit_length() - 1
            rank = c % deck.ranks
            if c == top:
                score = 50 + rank
            elif ruff_lead(deck, strain, hands, seat, s):
                score = 40 - rank
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
        if n == 2 and partner_wins and can_beat(deck, strain, hands[(seat + 1) % PLAYERS], best, lead_suit):
            partner_wins = False
        second_low = n == 1 and can_beat(deck, strain, hands[(seat + 2) % PLAYERS], best, lead_suit)
        top = (out & deck.suits[lead_suit]).bit_length() - 1
        for c in picks:
            rank = c % deck.ranks
            s = _suit(deck, c)
            beats = _beats(deck, strain, c, best)
            if s == lead_suit and second_low and c != top:
                score = -rank
            elif s == lead_suit:
                score = 100 - rank if beats and not partner_wins else -rank
            elif strain < len(deck.suits) and s == strain:
                score = -50 - rank if partner_wins else (80 - rank if beats else -60 - rank)
            else:
                score = -20 - rank
            scored.append((-score, c))
    scored.sort()
    ordered = [c for _, c in scored]
    if hint >= 0:
        # the run holding the hinted card is represented by its smallest pick at or above it
        first = min((c for c in picks if c >= hint and _suit(deck, c) == _suit(deck, hint)), default=-1)
        if first >= 0:
            ordered.remove(first)
            ordered.insert(0, first)
    return ordered


def _matches(entry: list, seq: list[int]) -> bool:
    ks, pattern = entry[0], entry[1]
    return all(seq[s] & ((1 << 2 * ks[s]) - 1) == pattern[s] for s in range(len(ks)))


def _entry_cards(deck: Deck, out: int, ks: tuple[int, ...]) -> int:
    got = 0
    for s, mask in enumerate(deck.suits):
        got |= top_cards(out, mask, ks[s])
    return got


def won_by_rank(deck: Deck, trick: Sequence[int], w: int) -> int:
    """The winning card as a relevant card when it beat another card of its suit (its rank
    decided the trick); 0 when it won alone in its suit (a ruff, or nobody followed)."""
    s = _suit(deck, trick[w])
    return 1 << trick[w] if any(_suit(deck, c) == s for i, c in enumerate(trick) if i != w) else 0


def last_trick(deck: Deck, strain: int, hands: Sequence[int], leader: int) -> tuple[bool, int]:
    """The last trick needs no search: every hand plays its one card. Whether North-South win it,
    and the winner when its rank decided it."""
    trick = [hands[(leader + k) % PLAYERS].bit_length() - 1 for k in range(PLAYERS)]
    w = deck.winner(strain, trick)
    return (leader + w) % PLAYERS & 1 == 0, won_by_rank(deck, trick, w)


def can_take(ctx: Context, hands: list[int], leader: int, trick: list[int], target: int) -> tuple[bool, int]:
    """Whether North-South can take ``target`` of the tricks left (the one in progress included)
    against best defence, all hands open; and the cards whose rank decided it (for the table)."""
    ctx.nodes += 1
    if ctx.max_nodes is not None and ctx.nodes > ctx.max_nodes:
        raise NodeLimit(f"node limit {ctx.max_nodes} reached")
    deck = ctx.deck
    n = len(trick)
    key = None
    hint = -1
    out = hands[0] | hands[1] | hands[2] | hands[3]
    if n == 0:
        left = hands[leader].bit_count()
        if target <= 0:
            return True, 0
        if target > left:
            return False, 0
        if left == 1:
            return last_trick(deck, ctx.strain, hands, leader)
        key = suit_lengths(deck, hands, leader)
        seq = owners(deck, hands)
        bucket = ctx.table.get(key, ())
        for entry in reversed(bucket):
            if _matches(entry, seq):
                if entry[2] >= target:
                    return True, _entry_cards(deck, out, entry[0])
                if entry[3] < target:
                    return False, _entry_cards(deck, out, entry[0])
                if hint < 0 and entry[4] is not None:
                    hint = absolute_card(deck, out, entry[4])
        ns_sure, ew_sure, used = sure_trumps(deck, ctx.strain, hands)
        if target <= ns_sure:
            return True, used
        if target > left - ew_sure:
            return False, used
        q, used = quick_tricks(deck, ctx.strain, hands, leader)
        if leader & 1 == 0 and q >= target:
            _store(ctx, key, seq, segments(deck, out, used), q, left, None)
            return True, used
        if leader & 1 == 1 and left - q < target:
            _store(ctx, key, seq, segments(deck, out, used), 0, left - q, None)
            return False, used
    seat = (leader + n) % PLAYERS
    hand = hands[seat]
    legal = hand & deck.suits[_suit(deck, trick[0])] if n else 0
    legal = legal or hand
    picks = order_moves(deck, ctx.strain, hands, leader, trick, list(cards_in_order(deck, legal)), hint)
    maximising = seat & 1 == 0
    result, relevant, cut = not maximising, 0, -1
    for c in picks:
        hands[seat] = hand & ~(1 << c)
        trick.append(c)
        if n == PLAYERS - 1:
            w = deck.winner(ctx.strain, trick)
            by_rank = won_by_rank(deck, trick, w)
            winner = (leader + w) % PLAYERS
            r, rel = can_take(ctx, hands, winner, [], target - (1 if winner & 1 == 0 else 0))
            rel |= by_rank
        else:
            r, rel = can_take(ctx, hands, leader, trick, target)
        trick.pop()
        hands[seat] = hand
        if r == maximising:
            result, relevant, cut = r, rel, c
            break
        relevant |= rel
    if key is not None:
        left = hands[leader].bit_count()
        best = relative_card(deck, out, cut) if cut >= 0 else None
        ks = segments(deck, out, relevant)
        if result:
            _store(ctx, key, seq, ks, target, left, best)
        else:
            _store(ctx, key, seq, ks, 0, target - 1, best)
    return result, relevant


def _store(ctx: Context, key: int, seq: list[int], ks: tuple[int, ...], lo: int, hi: int,
           best: tuple[int, int] | None) -> None:
    """Add a bound for the positions of ``key`` whose top ``ks`` cards per suit have the owners of
    ``seq``; an entry of the same pattern is tightened instead."""
    pattern = tuple(seq[s] & ((1 << 2 * ks[s]) - 1) for s in range(len(ks)))
    bucket = ctx.table.get(key)
    if bucket is None:
        if len(ctx.table) >= TABLE_LIMIT:
            ctx.table.clear()
        bucket = ctx.table[key] = []
    for entry in bucket:
        if entry[0] == ks and entry[1] == pattern:
            entry[2], entry[3] = max(entry[2], lo), min(entry[3], hi)
            if best is not None:
                entry[4] = best
            return
    if len(bucket) >= ctx.bucket:
        del bucket[0]
    bucket.append([ks, pattern, lo, hi, best])


def mtd_tricks(ctx: Context, hands: Sequence[int], leader: int, trick: Sequence[int], guess: int | None = None) -> int:
    """North-South's tricks of those left, by zero-window tests walked from ``guess`` (MTD(f))."""
    hs, tr = list(hands), list(trick)
    lo, hi = 0, hands[leader].bit_count() + (1 if trick else 0)
    t = hi // 2 if guess is None else guess
    while lo < hi:
        t = min(max(t, lo + 1), hi)
        if can_take(ctx, hs, leader, tr, t)[0]:
            lo, t = t, t + 1
        else:
            hi, t = t - 1, t - 1
    return lo
