"""Red7 for the search: compact states and their canonical key, lazy whole-turn successors (a
bitmask fast path without the Action rule, the steps of ``game.TurnGenerator`` with it), move
ordering, terminal scoring with Advanced banked points."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from arbiter.model.red7.cards import CardMask, cards_of, colour_of, number_of
from arbiter.model.red7.fast import KEYS, leader
from arbiter.model.red7.game import (
    DISCARD,
    DRAW,
    PASS,
    PASS_MOVE,
    PLAY,
    Move,
    Position,
    TurnGenerator,
    banked_set,
    next_to_move,
    points,
)
from arbiter.model.red7.ruleset import NOBODY, Ruleset

from ..search import INF

WIN = 1 << 10  # a won round is worth WIN + banked points (Advanced; 0 otherwise), more than any points total

# Move ordering (``Red7Game.order``; _red7core.c follows the same rule): from ``order_from`` hand
# cards in all, children are searched by their score, lowest first. Where ordering pays depends on
# the rules (``"actions"``: with the Action rule, whose children cost more to count; ``"basic"``:
# without) and on the player count, so the value is a table of both, chosen from measurements
# (``benchmarks/order.py``, docs/performance.md); None: never. The default of ``Red7Game(order_from=)``.
ORDER_FROM: dict[tuple[str, int], int | None] = {
    ("basic", 2): 12, ("basic", 3): 14, ("basic", 4): 18,
    ("actions", 2): 8, ("actions", 3): 10, ("actions", 4): 12,
}
ORDER_OFF = 1 << 20  # more hand cards than any position holds: what order_from=None passes to the core
OrderFrom = int | None | Mapping[tuple[str, int], int | None]


def endgames_hold(ruleset: Ruleset) -> bool:
    """Whether advice's searches may drop dominated turns and settle endgames (``Red7Game(endgames=
    True)``, the core's ``endgames_hold``, with two players): no Action rule, no Advanced draws or
    banked points, no losing turns, so that the only turn that does not keep the lead is passing
    (which puts the mover out) and a player's hand cards serve only to move."""
    return not ruleset.actions and not ruleset.advanced and ruleset.losing_turns != "legal"


def action_endgames_hold(ruleset: Ruleset) -> bool:
    """Whether advice's searches may, with the Action rule and two players, drop passing once another
    turn is made and settle a state whose other player holds no card (``Red7Game(endgames=True)``, the
    core's ``action_endgames_hold``): no Advanced draws or banked points and no losing turns, so that a
    value is a win or a loss, passing (the mover is out) is the worst turn, and every other turn keeps
    the mover in. No action puts a card in the other player's hand (an Action 1 takes a Palette card
    to the deck, 3 draws for the mover, 5 plays from the mover's hand, 7 moves the mover's Palette card),
    so a player without hand cards is out at the start of its turn whatever the mover did. The other
    shortcuts of ``endgames_hold`` do not hold: a card more in hand can take turns away (a mandatory
    Action 5 must play it), and an Action 3 draws into the hand that the endgames count down."""
    return ruleset.actions and not ruleset.advanced and ruleset.losing_turns == "not_generated"


def rules_kind(ruleset: Ruleset) -> str:
    """The key of a ruleset in an order_from table."""
    return "actions" if ruleset.actions else "basic"
SCORE_LAST, SCORE_AFTER = 1_000_000, 500_000
# The race of orderings (``search.Search.wins``, with 3-4 players in): the ordering above and a
# second one take turns of RACE_FROM nodes (doubling), the second scoring, from TWO_PLY_FROM hand
# cards in all, the coalition's children where another member moves by two plies (``_two_ply``).
# Neither ordering is best on every deal (docs/performance.md); the race costs about twice the better.
RACE_FROM = 1_000_000
TWO_PLY_FROM = 16

# A state: (rule, to_move, out, hands, palettes, deck). The ruleset lives in the Red7Game, scores
# are not part of it (the solver scores only the points banked in this round), and under Basic the
# deck is dropped because nothing can draw.
State = tuple[int, int, int, tuple[CardMask, ...], tuple[CardMask, ...], tuple[int, ...]]


def _set(t: tuple, i: int, v: int) -> tuple:
    return t[:i] + (v,) + t[i + 1 :]


