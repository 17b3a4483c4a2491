"""The whole game: the deal, the dealer's choice or pass, bidding by refusals, the end of bidding
(the winner's X tokens, the hand-over, the bot), market refill and clear, the end and the scores.

Positions are immutable; moves are whole decisions (``pass``, ``auction LOT refuse ... hand ...``,
``bid refuse ... hand ...``) whose ``str()`` is the canonical text. The deck order is part of the
position: refills take its top card, and ``chance_outcomes`` names which card that may be."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import product

from . import fast
from .cards import (
    BLUE,
    EMPTY,
    GREEN,
    KINDS,
    RED,
    CardError,
    Counts,
    add,
    card_code,
    cards_of,
    full_deck,
    parse_card,
    sub,
)
from .ruleset import DEFAULT, Ruleset
from .spec import scoring_spec

TOKENS = 6  # tokens of each player's colour in the box
HAND_START = 2


class PositionError(ValueError):
    """A position that is malformed or that no game can reach; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class MoveError(ValueError):
    """A move that is not legal in the position (or not a move at all)."""


def deck_counts(ruleset: Ruleset) -> Counts:
    """The cards of the deck under the ``deck`` reading (46: one joker, taken as red; colours are
    symmetric in every rule, so which one does not matter)."""
    return full_deck((RED, BLUE, GREEN) if ruleset.deck == "48" else (RED,))


def market_size(players: int) -> int:
    return 6 if players == 4 else 5


def has_bot(players: int, ruleset: Ruleset) -> bool:
    return players == 2 and ruleset.two_player == "bot"


def _who(mask: int) -> str:
    return "".join(str(i) for i in range(8) if mask >> i & 1)


@dataclass(frozen=True, order=True)
class Slot:
    """A card on the market with the players whose ? tokens (``q``) and X tokens (``x``) lie on it,
    as bitmasks of player indices. Text ``B3``, ``B3:q0``, ``B3:x12``, ``B3:q0x12``."""

    card: int
    q: int = 0
    x: int = 0

    def __str__(self) -> str:
        marks = (f"q{_who(self.q)}" if self.q else "") + (f"x{_who(self.x)}" if self.x else "")
        return card_code(self.card) + (f":{marks}" if marks else "")

    @classmethod
    def parse(cls, text: str) -> Slot:
        code, _, marks = text.strip().partition(":")
        card = parse_card(code)
        masks = {"q": 0, "x": 0}
        side = None
        for ch in marks.lower():
            if ch in "qx":
                side = ch
            elif ch.isdigit() and side:
                masks[side] |= 1 << int(ch)
            else:
                raise CardError(f"bad market card {text!r} (a card code, then :q<players>x<players>)")
        if marks and not (masks["q"] or masks["x"]):
            raise CardError(f"bad market card {text!r} (a card code, then :q<players>x<players>)")
        return cls(card, masks["q"], masks["x"])


@dataclass(frozen=True)
class Auction:
    """The auction in progress: the card put up (``lot``, with any X tokens it carries), whose turn it is
    to bid, the leading bidder and the size of the leading bid, the players who passed (for good, or
    since the last bid when passes are not final) and each player's hand cards refused face down."""

    lot: Slot
    bidder: int
    leader: int
    high: int
    passed: int
    refused: tuple[Counts, ...]


@dataclass(frozen=True)
class Move:
    """A whole decision. ``market`` lists refused market cards by their slot text before the move."""

    kind: str  # "pass", "auction" or "bid"
    lot: str | None = None
    market: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.kind == "pass":
            return "pass"
        words = ["auction", self.lot] if self.kind == "auction" else ["bid"]
        if self.market:
            words += ["refuse", *self.market]
        if self.hand:
            words += ["hand", *self.hand]
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str) or not text.split():
            raise MoveError(f"a move is a text like 'pass' or 'bid refuse B3', got {text!r}")
        words = text.split()
        head = words[0].lower()
        try:
            if head == "pass" and len(words) == 1:
                return cls("pass")
            lot = None
            rest = words[1:]
            if head == "auction":
                if not rest:
                    raise MoveError("auction needs the card put up, e.g. 'auction R5 refuse B3'")
                lot, rest = str(Slot.parse(rest[0])), rest[1:]
            elif head != "bid":
                raise MoveError(f"unknown move {text!r} (pass, auction LOT refuse ... hand ..., bid refuse ...)")
            market: list[str] = []
            hand: list[str] = []
            into = None
            for w in rest:
                if w.lower() == "refuse" and into is None and not market:
                    into = market
                elif w.lower() == "hand" and not hand:
                    into = hand
                elif into is market:
                    market.append(str(Slot.parse(w)))
                elif into is hand:
                    hand.append(card_code(parse_card(w)))
                else:
                    raise MoveError(f"unexpected {w!r} in move {text!r}")
            return cls(head, lot, tuple(sorted(market, key=_slot_key)), tuple(sorted(hand, key=parse_card)))
        except CardError as e:
            raise MoveError(f"move {text!r}: {e}") from None


