"""Stick to Colours positions as compact tuples of ints for the search, with the decisions generated
straight on them in the order of the model's ``legal_moves``; tests hold them to ``model.successors``.

A state is ``(deck, market, hands, dealer, passes, auction)``: ``deck`` the number of cards drawn from
the root's deck, ``market`` a sorted tuple of slot codes ``card << 8 | q << 4 | x``, ``hands`` one int per
collection with two bits of count per card (``count << 2 * card``), ``auction`` None or ``(lot, bidder,
leader, high, passed, refused)`` where ``refused`` counts each player's hand refusals (only their number
bears on the rest of the game: they are all discarded). The discard pile and the token supplies are left
out: no rule reads them (the supplies follow from the tokens out)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from arbiter.model.stick_to_colours import fast
from arbiter.model.stick_to_colours.cards import JOKER, KINDS, Counts, card, joker
from arbiter.model.stick_to_colours.game import Position, has_bot, market_size
from arbiter.model.stick_to_colours.spec import Run, ScoringSpec, ValueSet, scoring_spec

State = tuple[Any, ...]


def hand_code(counts: Counts) -> int:
    return sum(n << 2 * k for k, n in enumerate(counts) if n)


def hand_counts(code: int) -> Counts:
    return tuple(code >> 2 * k & 3 for k in range(KINDS))


def slot_code(card: int, q: int, x: int) -> int:
    return card << 8 | q << 4 | x


def _classes(market: tuple[int, ...]) -> list[list[int]]:
    """[code, copies] of each distinct slot, in the market's (sorted) order."""
    out: list[list[int]] = []
    for s in market:
        if out and out[-1][0] == s:
            out[-1][1] += 1
        else:
            out.append([s, 1])
    return out