class Red7Game:
    """The Red7 rules of one ruleset, seen by the search (see ``arbiter.solver.search.Game``).
    ``order_from``: the hand cards in all from which ``order`` counts replies (None: never), or a
    table of them by (``rules_kind``, players) as ``ORDER_FROM``."""

    def __init__(self, ruleset: Ruleset, order_from: OrderFrom = ORDER_FROM, endgames: bool = False,
                 two_in: bool = False) -> None:
        self.ruleset = ruleset
        if isinstance(order_from, Mapping):
            kind = rules_kind(ruleset)
            by_players = {n: order_from[(kind, n)] for n in (2, 3, 4)}
        else:
            by_players = dict.fromkeys((2, 3, 4), order_from)
        self._order_from = {n: ORDER_OFF if v is None else v for n, v in by_players.items()}
        # The bitmask fast path knows the Basic and Advanced turns under the default readings of
        # the switches it reads; any other reading walks game.TurnGenerator's steps instead.
        self.fast = (not ruleset.actions and ruleset.losing_turns in ("not_generated", "legal")
                     and ruleset.same_colour_discard == "allowed" and ruleset.advanced_draw_count == "at_discard"
                     and ruleset.winning_check == "end_of_turn" and ruleset.discard_becomes == "winning_after")
        self._turns = self._fast_turns if self.fast else self._action_turns
        self.uses_deck = ruleset.actions or ruleset.advanced
        self.plain_leader = (ruleset.nobody_qualifies == NOBODY and ruleset.tie_break == "deciding_group"
                             and ruleset.out_palettes == "ignored")
        self.race_from, self.two_ply_from = RACE_FROM, TWO_PLY_FROM
        # Advice's searches (``endgames``, where ``endgames_hold``): dominated turns dropped and
        # endgames settled without a search, as the core's ``first_turns`` does.
        self.endgames = endgames and endgames_hold(ruleset) and self.fast
        # With the Action rule (``action_endgames_hold``): passing dropped once another turn is made,
        # and a state whose other player holds no card settled, as the core's first_turns does.
        self.action_endgames = endgames and action_endgames_hold(ruleset)
        # With 3-4 players (``two_in``, which solve sets; the core's two_in, 2 there being a test's
        # unsound version), where endgames_hold (or action_endgames_hold) and nobody qualifying means
        # nobody: an out player's cards are read by nothing, so ``key`` leaves them out, and a state
        # with two players in is a 2-player round between them, whatever the coalition: its dominated
        # turns are dropped and its endgames settled as advice's (``children``, the bounds).
        self.two_in = two_in and ruleset.nobody_qualifies == NOBODY and (
            endgames_hold(ruleset) and self.fast or action_endgames_hold(ruleset))
        if self.endgames or self.two_in and not ruleset.actions:
            self.bounds = self._endgame_bounds
        elif self.action_endgames or self.two_in:
            self.bounds = self._action_endgame_bounds

    # -- conversions ---------------------------------------------------------------------------
    def state(self, pos: Position) -> State:
        return (pos.rule, pos.to_move, pos.out, pos.hands, pos.palettes, pos.deck if self.uses_deck else ())

    def position(self, s: State, scores: tuple[int, ...] | None = None) -> Position:
        rule, to_move, out, hands, palettes, deck = s
        return Position(rule, to_move, hands, palettes, out, deck, self.ruleset, scores)

    def order_from(self, players: int) -> int:
        """The hand cards in all from which ``order`` counts replies with ``players`` players (ORDER_OFF: never)."""
        return self._order_from[players]

    # -- what the search asks ------------------------------------------------------------------
    def key(self, s: State) -> State:
        out = s[2]
        if not (out and self.two_in and len(s[3]) >= 3):
            return s
        hands = tuple(0 if out >> i & 1 else h for i, h in enumerate(s[3]))
        palettes = tuple(0 if out >> i & 1 else p for i, p in enumerate(s[4]))
        return (s[0], s[1], out, hands, palettes, s[5])

    def _two_in(self, s: State) -> bool:
        """Whether ``s`` is a 3-4 player state with two players in, whose shortcuts ``two_in`` takes."""
        return self.two_in and len(s[3]) >= 3 and len(s[3]) - s[2].bit_count() == 2

    def to_move(self, s: State) -> int:
        return s[1]

    def hand(self, s: State, player: int) -> CardMask:
        return s[3][player]

    def winner(self, s: State) -> int | None:
        """The last player in, once the round is over; None while it goes on."""
        out, n = s[2], len(s[3])
        if n - out.bit_count() > 1:
            return None
        return next((i for i in range(n) if not out >> i & 1), None)

    def banked_points(self, s: State) -> int:
        """Advanced: the face value of the Palette cards the round winner banks; 0 otherwise."""
        if not self.ruleset.advanced:
            return 0
        return points(banked_set(self.position(s)))

    def outcome(self, s: State, player: int) -> int | None:
        out, n = s[2], len(s[3])
        if n - out.bit_count() > 1:
            return -WIN if out >> player & 1 else None  # out of the round: can no longer win it
        w = self.winner(s)
        if w == player:
            return WIN + self.banked_points(s)
        if n == 2 and w is not None:
            return -(WIN + self.banked_points(s))  # zero-sum: the winner maximises the same points
        return -WIN

    def children(self, s: State) -> Iterable[State]:
        if self.endgames and len(s[3]) == 2 or not self.ruleset.actions and self._two_in(s):
            return (child for _, child in self._undominated(s))
        if self.action_endgames and len(s[3]) == 2 or self.ruleset.actions and self._two_in(s):
            return (child for _, child in self._but_passing(s))
        return (child for _, child in self._turns(s))

    def _replies(self, s: State) -> int:
        """How many turns the mover of ``s`` has (dominated ones too: the count move ordering scores by)."""
        return sum(1 for _ in self._turns(s))

    # -- advice: two players, no Action rule, no Advanced, no losing turns (``endgames_hold``) ----
    def _undominated(self, s: State) -> Iterator[tuple[tuple, State]]:
        """The turns of ``s`` but two kinds that another turn dominates (hand cards never hurt: with
        more of them a player has every turn it had, and runs out later): a play followed by a
        discard of the rule's own colour (the play alone leads alike and keeps the card), and
        passing when any other turn is left (the mover is out: the other player wins)."""
        rule, other = s[0], False
        for steps, child in self._turns(s):
            if steps == PASS_MOVE:
                if not other:
                    yield steps, child
                return
            if len(steps) == 2 and steps[0][0] == PLAY and colour_of(steps[1][1]) == rule:
                continue
            other = True
            yield steps, child

    def _but_passing(self, s: State) -> Iterator[tuple[tuple, State]]:
        """The turns of ``s``, passing only when no other turn is left (``action_endgames_hold``)."""
        other = False
        for steps, child in self._turns(s):
            if steps == PASS_MOVE and other:
                return
            other = True
            yield steps, child

    def _action_endgame_bounds(self, s: State, player: int) -> tuple[int, int]:
        """``search.Game.bounds`` with the Action rule (``action_endgames_hold``): the value of a
        2-player state with both players in whose other player holds no card (the mover wins if it
        has a turn other than passing: the other player is then out at the start of its turn), as
        both bounds; else none."""
        hands, me = s[3], s[1]
        other = self._other_in(s, self.action_endgames)
        if other is None or hands[other]:
            return -INF, INF
        v = WIN if self._can_lead(s) == (me == player) else -WIN
        return v, v

    def _other_in(self, s: State, two_players: bool) -> int | None:
        """The player other than the mover in a round of two players in, where the 2-player
        shortcuts hold (``two_players``: their switch, for 2-player games with both in; with 3-4
        players ``_two_in``); None where they do not."""
        hands, me, out = s[3], s[1], s[2]
        if len(hands) == 2:
            return None if out or not two_players else 1 - me
        if self._two_in(s):  # 3-4 players, two in: a 2-player round between them
            return next(i for i in range(len(hands)) if i != me and not out >> i & 1)
        return None

    def _can_lead(self, s: State) -> bool:
        """Whether the mover of ``s`` has a turn other than passing."""
        return any(steps != PASS_MOVE for steps, _ in self._turns(s))

    def _endgame_bounds(self, s: State, player: int) -> tuple[int, int]:
        """``search.Game.bounds`` for advice: the value of a 2-player state with both players in
        where it follows from who can still lead (the other player holds no card: the mover wins if
        it can lead; the mover holds one card: every turn but passing uses it up, and the mover wins
        if one of them leaves the other player no turn but passing; the other player holds one or two
        cards, or the mover two: the mover wins if one of its turns leaves the other player losing in
        one of these cases, where every turn leads), as both bounds; else none."""
        hands, me, out = s[3], s[1], s[2]
        other = self._other_in(s, self.endgames)
        if other is None:
            return -INF, INF
        mine, theirs = hands[me], hands[other]
        if not theirs:
            won = self._can_lead(s)
        elif not mine & (mine - 1) or not theirs & (theirs - 1) or 2 in (mine.bit_count(), theirs.bit_count()):
            # every turn but passing (which changes ``out``) leads to a case settled for the other player
            won = any(c[2] == out and self._endgame_bounds(c, c[1])[0] < 0 for c in self.children(s))
        else:
            return -INF, INF
        v = WIN if won == (me == player) else -WIN
        return v, v

    def race_share(self, s: State) -> int | None:
        """Nodes of the first turn of the race of orderings from ``s`` (3-4 players in), else None."""
        if self.race_from > 0 and len(s[3]) - s[2].bit_count() >= 3:
            return self.race_from
        return None

    def order(self, s: State, player: int, first: int = 0, variant: int = 0) -> Iterator[tuple[int, State]] | None:
        """(index, child) in the order to search them for ``player``'s question, from ``order_from``
        hand cards in all (None below: the cheap lazy order of ``children``). Child ``first`` (the
        table's best) comes first, and the others are scored only if the search asks for more. A
        child that ends play comes first when the side to move has won it, last when lost;
        otherwise fewest replies first (the fewer the answers, the smaller the proof), but at the
        others' turns a child where another of them moves comes after every child where
        ``player`` replies. Ties keep the order of ``children``. Measured by benchmarks/solve.py
        (docs/performance.md). ``variant`` 1 (the race's second ordering) scores those children
        where another member moves by ``_two_ply`` from ``two_ply_from`` hand cards in all."""
        if sum(h.bit_count() for h in s[3]) < self._order_from[len(s[3])]:
            return None
        return self._ordered(s, player, first, variant)

    def _ordered(self, s: State, player: int, first: int, variant: int = 0) -> Iterator[tuple[int, State]]:
        kids = list(self.children(s))
        first = first if first < len(kids) else 0
        if first:
            yield first, kids[first]
        mine = s[1] == player
        outcome = self.outcome
        two_ply = variant and sum(h.bit_count() for h in s[3]) >= self.two_ply_from

        def score(c: State) -> int:
            v = outcome(c, player)
            if v is not None:
                return -SCORE_LAST if (v > 0) == mine else SCORE_LAST
            if not mine and c[1] != player:
                if not two_ply:
                    return SCORE_AFTER
                n = self._two_ply(c, player)
                return -SCORE_LAST + 1 if n < 0 else n
            return min(self._replies(c), SCORE_AFTER - 1)

        scores = [score(c) for c in kids]
        yield from (ic for ic in sorted(enumerate(kids), key=lambda ic: scores[ic[0]]) if ic[0] != first or not first)

    def _two_ply(self, c: State, player: int) -> int:
        """At most SCORE_AFTER: the fewest replies ``player`` has after any turn of the coalition's
        member to move in ``c``; -1 when one of those turns ends play lost for ``player``."""
        best = SCORE_AFTER
        for c2 in self.children(c):
            v = self.outcome(c2, player)
            if v is not None:
                if v <= 0:
                    return -1
            elif c2[1] == player:
                best = min(best, self._replies(c2))
        return best

    def moves(self, s: State) -> list[tuple[Move, State]]:
        """Every legal turn with the state it leads to, best-first for the mover (pass last)."""
        me = s[1]
        found = [(Move(steps), child) for steps, child in self._turns(s)]
        found.sort(key=lambda mc: _order(mc, me))
        return found

    # -- the fast path: whole turns without the Action rule ------------------------------------
    def _fast_turns(self, s: State) -> Iterator[tuple[tuple, State]]:
        """(steps, state after) for every turn, lazily, in the order of ``_order`` but for the
        turns that end the round (those only arise when every turn of a kind does)."""
        rule, me, out, hands, palettes, deck = s
        n = len(hands)
        if n - out.bit_count() <= 1:
            return
        rs = self.ruleset
        hand = hands[me]
        mine = palettes[me]
        rivals = [palettes[j] for j in range(n) if j != me and not out >> j & 1]
        best_rival = [-1] * 7  # per rule: the strongest rival key, computed on demand
        legal_losing = rs.losing_turns == "legal"
        advanced = rs.advanced
        mandatory_draw = rs.advanced_draw == "mandatory"
        finish = self._finish

        def winning(r: int, palette: CardMask, pals: tuple[CardMask, ...]) -> bool:
            if not self.plain_leader:
                return leader(r, pals, out, rs) == me
            b = best_rival[r]
            if b < 0:
                b = max(map(KEYS[r], rivals), default=0)
                best_rival[r] = b
            return KEYS[r](palette) > b

        plays = []
        m = hand
        while m:
            c = m.bit_length() - 1
            plays.append(c)
            m ^= 1 << c
        played = []  # (card, hand, Palettes) after each play, strongest card first
        for c in plays:
            h1 = hand & ~(1 << c)
            pals = _set(palettes, me, mine | 1 << c)
            played.append((c, h1, pals))
            stays = winning(rule, pals[me], pals)
            if stays or legal_losing:
                yield ((PLAY, c),), finish(s, h1, rule, pals, deck, stays)
        for c, h1, pals in [*played, (-1, hand, palettes)]:
            m = h1
            while m:
                d = m.bit_length() - 1
                m ^= 1 << d
                r = colour_of(d)
                stays = winning(r, pals[me], pals)
                if not (stays or legal_losing):
                    continue
                steps = ((PLAY, c), (DISCARD, d)) if c >= 0 else ((DISCARD, d),)
                h2 = h1 & ~(1 << d)
                if advanced and deck and number_of(d) > pals[me].bit_count():
                    yield steps + ((DRAW, -1),), finish(s, h2 | 1 << deck[0], r, pals, deck[1:], stays)
                    if mandatory_draw:
                        continue
                yield steps, finish(s, h2, r, pals, deck, stays)
        yield PASS_MOVE, finish(s, hand, rule, palettes, deck, False)

    # -- with the Action rule: the generator's steps, lazily, in the order of ``_order`` -------
    def _action_turns(self, s: State) -> Iterator[tuple[tuple, State]]:
        """(steps, state after) for every turn, lazily: ``game.TurnGenerator``'s turns in the order
        of ``_order`` but for the turns that end the round. Turns without a hand discard come
        first, by the card played (strongest first); then those with one, by the card played and
        then the card discarded. A search cut-off spares the rest, and usually comes early."""
        me, out, hands = s[1], s[2], s[3]
        if len(hands) - out.bit_count() <= 1:
            return
        gen = TurnGenerator(self.position(s))
        finish = self._finish
        start = gen.start()
        resolved = []  # (card played, every way its action resolves), strongest card first
        for c in cards_of(start.hand):
            branches = list(gen.resolve(start.play(c, me), c))
            resolved.append(branches)
            for t in branches:
                for end, stays in gen.as_is(t):
                    yield end.steps, finish(s, end.hand, end.rule, end.palettes, end.deck, stays)
        resolved.append([start])  # discarding without playing comes last
        for branches in resolved:
            ends = [e for t in branches for e in gen.discards(t)]
            ends.sort(key=_discarded_first)
            for end, stays in ends:
                yield end.steps, finish(s, end.hand, end.rule, end.palettes, end.deck, stays)
        yield PASS_MOVE, finish(s, hands[me], s[0], s[4], s[5], False)

    def _finish(self, s: State, hand: CardMask, rule: int, palettes: tuple[CardMask, ...], deck: tuple[int, ...],
                stays: bool) -> State:
        """As ``game._finish``: the mover goes out unless winning, players without hand cards at
        the start of their turn go out, and the next player still in moves."""
        me, out, hands = s[1], s[2], s[3]
        hands = _set(hands, me, hand)
        nxt, out = next_to_move(hands, out if stays else out | 1 << me, me)
        return (rule, nxt, out, hands, palettes, deck)


# Why this order (measured by benchmarks/solve.py): a round that ends won comes first; then
# playing without changing the rule, strongest card first (it keeps the hand for later); then
# turns that change the rule; going out comes last.
def _order(mc: tuple[Move, State], me: int) -> tuple[int, ...]:
    move, child = mc
    verb, first = move[0]
    if verb == PASS:
        return (3,)
    out, hands = child[2], child[3]
    if len(hands) - out.bit_count() <= 1:
        return (2,) if out >> me & 1 else (-1,)  # the round ends: lost, or won at once
    played = first if verb == PLAY else -1
    discarded = next((c for v, c in move if v == DISCARD), -1)
    return (discarded >= 0, played < 0, -played, -discarded)


def _discarded_first(ending: tuple) -> int:
    """Sort key: the stronger the hand card a turn discards, the earlier (``sort`` is stable)."""
    return -next(c for v, c in ending[0].steps if v == DISCARD)


def hand_cards_used(before: State, after: State, player: int) -> CardMask:
    """The hand cards ``player`` played or discarded between two states."""
    return before[3][player] & ~after[3][player]