def _slot_key(text: str) -> Slot:
    return Slot.parse(text)


@dataclass(frozen=True)
class Position:
    """A game position. ``hands`` has one collection per player, then the bot's when it plays;
    ``market`` is sorted (the row's order never matters); ``passes``: players who passed as dealer
    since the last auction (or since the last clear, under ``market_clear=cumulative``); ``record``:
    what every seat saw of each collection's cards (``Record``), empty as dealt."""

    ruleset: Ruleset
    players: int
    deck: tuple[int, ...]
    market: tuple[Slot, ...]
    hands: tuple[Counts, ...]
    discard: Counts
    dealer: int
    passes: int
    supply: tuple[int, ...]
    auction: Auction | None = None
    record: Record = ()

    @property
    def bot(self) -> bool:
        return len(self.hands) > self.players

    @property
    def to_move(self) -> int | None:
        if self.is_over:
            return None
        return self.dealer if self.auction is None else self.auction.bidder

    @property
    def is_over(self) -> bool:
        return self.auction is None and not self.deck and not self.market

    @cached_property
    def scores(self) -> tuple[int, ...]:
        """Each collection's points now (players, then the bot)."""
        spec = scoring_spec(self.ruleset)
        return tuple(fast.points(h, spec) for h in self.hands)

    @property
    def winners(self) -> tuple[int, ...]:
        """The collections with the most points (a shared victory when several); the bot is index
        ``players``."""
        top = max(self.scores)
        best = tuple(i for i, s in enumerate(self.scores) if s == top)
        if self.ruleset.ties == "players_first" and len(best) > 1 and best[-1] == self.players:
            return best[:-1]  # the bot wins only alone at the top
        return best

    def all_cards(self) -> Counts:
        """Every card of the position wherever it lies (deck, market, lot, hands, refused, discard)."""
        total = add(self.discard, _counts(self.deck))
        total = add(total, _counts(s.card for s in self.market))
        for h in self.hands:
            total = add(total, h)
        if self.auction:
            total = add(total, _counts([self.auction.lot.card]))
            for r in self.auction.refused:
                total = add(total, r)
        return total

    def tokens_out(self, player: int) -> int:
        """Tokens of ``player`` lying on cards (market, lot, hand refusals)."""
        bit = 1 << player
        n = sum(bool(s.q & bit) + bool(s.x & bit) for s in self.market)
        if self.auction:
            n += bool(self.auction.lot.x & bit) + sum(self.auction.refused[player])
        return n


Record = tuple[tuple[int, ...], ...]
"""Per collection (players, then the bot), in order, the cards it took face up (a lot won, a card
handed over, the bot's pile: a card ``c`` >= 0) and the hand cards it discarded face down (``~c``),
which every seat saw happen ("discards any card ... from their hand face down"): the face-up ones by
name, the face-down ones by number. ``()`` when nothing is recorded yet."""


def took(record: Record, collections: int, entries: dict[int, list[int]]) -> Record:
    """``record`` with each collection's new ``entries`` (``c`` taken face up, ``~c`` discarded face down)."""
    if not any(entries.values()):
        return record
    rows = list(record) or [()] * collections
    for i, new in entries.items():
        rows[i] = runs_sorted(rows[i] + tuple(new))
    return tuple(rows)


def runs_sorted(row: tuple[int, ...]) -> tuple[int, ...]:
    """Face-down discards with no card taken between them in card order: they were made from the same
    cards, so which came first tells nothing (a view writes them so)."""
    out: list[int] = []
    run: list[int] = []
    for c in (*row, 0):
        if c < 0:
            run.append(c)
            continue
        out += sorted(run, key=lambda d: ~d)
        run = []
        out.append(c)
    return tuple(out[:-1])


def unrecorded(pos: Position) -> Position:
    """``pos`` without its record: the position as the rules read it (the engine protocol, the
    conformance vectors and the report's examples are about the rules, not about what a seat saw)."""
    return replace(pos, record=()) if isinstance(pos, Position) and pos.record else pos


def buried(record: Record, i: int) -> Counts:
    """The hand cards collection ``i`` discarded face down so far."""
    return _counts(~c for c in (record[i] if record else ()) if c < 0)