@lru_cache(maxsize=1 << 16)
def sub_hands(code: int, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    """(code, size) of every sub-collection of the hand ``code`` of size lo..hi-1, each once, in the
    order of the model's ``_sub_multisets`` (kinds by card, fewer copies first, the last kind fastest)."""
    kinds = [(k, code >> 2 * k & 3) for k in range(KINDS) if code >> 2 * k & 3]
    out = []
    for picks in product(*(range(n + 1) for _, n in kinds)):
        size = sum(picks)
        if lo <= size < hi:
            out.append((sum(p << 2 * k for (k, _), p in zip(kinds, picks, strict=True)), size))
    return tuple(out)


CACHE = 1 << 18  # (cards left, hands) analyses kept at most; the cache starts afresh when full
DEAD = 31  # the card a dead market card is keyed as: which dead card it is changes nothing
_LOW = sum(1 << 2 * k for k in range(KINDS))  # the low bit of every card's two-bit count


def presence(code: int) -> int:
    """The bitmask (bit per card) of the cards a hand code holds at least once."""
    bits = (code | code >> 1) & _LOW
    return sum(1 << k for k in range(KINDS) if bits >> 2 * k & 1)


@lru_cache(maxsize=64)
def witnesses(spec: ScoringSpec) -> tuple[tuple[int, ...] | None, ...]:
    """For each card, the bitmasks of other cards whose presence lets it be in some set under ``spec``
    (None: always, for jokers). A card none of whose masks is covered by the cards a collection may
    still hold is *dead* for it: no set of any collection it can reach contains it, so it adds no
    points there (and which dead card it is changes nothing)."""
    run = next(kind for kind, _ in spec.kinds if isinstance(kind, Run))
    valued = set().union(*(kind.values for kind, _ in spec.kinds if isinstance(kind, ValueSet)))
    jv = set(spec.joker_values)
    out: list[tuple[int, ...] | None] = []
    for c in range(KINDS):
        col, v = divmod(c, 10)
        if v == JOKER:
            out.append(None)
            continue
        v += 1

        def options(colour: int, value: int) -> list[int]:
            """Ways to have a card of ``colour`` and ``value``: the card, or that colour's joker."""
            return [1 << card(colour, value)] + ([1 << joker(colour)] if value in jv else [])

        masks = set()
        if v in valued:
            a, b = (k for k in range(3) if k != col)
            masks |= {x | y for x in options(a, v) for y in options(b, v)}
        need = run.min_length - 1
        if run.gaps:
            pools = [[u for u in range(1, 10) if u != v]]
        else:
            pools = [[u for u in range(lo, lo + run.min_length) if u != v]
                     for lo in range(max(1, v - need), min(v, 10 - run.min_length) + 1)]
        for pool in pools:
            for group in combinations(pool, need):
                for picks in product(*(options(col, u) for u in group)):
                    if len(set(picks)) == need:  # one joker stands for one value only
                        masks.add(sum(picks))
        out.append(tuple(sorted(m for m in masks if not any(o != m and o & m == o for o in masks))))
    return tuple(out)  # kept per spec (a search per state of a best-defence search builds a game each time)


def _size(code: int) -> int:
    """The number of cards of a hand code."""
    return (code & _LOW).bit_count() + 2 * (code >> 1 & _LOW).bit_count()


def _only(code: int, cards: int) -> int:
    """The part of the hand code ``code`` on the cards of the bitmask ``cards``."""
    return sum(code & 3 << 2 * c for c in range(KINDS) if cards >> c & 1)


def _common(a: int, b: int) -> int:
    """The cards two hand codes have in common, with the smaller count of each."""
    return sum(min(a >> 2 * c & 3, b >> 2 * c & 3) << 2 * c for c in range(KINDS) if a >> 2 * c & 3)


def _most_within(points, hand: int, pool: int, free: int, room: int) -> int:
    """The most ``points`` of K + W + O over K of ``hand``, W of ``pool`` and O of ``free`` with
    |K| + 2|W| + |O| <= room: a depth-first search over the cards (hand, then free, then pool, taking
    more copies first), cut where even every card still open would score no more than the best found,
    and where every card still open fits in the room (taken at once). The compiled core runs the same."""
    items = []
    for code, weight in ((hand, 1), (free, 1), (pool, 2)):
        items.extend((c, code >> 2 * c & 3, weight) for c in range(KINDS) if code >> 2 * c & 3)
    rest = [0] * (len(items) + 1)  # the cards of the items from each on, and their weight
    need = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        c, n, w = items[i]
        rest[i], need[i] = rest[i + 1] + (n << 2 * c), need[i + 1] + n * w
    best = -1

    def walk(i: int, chosen: int, room: int) -> None:
        nonlocal best
        if need[i] <= room:
            best = max(best, points(chosen + rest[i]))
            return
        if points(chosen + rest[i]) <= best:
            return
        c, n, w = items[i]
        for t in range(min(n, room // w), -1, -1):
            walk(i + 1, chosen + (t << 2 * c), room - t * w)

    walk(0, 0, room)
    return best


class StickState:
    """The rules of one position's game on compact states: ``turns`` gives every decision's state in the
    model's order, ``outcome`` the final margin, ``key`` the transposition key."""

    def __init__(self, pos: Position, tight: bool = True) -> None:
        rules = pos.ruleset
        self.tight = tight  # the bounds count what each lot won costs (``_most``)
        self.n = pos.players
        self.bot = has_bot(pos.players, rules)
        self.bot_scores = rules.bot_pile == "scores"  # "out": the bot's cards are set aside unscored
        self.everyone = (1 << self.n) - 1
        self.deck = pos.deck
        self.size = market_size(pos.players)
        self.cover = rules.bid == "cover"
        self.raise_one = rules.raise_by == "one"
        self.pass_final = rules.pass_final
        self.anyone = rules.who_bids == "anyone"
        self.when_needed = rules.hand_refusals == "when_needed"
        self.cumulative = rules.market_clear == "cumulative"
        self.spec = scoring_spec(rules)
        self._points: dict[int, int] = {}
        self.witness = witnesses(self.spec)
        self.deck_masks = [0] * (len(self.deck) + 1)  # the cards of the deck from each depth on
        self.deck_codes = [0] * (len(self.deck) + 1)  # the same as a hand code
        for i in range(len(self.deck) - 1, -1, -1):
            self.deck_masks[i] = self.deck_masks[i + 1] | 1 << self.deck[i]
            self.deck_codes[i] = self.deck_codes[i + 1] + (1 << 2 * self.deck[i])
        self._presence: dict[int, int] = {}
        self._live_of: dict[int, int] = {}  # the cards live for a collection that may hold a set of cards
        self._mosts: dict[tuple[int, int, int, int], int] = {}
        self._liveness: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}
        self._seen: tuple[State | None, State | None, bool] = (None, None, False)
        self.root = self.state(pos)

    # -- conversion ------------------------------------------------------------------------------

    def state(self, pos: Position) -> State:
        """The compact state of ``pos``, a position of this game (its deck a suffix of the root's)."""
        market = tuple(sorted(slot_code(s.card, s.q, s.x) for s in pos.market))
        hands = tuple(hand_code(h) for h in pos.hands)
        auction = None
        if pos.auction:
            a = pos.auction
            auction = (slot_code(a.lot.card, a.lot.q, a.lot.x), a.bidder, a.leader, a.high, a.passed,
                       tuple(sum(r) for r in a.refused))
        return (len(self.deck) - len(pos.deck), market, hands, pos.dealer, pos.passes, auction)

    # -- what the search asks ----------------------------------------------------------------------

    def key(self, state: State) -> State:
        """The state with each dead card anonymous: a hand's dead cards as their number, a market card
        dead for every collection as ``DEAD`` (it keeps its tokens). States with equal keys have equal
        values: their games differ only in which dead cards lie where."""
        seen, key, _ = self._seen
        if seen is not state:
            key, _ = self._analyse(state)
        return key

    def _live(self, c: int, avails: list[int]) -> bool:
        masks = self.witness[c]
        if masks is None:
            return True
        for avail in avails:
            for m in masks:
                if m & avail == m:
                    return True
        return False

    def _analyse(self, state: State) -> tuple[State, bool]:
        """(the key, whether any card still to be taken is live for some collection)."""
        deck, market, hands, dealer, passes, auction = state
        common = self.deck_masks[deck]
        for s in market:
            common |= 1 << (s >> 8)
        if auction is not None:
            common |= 1 << (auction[0] >> 8)
        cache = self._liveness
        got = cache.get((common, hands))
        if got is None:
            if len(cache) >= CACHE:
                cache.clear()
            got = cache[(common, hands)] = self._live_cards(common, hands)
        live, hand_key = got
        if live != common:
            market = tuple(sorted(s if live >> (s >> 8) & 1 else DEAD << 8 | s & 255 for s in market))
            if auction is not None and not live >> (auction[0] >> 8) & 1:
                auction = (DEAD << 8 | auction[0] & 255, *auction[1:])
        if auction is not None and auction[4] and self.pass_final:  # who passed for good bids no more here:
            passed = auction[4]  # the number of their hand refusals no longer matters
            auction = (*auction[:5], tuple(0 if passed >> i & 1 else r for i, r in enumerate(auction[5])))
        return (deck, market, hand_key, dealer, passes, auction), live != 0

    def _live_cards(self, common: int, hands: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(the cards of ``common`` live for some collection, each hand keyed as its live cards and the
        number of its dead ones)."""
        presence_of = self._presence
        avails = []
        for h in hands:
            got = presence_of.get(h)
            if got is None:
                if len(presence_of) >= CACHE:
                    presence_of.clear()
                got = presence_of[h] = presence(h)
            avails.append(common | got)
        live = 0
        rest = common
        while rest:
            low = rest & -rest
            rest ^= low
            if self._live(low.bit_length() - 1, avails):
                live |= low
        hand_key = []
        for h, avail in zip(hands, avails, strict=True):
            dead = 0
            live_part = h
            for c in range(KINDS):
                n = h >> 2 * c & 3
                if n and not self._live(c, [avail]):
                    dead += n
                    live_part -= n << 2 * c
            hand_key.append(live_part | dead << 2 * KINDS)
        return live, tuple(hand_key)

    def to_move(self, state: State) -> int:
        auction = state[5]
        return state[3] if auction is None else auction[1]

    def is_over(self, state: State) -> bool:
        return state[5] is None and not state[1] and state[0] == len(self.deck)

    def points(self, hand: int) -> int:
        got = self._points.get(hand)
        if got is None:
            if len(self._points) >= CACHE:
                self._points.clear()
            got = self._points[hand] = fast.points(hand_counts(hand), self.spec)
        return got

    def scores(self, state: State) -> list[int]:
        return [self.points(h) for h in state[2]]

    def outcome(self, state: State, player: int) -> int | None:
        """The final margin at the end, and before it once no card still to be taken is live for
        anyone: from then on a score changes only when its owner refuses a hand card, which lowers it,
        so under best play nobody does and the margin stays what it is."""
        if state[5] is not None or state[1] or state[0] != len(self.deck):
            key, live = self._analyse(state)
            self._seen = (state, key, live)
            if live:
                return None
        scores = self.scores(state)
        mine = scores.pop(player)
        return mine - max(scores)

    def bounds(self, state: State, player: int) -> tuple[int, int]:
        """Bounds on ``player``'s margin. Adding a card never lowers a score (under every reading: an
        arrangement stays valid, and the layered split's layers only grow), and passing is always legal.
        A player's X on a card left (``who_bids=not_refused``) keeps it from them for good: they may not
        bid on it, and the hand-over gives it to the one player without an X. So ``player``, passing from
        now on, keeps their score and the others reach at most what they would score with every card left;
        the others, passing, keep theirs and ``player`` reaches at most their own score with every card
        left. With ``pass_final`` the lot of the auction goes to a bidder still in it: who passed for good
        cannot get it (``blocked`` holds it for them). With ``tight`` (not under ``who_bids=anyone``) each
        collection's most is ``_most`` instead: what it can reach when every lot it wins costs a refusal."""
        deck, market, hands, _, _, auction = state
        left = self.deck_codes[deck]
        blocked = [0] * len(hands)  # cards left that a player can no longer get: their X lies on them
        lot_out = auction[4] if auction is not None and self.pass_final else 0  # who passed for good
        tight = self.tight and not self.anyone
        # with tight, the market cards that can still be handed over while ``player`` passes from now on
        # (to the others, or to the bot: they carry ``player``'s X, or ``player``'s ? when leading, which
        # turns to X if the others pass), and while the others pass (to ``player``: every other's X, the
        # leader's ? counted as X)
        to_others = to_player = 0
        if tight and (self.n > 2 or self.bot):
            lead = 0 if auction is None else 1 << auction[2]
            mine, others = 1 << player, self.everyone & ~(1 << player)
            leading = lead == mine
            for s in market:
                if (s | s >> 4) & mine if leading else s & mine:
                    to_others += 1 << 2 * (s >> 8)
                if (s | s >> 4 & lead) & others == others:
                    to_player += 1 << 2 * (s >> 8)
        common = self.deck_masks[deck]
        for k, s in enumerate((*market, auction[0]) if auction is not None else market):
            c = 1 << 2 * (s >> 8)
            left += c
            common |= 1 << (s >> 8)
            out = (0 if self.anyone else s & 15) | (lot_out if k == len(market) else 0)
            if out:  # most slots keep no one out: no walk over the players (this runs at every node)
                for i in range(self.n):
                    if out >> i & 1:
                        blocked[i] += c
        points = self.points
        low = high = None
        mine_now = mine_all = 0
        for i, h in enumerate(hands):
            now = points(h)
            if not tight:
                most = points(h + left - blocked[i])
            elif i == self.n:  # the bot, never ``player``: it gets what both players refused
                most = points(h + to_others)
            else:
                held = auction is not None and auction[5][i] and not lot_out >> i & 1  # the lot partly paid
                handed = 0 if self.n == 2 else to_player if i == player else to_others  # 2 players: no hand-over
                most = self._most(h, left - blocked[i], common, handed, 1 if held else 0)
            if i == player:
                mine_now, mine_all = now, most
            else:
                low = most if low is None or most > low else low
                high = now if high is None or now > high else high
        return mine_now - low, mine_all - high

    def _most(self, hand: int, pool: int, common: int, handed: int, paid: int) -> int:
        """The most points of a player holding ``hand`` who may still get the cards of ``pool``, of which
        those of ``handed`` by hand-over (free; 3-4 players only): every lot won costs its winner a refusal
        (a bid refuses at least one card), a card of the market then theirs to X (never theirs again) or
        one of their hand (discarded), except the ``paid`` (0 or 1) lot of the auction they refused hand
        cards in already. So of their hand and pool (U cards), the kept hand cards K, the lots won W and the
        cards handed over O satisfy |K| + 2|W| + |O| <= U + paid. Dead cards add nothing (``witnesses``):
        they only count in U, as refusals that cost nothing. Kept by (live hand, live pool, handed, room)."""
        live = self._live_of.get(common | presence(hand))
        if live is None:
            avail = common | presence(hand)
            if len(self._live_of) >= CACHE:
                self._live_of.clear()
            live = self._live_of[avail] = sum(1 << c for c in range(KINDS) if self._live(c, [avail]))
        room = _size(hand) + _size(pool) + paid
        hand_live, pool_live = _only(hand, live), _only(pool, live)
        free = _common(_only(handed, live), pool_live)
        if _size(hand_live) + 2 * _size(pool_live) - _size(free) <= room:
            return self.points(hand + pool)  # every card fits: the plain most
        key = (hand_live, pool_live - free, free, room)
        got = self._mosts.get(key)
        if got is None:
            if len(self._mosts) >= CACHE:
                self._mosts.clear()
            got = self._mosts[key] = _most_within(self.points, hand_live, pool_live - free, free, room)
        return got

    def children(self, state: State) -> Iterator[State]:
        """``each_turn``, where a bidder whose X lies on the card put up (who can only pass) passes at
        once: such a state has one decision, so its value is its successor's."""
        anyone = self.anyone
        for child in self.each_turn(state):
            while not anyone and (a := child[5]) is not None and a[0] >> a[1] & 1:
                child = self._bid_pass(child)
            yield child

    # -- the rules -----------------------------------------------------------------------------------

    def turns(self, state: State) -> list[State]:
        """The state after each legal decision, in the order of the model's ``legal_moves``."""
        return list(self.each_turn(state))

    def each_turn(self, state: State) -> Iterator[State]:
        """``turns`` generated lazily (a cut-off spares the rest)."""
        deck, market, hands, dealer, passes, auction = state
        if auction is None:
            yield self._dealer_pass(state)
            p = dealer
            for lot, _ in _classes(market):
                if not self.anyone and lot >> p & 1:
                    continue
                rest = list(market)
                rest.remove(lot)
                for picks, classes, h, hs in self._bids(p, rest, hands[p], 0, 0):
                    new_market, new_hands = self._place(p, rest, classes, picks, hands, h)
                    refused = tuple(hs if i == p else 0 for i in range(self.n))
                    yield self._next_bidder(deck, new_market, new_hands, dealer, passes,
                                            [lot, p, p, sum(picks) + hs, 0, refused], p)
            return
        lot, p, _, high, passed, refused = auction
        yield self._bid_pass(state)
        if not self.anyone and lot & 1 << p:
            return
        held = refused[p]
        tokens = sum(1 for s in market if s >> 4 & 1 << p)
        for picks, classes, h, hs in self._bids(p, market, hands[p], high, held):
            new_market, new_hands = self._place(p, market, classes, picks, hands, h)
            mine = held + hs
            new_refused = refused[:p] + (mine,) + refused[p + 1:]
            yield self._next_bidder(deck, new_market, new_hands, dealer, passes,
                                    [lot, p, p, tokens + sum(picks) + mine, passed if self.pass_final else 0,
                                     new_refused], p)

    def _bids(self, p: int, market, hand: int, high: int, refused: int) -> list:
        """(picks per open class, the open classes, hand refusal code, its size) of each legal bid."""
        bit = 1 << p
        own = bit << 4 | bit
        classes = _classes(market)
        current = sum(1 for s in market if s >> 4 & bit) + refused
        need = high + 1 - current
        open_ = [c for c in classes if not c[0] & own]
        available = sum(n for _, n in open_)
        held = (hand & _LOW).bit_count() + 2 * (hand >> 1 & _LOW).bit_count()
        ranges = [(n,) if self.cover and s >> 4 & 15 else range(n + 1) for s, n in open_]
        out = []
        for picks in product(*ranges):
            m = sum(picks)
            if self.when_needed:
                extra = need - available if need > available else 0
                if extra and m < available:
                    continue
                lo, hi = extra, extra + 1
            else:
                lo, hi = max(0, need - m), held + 1
            if self.raise_one:
                lo, hi = max(lo, need - m), min(hi, need - m + 1)
            if lo >= hi:
                continue
            for h, hs in sub_hands(hand, lo, hi):
                if m + hs >= need and m + hs > 0:
                    out.append((picks, open_, h, hs))
        return out

    def _place(self, p: int, market, open_, picks, hands, h: int):
        """``p``'s ? tokens on the picked market cards, the refused hand cards out of the hand."""
        qbit = 1 << p << 4
        new = list(market)
        for (s, _), k in zip(open_, picks, strict=True):
            for _ in range(k):
                new.remove(s)
                new.append(s | qbit)
        new.sort()
        if h:
            hands = hands[:p] + (hands[p] - h,) + hands[p + 1:]
        return tuple(new), hands

    def _dealer_pass(self, state: State) -> State:
        deck, market, hands, dealer, passes, _ = state
        passes |= 1 << dealer
        if passes == self.everyone:
            return self._end_of_turn(deck, [], hands, dealer, 0)
        return self._end_of_turn(deck, list(market), hands, dealer, passes)

    def _bid_pass(self, state: State) -> State:
        deck, market, hands, dealer, passes, auction = state
        lot, p, leader, high, passed, refused = auction
        passed |= 1 << p
        if passed | 1 << leader == self.everyone:
            return self._end_of_bidding(deck, market, hands, dealer, passes, lot, leader)
        return self._next_bidder(deck, market, hands, dealer, passes, [lot, p, leader, high, passed, refused], p)

    def _next_bidder(self, deck, market, hands, dealer, passes, auction: list, after: int) -> State:
        lot, _, leader, _, passed, _ = auction
        skip = (passed if self.pass_final else 0) | 1 << leader
        if skip == self.everyone:
            return self._end_of_bidding(deck, market, hands, dealer, passes, lot, leader)
        n = self.n
        for k in range(1, n + 1):
            q = (after + k) % n
            if not skip >> q & 1:
                auction[1] = q
                return (deck, market, hands, dealer, passes, tuple(auction))
        raise AssertionError("someone is left to bid")

    def _end_of_bidding(self, deck, market, hands, dealer, passes, lot: int, w: int) -> State:
        """The winner takes the lot, their ? tokens turn to X, the others' go back; then the hand-over
        (3-4 players) or the bot's cards (2 players)."""
        n, everyone = self.n, self.everyone
        hands = list(hands)
        hands[w] += 1 << 2 * (lot >> 8)
        wbit = 1 << w
        kept = []
        for s in market:
            card, x = s >> 8, s & 15 | (s >> 4 & wbit)
            if n >= 3 and x.bit_count() == n - 1:
                hands[(everyone & ~x).bit_length() - 1] += 1 << 2 * card
            elif self.bot and x == everyone:
                if self.bot_scores:
                    hands[n] += 1 << 2 * card
            else:
                kept.append(card << 8 | x)
        return self._end_of_turn(deck, kept, tuple(hands), dealer, passes if self.cumulative else 0)

    def _end_of_turn(self, deck: int, market: list, hands, dealer: int, passes: int) -> State:
        """Refill the market from the deck and pass the dealer token on."""
        need = self.size - len(market)
        if need > 0 and deck < len(self.deck):
            drawn = self.deck[deck:deck + need]
            market.extend(c << 8 for c in drawn)
            deck += len(drawn)
        market.sort()
        return (deck, tuple(market), tuple(hands), (dealer + 1) % self.n, passes, None)