def _counts(cards) -> Counts:
    n = [0] * KINDS
    for c in cards:
        n[c] += 1
    return tuple(n)


def deal(players: int = 3, seed: int = 0, ruleset: Ruleset = DEFAULT) -> Position:
    """A seeded deal: the deck shuffled, 2 cards to each player (and the bot), the market laid out,
    6 tokens each, player 0 the first dealer."""
    if not 2 <= players <= 4:
        raise PositionError("players", f"Stick to Colours takes 2 to 4 players, got {players}")
    deck = cards_of(deck_counts(ruleset))
    random.Random(seed).shuffle(deck)
    return dealt(deck, players, ruleset)


def dealt(order: list[int], players: int, ruleset: Ruleset = DEFAULT) -> Position:
    """The deal of the cards in ``order`` (top first): 2 to each player (and the bot), then the market."""
    deck = list(order)
    hands = []
    for _ in range(players + has_bot(players, ruleset)):
        hands.append(_counts(deck[:HAND_START]))
        deck = deck[HAND_START:]
    size = market_size(players)
    market = tuple(sorted(Slot(c) for c in deck[:size]))
    return Position(ruleset, players, tuple(deck[size:]), market, tuple(hands), EMPTY, 0, 0, (TOKENS,) * players)


def _classes(market: tuple[Slot, ...]) -> list[tuple[Slot, int]]:
    out: list[tuple[Slot, int]] = []
    for s in market:
        if out and out[-1][0] == s:
            out[-1] = (s, out[-1][1] + 1)
        else:
            out.append((s, 1))
    return out


def _sub_multisets(counts: Counts, sizes: range) -> list[Counts]:
    """Every sub-collection of ``counts`` whose size is in ``sizes``, each once."""
    kinds = [k for k in range(KINDS) if counts[k]]
    left = [sum(counts[k] for k in kinds[i:]) for i in range(len(kinds) + 1)]
    out: list[Counts] = []
    n = [0] * KINDS

    def rec(i: int, total: int) -> None:  # in the order of product(): the first kind varies slowest
        if total + left[i] < sizes.start:
            return
        if i == len(kinds):
            if total in sizes:
                out.append(tuple(n))
            return
        k = kinds[i]
        for p in range(counts[k] + 1):
            if total + p >= sizes.stop:
                break  # sizes is a range of step 1: larger picks only overshoot
            n[k] = p
            rec(i + 1, total + p)
        n[k] = 0

    if sizes.start < sizes.stop:
        rec(0, 0)
    return out


def _may_take(pos: Position, player: int, slot: Slot) -> bool:
    """Whether ``player`` may put up or bid on a card: not when their X lies on it (who_bids=not_refused)."""
    return pos.ruleset.who_bids == "anyone" or not slot.x >> player & 1


def _bids(pos: Position, player: int, market: tuple[Slot, ...], auction: Auction | None) -> list[tuple[Counts, Counts]]:
    """Each legal bid of ``player`` as (market picks per slot class, hand refusals), without duplicates."""
    rules = pos.ruleset
    bit = 1 << player
    classes = _classes(market)
    high = auction.high if auction else 0
    refused_hand = auction.refused[player] if auction else EMPTY
    current = sum(1 for s in market if s.q & bit) + sum(refused_hand)
    need = high + 1 - current
    hand = pos.hands[player]
    open_ = [(s, n) for s, n in classes if not (s.q | s.x) & bit]
    available = sum(n for _, n in open_)
    out = []
    ranges = []
    subs: dict[tuple[int, int], list[Counts]] = {}
    for s, n in open_:
        must = rules.bid == "cover" and s.q & ~bit
        ranges.append(range(n, n + 1) if must else range(n + 1))
    for picks in product(*ranges):
        m = sum(picks)
        if rules.hand_refusals == "when_needed":
            extra = max(0, need - available)
            if extra and m < available:
                continue
            sizes = range(extra, extra + 1)
        else:
            sizes = range(max(0, need - m), sum(hand) + 1)
        if rules.raise_by == "one":
            sizes = range(max(sizes.start, need - m), min(sizes.stop, need - m + 1))
        key = (sizes.start, sizes.stop)
        if key not in subs:  # many market picks ask for the same hand refusals (most often none)
            subs[key] = _sub_multisets(hand, sizes)
        for h in subs[key]:
            if m + sum(h) >= need and m + sum(h) > 0:
                out.append((tuple(picks), h))
    return out


def _bid_moves(kind: str, lot: Slot | None, market: tuple[Slot, ...], player: int,
               bids: list[tuple[Counts, Counts]]) -> list[Move]:
    """The moves of ``bids`` (as ``_bids`` gives them), the slot texts made once for all of them."""
    bit = 1 << player
    open_ = [str(s) for s, _ in _classes(market) if not (s.q | s.x) & bit]
    lot_text = str(lot) if lot else None
    out = []
    for picks, hand in bids:
        refused = tuple(t for t, n in zip(open_, picks, strict=True) for _ in range(n))
        out.append(Move(kind, lot_text, refused, tuple(card_code(c) for c in cards_of(hand)) if any(hand) else ()))
    return out


def legal_moves(pos: Position) -> list[Move]:
    """Every legal decision of the player to move (none when the game is over)."""
    if pos.is_over:
        return []
    if pos.auction is None:
        p = pos.dealer
        moves = [Move("pass")]
        for lot, _ in _classes(pos.market):
            if not _may_take(pos, p, lot):
                continue
            rest = list(pos.market)
            rest.remove(lot)
            moves += _bid_moves("auction", lot, tuple(rest), p, _bids(pos, p, tuple(rest), None))
        return moves
    a = pos.auction
    if not _may_take(pos, a.bidder, a.lot):
        return [Move("pass")]
    return [Move("pass")] + _bid_moves("bid", None, pos.market, a.bidder, _bids(pos, a.bidder, pos.market, a))


def apply(pos: Position, move: Move | str) -> Position:
    """The position after a legal move (given as a Move or its text); MoveError otherwise."""
    m = Move.parse(move) if isinstance(move, str) else move
    text = str(m)
    for legal in legal_moves(pos):
        if str(legal) == text:
            return _play(pos, legal)
    if pos.is_over:
        raise MoveError("the game is over")
    raise MoveError(f"illegal move {text!r} for player {pos.to_move} (legal: {_sample(pos)})")


def apply_legal(pos: Position, move: Move) -> Position:
    """The position after ``move``, taken from ``legal_moves(pos)`` as it is (not checked again: for
    players and samplers that choose among the legal moves)."""
    return _play(pos, move)


def _sample(pos: Position) -> str:
    moves = [str(m) for m in legal_moves(pos)]
    return ", ".join(moves[:6]) + (f", ... ({len(moves)} in all)" if len(moves) > 6 else "")


def successors(pos: Position) -> list[tuple[Move, Position]]:
    return [(m, _play(pos, m)) for m in legal_moves(pos)]


def _next_player(pos: Position, after: int, skip: int) -> int:
    for k in range(1, pos.players + 1):
        p = (after + k) % pos.players
        if not skip >> p & 1:
            return p
    raise AssertionError("someone is left to bid")


def _place(pos: Position, market: tuple[Slot, ...], player: int, move: Move, refused: Counts) -> tuple:
    """Put ``player``'s ? tokens on the refused market cards and their hand refusals face down."""
    left = list(market)
    placed = []
    for text in move.market:
        s = Slot.parse(text)
        left.remove(s)
        placed.append(Slot(s.card, s.q | 1 << player, s.x))
    hand = _counts(parse_card(c) for c in move.hand)
    supply = list(pos.supply)
    supply[player] -= len(move.market) + len(move.hand)
    hands = list(pos.hands)
    hands[player] = sub(hands[player], hand)
    return tuple(sorted(left + placed)), tuple(hands), add(refused, hand), tuple(supply)


def _play(pos: Position, move: Move) -> Position:
    n = pos.players
    everyone = (1 << n) - 1
    if pos.auction is None:
        p = pos.dealer
        if move.kind == "pass":
            if pos.ruleset.market_clear == "never":
                return _end_of_turn(pos, pos.market, pos.discard, pos.supply, pos.passes)
            passes = pos.passes | 1 << p
            if passes == everyone:
                return _end_of_turn(pos, (), _discard_market(pos.discard, pos.market), _returned(pos.supply, pos.market),
                                    0)
            return _end_of_turn(pos, pos.market, pos.discard, pos.supply, passes)
        lot = Slot.parse(move.lot)
        rest = list(pos.market)
        rest.remove(lot)
        refused = (EMPTY,) * n
        market, hands, mine, supply = _place(pos, tuple(rest), p, move, EMPTY)
        refused = tuple(mine if i == p else r for i, r in enumerate(refused))
        auction = Auction(lot, p, p, len(move.market) + len(move.hand), 0, refused)
        pos = replace(pos, market=market, hands=hands, supply=supply, auction=auction)
        return _next_bidder(pos, p)
    a = pos.auction
    p = a.bidder
    if move.kind == "pass":
        passed = a.passed | 1 << p
        if passed | 1 << a.leader == everyone:
            return _end_of_bidding(replace(pos, auction=replace(a, passed=passed)))
        return _next_bidder(replace(pos, auction=replace(a, passed=passed)), p)
    market, hands, mine, supply = _place(pos, pos.market, p, move, a.refused[p])
    refused = tuple(mine if i == p else r for i, r in enumerate(a.refused))
    high = sum(1 for s in market if s.q >> p & 1) + sum(mine)
    passed = a.passed if pos.ruleset.pass_final else 0
    pos = replace(pos, market=market, hands=hands, supply=supply,
                  auction=replace(a, leader=p, high=high, passed=passed, refused=refused))
    return _next_bidder(pos, p)


def _next_bidder(pos: Position, after: int) -> Position:
    a = pos.auction
    assert a is not None
    skip = (a.passed if pos.ruleset.pass_final else 0) | 1 << a.leader
    if skip == (1 << pos.players) - 1:
        return _end_of_bidding(pos)
    return replace(pos, auction=replace(a, bidder=_next_player(pos, after, skip)))


def _returned(supply: tuple[int, ...], slots) -> tuple[int, ...]:
    """Supplies after the tokens on ``slots`` go back to their owners."""
    out = list(supply)
    for s in slots:
        for i in range(len(out)):
            out[i] += (s.q >> i & 1) + (s.x >> i & 1)
    return tuple(out)


def _discard_market(discard: Counts, slots) -> Counts:
    return add(discard, _counts(s.card for s in slots))


def _end_of_bidding(pos: Position) -> Position:
    """The winner takes the lot and turns their ? tokens to X; the others take theirs back; every
    hand refusal is discarded; then the hand-over (3-4 players) or the bot's cards (2 players)."""
    a = pos.auction
    assert a is not None
    w, n = a.leader, pos.players
    supply = list(_returned(pos.supply, [a.lot]))
    hands = list(pos.hands)
    hands[w] = add(hands[w], _counts([a.lot.card]))
    discard = pos.discard
    seen: dict[int, list[int]] = {i: [~c for c in cards_of(r)] for i, r in enumerate(a.refused)}  # refused first
    seen[w] = seen.get(w, []) + [a.lot.card]
    for i, r in enumerate(a.refused):
        discard = add(discard, r)
        supply[i] += sum(r)
    market = []
    for s in pos.market:
        back = s.q & ~(1 << w)
        for i in range(n):
            supply[i] += back >> i & 1
        market.append(Slot(s.card, 0, s.x | (s.q & 1 << w)))
    kept = []
    everyone = (1 << n) - 1
    for s in market:
        receiver = None
        if n >= 3 and s.x.bit_count() == n - 1:
            receiver = (everyone & ~s.x).bit_length() - 1
        elif pos.bot and s.x == everyone:
            receiver = n
        if receiver is None:
            kept.append(s)
            continue
        if receiver == n and pos.ruleset.bot_pile == "out":
            discard = add(discard, _counts([s.card]))  # the bot's pile is set aside, not scored
        else:
            hands[receiver] = add(hands[receiver], _counts([s.card]))
            seen[receiver] = seen.get(receiver, []) + [s.card]
        supply = list(_returned(tuple(supply), [s]))
    passes = pos.passes if pos.ruleset.market_clear == "cumulative" else 0
    pos = replace(pos, hands=tuple(hands), auction=None, record=took(pos.record, len(hands), seen))
    return _end_of_turn(pos, tuple(sorted(kept)), discard, tuple(supply), passes)


def _end_of_turn(pos: Position, market: tuple[Slot, ...], discard: Counts, supply: tuple[int, ...],
                 passes: int) -> Position:
    """Refill the market from the top of the deck and pass the dealer token clockwise."""
    need = market_size(pos.players) - len(market)
    drawn = pos.deck[:max(0, need)]
    market = tuple(sorted(market + tuple(Slot(c) for c in drawn)))
    return replace(pos, deck=pos.deck[len(drawn):], market=market, discard=discard, supply=supply, passes=passes,
                   dealer=(pos.dealer + 1) % pos.players, auction=None)


def chance_outcomes(pos: Position) -> list[tuple[float, str, Position]]:
    """Which card lies on top of the deck, when the deck is still to be drawn from: each distinct card
    with its probability and the position with that card on top (the rest in their order)."""
    if not pos.deck:
        return []
    out = []
    seen = set()
    for i, c in enumerate(pos.deck):
        if c in seen:
            continue
        seen.add(c)
        deck = (c,) + pos.deck[:i] + pos.deck[i + 1:]
        out.append((pos.deck.count(c) / len(pos.deck), f"top {card_code(c)}", replace(pos, deck=deck)))
    return out
