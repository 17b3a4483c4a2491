"""Realms open-hand trick solver (all hands open, the draw pile's known part known; a shuffled
pile's draws and the Troll's steal are chance): the most tricks the player to move can guarantee
against all the others together and against any chance outcome within a horizon of tricks, the
expected number when chance is averaged, each move's values, a principal line and the dead cards.

A double-dummy search: values are the tricks still to win (so the table, probed only between
tricks, keys on hands, piles, marker and leader, not on the tricks won so far, unless a score can
reach halftime or the end within the horizon); interchangeable cards of one hand are searched
once (``realms_pruning``: derived from the reading's trick spec, so a match or the Match Rank
Nuance keeps them apart where it can tell them apart); a trick already sure, or one the mover can
make sure of with a winning Special, narrows the window; the guarantee is found by zero-window
tests (MTD(f)); a draw from the shuffled pile is one chance node per set of cards taken (the order
changes nothing after); the expectation starts from the guarantee, which bounds it below (an
average is at least its minimum), at the root and through the guarantee's table; the dead-card
walk skips states from which no root card still in question can be played; the horizon's last
trick is solved on cards alone (``LastTrick``: hands, trick, marker and follow rule, a Troll's steal
as chance, no positions built); at a players' node of the expectation each reply is first
scouted, in a window of 2 EPS, for the node's own bound (0 tricks at the others' turns), and the
first to reach it is the node's value (``scout``); a draw's outcomes are sets of cards whose
positions are made when searched (``lazy_draws``); the draw just before the horizon's last trick is
solved with that trick on cards alone (``draw_last``: ``LastTrick.after_draw``, no steps or table
entries for the positions after it), and when nothing is recycled on the hands alone, no positions
made at all (``hand_draws``); inside a trick the move that last cut a node off at the same
depth is tried first (``killer``: the table orders moves only between tricks). Each idea can be
switched off (``Ideas``) to measure it. ``brute_force`` is the plain reference: the same
question by exhaustive recursion, no table, no pruning, no ordering.

>>> from arbiter.model.realms import parse_position
>>> pos = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
...                      "| trick - | hands R5 B9 / B5 R1 | draw - | shuffled - | discard -")
>>> result = solve(pos, tricks=1)
>>> result.guaranteed, result.best_moves
(1, ['B9', 'R5'])
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import KW_ONLY, dataclass
from typing import Any

from arbiter.model.realms import fast
from arbiter.model.realms.cards import CYCLONE, TROLL_MASK, codes, is_purple
from arbiter.model.realms.game import (
    DRAW,
    HALFTIME,
    HAND_SIZE,
    PLAY,
    POINTS_PER_TRICK,
    STEAL,
    TARGET,
    WHOLE_DRAWS_MAX,
    Draw,
    Move,
    Position,
    apply,
    chance_outcomes,
    draw_sets,
    drawn,
    hand_draws,
    legal_moves,
    successor,
    whole_draws,
)

from ..result import SearchResult
from ..search import INF, Budget, Table, narrowed
from .pruning import Pruning

TABLE_SIZE = 1 << 20
# Node expansions kept for the re-searches of the zero-window tests, counted in steps (a draw's
# expansion holds one step per set of cards drawn): bounded so that a long search's memory is too.
EXPANSIONS = 1 << 18
EPS = 1e-9  # margin on the windows of chance outcomes: far above float rounding, far below any gap between values


@dataclass(frozen=True)
class Ideas:
    """The search ideas, each of which can be switched off to measure it (values never change)."""

    table: bool = True  # transposition between tricks, keyed without the tricks won so far
    equivalence: bool = True  # interchangeable cards searched once
    bounds: bool = True  # sure tricks from the Specials narrow the window
    zero_window: bool = True  # the guarantee by zero-window tests (MTD(f)) instead of one full window
    skip: bool = True  # the dead-card walk skips states from which no card still in question can be played
    whole_draws: bool = True  # a draw from the shuffled pile is one chance node per set of cards taken, not per order
    floor: bool = True  # the expectation bounded below by the guarantee (its table, and each root move's value)
    last_trick: bool = True  # the horizon's last trick solved on cards alone (no positions built)
    scout: bool = True  # the expectation: each reply first tested for the node's own bound (is it 0?), by a narrow window
    lazy_draws: bool = True  # a draw's outcomes listed as sets of cards, each position made when first searched
    draw_last: bool = True  # the draw before the horizon's last trick and that trick solved together on cards alone
    killer: bool = True  # inside a trick, the move that last cut off at the same depth is tried first
    hand_draws: bool = True  # draw_last's draws dealt on the hands alone (no positions) when nothing is recycled


ALL = Ideas()
NONE = Ideas(*(False,) * 13)


def default_horizon(pos: Position) -> int:
    """The tricks every player can play from the hand they hold now (at most 7)."""
    left = len(pos.trick) > 0
    return max(1, min(HAND_SIZE, min(h.bit_count() for h in pos.hands) + left))


@dataclass
class MoveValue:
    move: str
    guaranteed: int | None = None
    expected: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "guaranteed": self.guaranteed,
                "expected": None if self.expected is None else round(self.expected, 6)}


@dataclass
class SolveResult(SearchResult):
    """The answer for one position over ``tricks`` tricks; ``result`` is ``"unknown"`` when a limit
    stopped the search (the fields then hold what was found before). ``moves`` holds MoveValue values."""

    position: Position
    tricks: int
    _: KW_ONLY
    guaranteed: int | None = None
    expected: float | None = None
    dead_cards: list[str] | None = None

    @property
    def best_moves(self) -> list[str]:
        """The moves that keep the guarantee (the best expected first among them)."""
        if self.guaranteed is None:
            return []
        best = [m for m in self.moves if m.guaranteed == self.guaranteed]
        return [m.move for m in sorted(best, key=lambda m: -(m.expected or 0))]

    def to_json(self) -> dict[str, Any]:
        return {"game": "realms", "to_move": self.position.to_move, "tricks": self.tricks,
                "ruleset": self.position.ruleset.to_json(), "guaranteed": self.guaranteed,
                "points": None if self.guaranteed is None else self.guaranteed * POINTS_PER_TRICK,
                "expected": None if self.expected is None else round(self.expected, 6),
                "best_moves": self.best_moves, "moves": [m.to_json() for m in self.moves], "line": self.line,
                "dead_cards": self.dead_cards, "nodes": self.nodes, "seconds": round(self.seconds, 4),
                "result": self.result}


class Step:
    """One move (or chance outcome: ``move`` is its label, or its ``Draw`` whose text is the label,
    ``p`` its probability) out of ``parent``;
    ``k`` is the index of its class's first move (its own index when it heads its class). The
    position after it is made on first use: a cut-off spares the moves after it."""

    __slots__ = ("after", "ended", "gain", "k", "move", "p", "parent")

    def __init__(self, move: Any, parent: Position, k: int = 0, p: float = 0.0, after: Position | None = None) -> None:
        self.move, self.parent, self.k, self.p, self.after = move, parent, k, p, after
        self.gain = self.ended = None

    def open(self, me: int) -> tuple[Position, int, int]:
        """(position after, tricks ``me`` won by it, tricks it ended)."""
        if self.gain is None:
            parent = self.parent
            after = self.after
            if after is None:
                after = drawn(parent, self.move) if isinstance(self.move, Draw) else successor(parent, self.move)
            self.after = after
            self.gain = (after.scores[me] - parent.scores[me]) // POINTS_PER_TRICK
            self.ended = 1 if parent.trick and not after.trick else 0
        return self.after, self.gain, self.ended


class Tree:
    """The game tree seen from player ``me`` of the starting position, over a horizon of tricks:
    expansions (ordered, with card classes), the sure-trick bounds, the table keys."""

    def __init__(self, start: Position, ideas: Ideas, budget: Budget) -> None:
        self.round = start.round
        self.ideas = ideas
        self.budget = budget
        self.ruleset = start.ruleset
        self.pruning = Pruning(start.ruleset, start.in_play())
        self.resolve = fast.resolver(start.ruleset)
        self.expanded: dict[tuple[Position, int], list[Step]] = {}
        self.kept = 0  # the steps held in ``expanded``
        self.killers: dict[tuple[int, int, int], Move] = {}  # (left, plays in the trick, mover) -> its last cut-off move
        self.me = start.to_move

    @property
    def me(self) -> int:
        return self._me

    @me.setter
    def me(self, seat: int) -> None:
        # Callers may ask for another seat than the mover's (advice for a seat, best defence): the
        # last-trick solver counts that seat's tricks, so it is made for it (its memo is per seat).
        self._me = seat
        ideas = self.ideas
        self.last = (LastTrick(self.ruleset, seat, self.budget, WHOLE_DRAWS_MAX if ideas.whole_draws else 0,
                               ideas.hand_draws) if ideas.last_trick else None)
        self.draw_last = self.last if ideas.last_trick and ideas.draw_last else None

    def over(self, pos: Position, left: int) -> bool:
        """The question ends at the horizon, the end of the game and halftime."""
        return left <= 0 or pos.phase not in (PLAY, DRAW, STEAL) or pos.round != self.round

    def key(self, pos: Position, left: int) -> Hashable | None:
        """The table key of a position between tricks (None inside a trick). The scores are left
        out when none can reach halftime or the target within the horizon: then they change nothing."""
        if pos.trick or pos.phase not in (PLAY, DRAW):
            return None
        threshold = HALFTIME if pos.round == 1 else TARGET
        scores = pos.scores if max(pos.scores) + POINTS_PER_TRICK * left >= threshold else None
        return (pos.hands, pos.draw, pos.shuffled, pos.discard, pos.ruling, pos.leader, pos.dealer, pos.phase,
                scores, left)

    def steps(self, pos: Position, left: int) -> list[Step]:
        """The moves (best-first for the mover) or chance outcomes out of ``pos``."""
        memo = self.expanded.get((pos, left))
        if memo is not None:
            return memo
        out: list[Step] = []
        if pos.to_move is None:
            if self.ideas.lazy_draws and pos.phase == DRAW:  # no position made, nor label, until searched
                out = [Step(d, pos, p=p) for p, d in draw_sets(pos, WHOLE_DRAWS_MAX if self.ideas.whole_draws else 0)]
            else:
                outcomes = whole_draws(pos) if self.ideas.whole_draws else chance_outcomes(pos)
                out = [Step(label, pos, p=p, after=after) for p, label, after in outcomes]
        else:
            moves = legal_moves(pos)
            rep: dict[int, int] = {}
            if self.ideas.equivalence and len(moves) > 1:
                rep = self.pruning.classes(pos, sorted({m.card for m in moves if m.card is not None}), left)
            cards, players = pos.plays()
            mover = pos.to_move
            ranked = []
            first: dict[tuple[Any, Any], int] = {}
            for i, m in enumerate(moves):  # the moves that take the trick so far first, a winning Special first of all
                score = 0
                if m.card is not None:
                    w, _, _ = self.resolve(pos.ruling, [c for c, _ in cards] + [m.card], [x for _, x in cards] + [m.choice])
                    score = 1 if w is not None and (players + [mover])[w] == mover else 0
                    if m.card in self.pruning.rules.winners:
                        score += 1
                ranked.append((-score, i, m))
            ranked.sort(key=lambda t: (t[0], t[1]))
            for j, (_, _, m) in enumerate(ranked):
                out.append(Step(m, pos, first.setdefault((rep.get(m.card, m.card), m.choice), j)))
        if len(out) > EXPANSIONS:  # too big to keep at all: built again if asked again
            return out
        if self.kept + len(out) > EXPANSIONS:
            self.expanded.clear()
            self.kept = 0
        self.expanded[(pos, left)] = out
        self.kept += len(out)
        return out

    def order(self, pos: Position, left: int, steps: list[Step], first: int = 0) -> range | list[int]:
        """The order a players' node searches its ``steps`` in: ``first`` (the table's best move)
        first, then the killer: the move that last cut a node off at the same depth (tricks left,
        plays in the trick, the mover), which the table cannot give inside a trick (its class's
        first move when it is interchangeable), then the rest in their order."""
        front = [first] if first else []
        kill = self.killers.get((left, len(pos.trick), pos.to_move)) if self.ideas.killer else None
        if kill is not None:
            for st in steps:
                if st.move == kill:
                    if st.k not in front and (front or st.k != 0):
                        front.append(st.k)
                    break
        if not front:
            return range(len(steps))
        return front + [i for i in range(len(steps)) if i not in front]

    def cut(self, pos: Position, left: int, move: Move) -> None:
        """``move`` cut the players' node ``pos`` off: the killer of its depth (``order``)."""
        if self.ideas.killer:
            self.killers[(left, len(pos.trick), pos.to_move)] = move

    def bounds(self, pos: Position, left: int, steps: list[Step] | None = None) -> tuple[int, int]:
        """(lower, upper) bounds on the tricks ``me`` still wins, from the trick in progress: sure
        for someone, or (given the node's ``steps``) one the mover can make sure of with a winning
        Special it may play."""
        lo, hi = 0, left
        if not self.ideas.bounds or pos.phase == DRAW:
            return lo, hi
        w = self.pruning.decided(pos) if pos.trick else None
        if w is None and steps is not None and pos.to_move is not None:
            legal = 0
            for st in steps:
                if st.move.card is not None:
                    legal |= 1 << st.move.card
            if self.pruning.can_take(pos, legal):
                w = pos.to_move
        if w is not None:
            if w == self.me:
                lo = 1
            else:
                hi = left - 1
        return lo, hi


class LastTrick:
    """The horizon's last trick solved on cards alone: the tricks (1 or 0) ``me`` takes against the
    others together, chance (a Troll's steal) taken at its worst (``expected`` False: the
    guarantee) or averaged (the expectation). Within the trick only the cards, the colour choices,
    the follow rule and the hands still to play count: what a Warlock, Tree or Troll takes or
    discards reaches a hand that has played already, a steal counts only through the hand of a
    victim still to play, and the draws come after the horizon. Values are exact (no window)."""

    MEMO = 1 << 18  # entries kept before the memo is dropped

    def __init__(self, ruleset: Any, me: int, budget: Budget, draws: int = WHOLE_DRAWS_MAX,
                 hand_draws: bool = True) -> None:
        self.draws = draws  # the most sets of cards one draw lists (``draw_sets``), as the tree's
        self.hand_draws = hand_draws
        self.resolve = fast.resolver(ruleset)
        self.legal = fast.follower(ruleset)
        self.anyone = ruleset.troll_victim == "anyone"
        self.me = me
        self.budget = budget
        self.memo: dict[tuple, float] = {}

    def after_draw(self, pos: Position, expected: bool, alpha: float = -1.0, beta: float = INF) -> float:
        """The value of ``pos`` in phase draw before the horizon's last trick: each set of cards
        drawn (``draw_sets``) makes the hands the trick is played from, solved by ``value``; the
        draws at their worst, or averaged by Star1 as in ``Expectation._chance`` (every trick worth
        0 or 1): exact inside (alpha, beta), else a bound on the side it passed. No steps, table
        entries or values of the positions after the draws: only the positions themselves, and
        not even those (``hand_draws``) when the discard pile and the known draw pile are empty:
        then the draws only move shuffled cards into hands (``game.hand_draws``)."""
        if self.hand_draws and not pos.discard and not pos.draw:
            n = pos.players
            outcomes = self._hand_draws(expected, pos.ruling, pos.leader,
                                        tuple((pos.leader + k) % n for k in range(n)), pos.hands, pos.shuffled)
        else:
            outcomes = self._draws(pos, expected)
        return self._combine(outcomes, expected, alpha, beta)

    def _draws(self, pos: Position, expected: bool) -> Iterator[tuple[float, float]]:
        """Each draw out of ``pos``: its probability and its value, found when asked for."""
        for p, d in draw_sets(pos, self.draws):
            after = drawn(pos, d)
            if after.phase == PLAY:
                x = self.value(after, expected)
            else:  # another draw (the next drawer's, or the next card when drawn one at a time): memoised, exact
                x = self.memo.get((expected, after))
                if x is None:
                    x = self.memo[(expected, after)] = self.after_draw(after, expected)
            yield p, x

    def _hand_draws(self, expected: bool, ruling: int, leader: int, seats: tuple, hands: tuple,
                    shuffled: int) -> Iterator[tuple[float, float]]:
        """``_draws`` on the hands alone (``game.hand_draws``): the same draws in the same order with
        the same values, the trick after them solved by ``_value`` from the hands (``seats``: the
        players from the leader on), a chained draw memoised by its hands and pile."""
        n = len(hands)
        for p, after, pile, more in hand_draws(hands, leader, shuffled, self.draws):
            if not more:
                if len(self.memo) > self.MEMO:
                    self.memo.clear()
                x = self._value(expected, n, ruling, (), (), (), seats, tuple(after[i] for i in seats))
            else:
                key = (expected, ruling, seats, after, pile)
                x = self.memo.get(key)
                if x is None:
                    x = self.memo[key] = self._combine(self._hand_draws(expected, ruling, leader, seats, after, pile),
                                                       expected)
            yield p, x

    @staticmethod
    def _combine(outcomes: Iterator[tuple[float, float]], expected: bool, alpha: float = -1.0,
                 beta: float = INF) -> float:
        """The draws' value from their (probability, value), each trick worth 0 or 1: the worst, or
        the average by Star1 (exact inside (alpha, beta), else a bound on the side it passed)."""
        total, rest, worst = 0.0, 1.0, 1
        for p, x in outcomes:
            if not expected:
                worst = min(worst, x)
                if worst == 0:
                    break
                continue
            rest -= p
            if x <= (alpha - total - max(rest, 0.0)) / p - EPS:
                return total + p * x + max(rest, 0.0)  # an upper bound, at most alpha
            if x >= (beta - total) / p + EPS:
                return total + p * x  # a lower bound, at least beta
            total += p * x
        return total if expected else worst

    def value(self, pos: Position, expected: bool) -> float:
        """The value of ``pos`` (phase play, in the horizon's last trick)."""
        cards, players = pos.plays()
        n = pos.players
        seats = tuple((pos.leader + k) % n for k in range(len(pos.trick), n))
        if len(self.memo) > self.MEMO:
            self.memo.clear()
        return self._value(expected, n, pos.ruling, tuple(c for c, _ in cards), tuple(x for _, x in cards),
                           tuple(players), seats, tuple(pos.hands[i] for i in seats))

    def _value(self, expected: bool, n: int, ruling: int, cards: tuple, choices: tuple, players: tuple, seats: tuple,
               hands: tuple) -> float:
        if not seats:
            w = self.resolve(ruling, cards, choices)[0]
            return 1 if w is not None and players[w] == self.me else 0
        key = (expected, ruling, cards, choices, players, seats, hands)
        v = self.memo.get(key)
        if v is not None:
            return v
        self.budget.spend()
        mover, hand = seats[0], hands[0]
        rest, later = seats[1:], hands[1:]
        if not hand:  # a pass
            v = self._value(expected, n, ruling, cards, choices, players, rest, later)
        else:
            maximise = mover == self.me
            v, stop = (0, 1) if maximise else (1, 0)
            legal = self.legal(ruling, cards, choices, hand) if cards else hand
            who = players + (mover,)
            while legal and v != stop:
                low = legal & -legal
                legal ^= low
                c = low.bit_length() - 1
                for x in (range(4) if c == CYCLONE or (is_purple(c) and not cards) else (None,)):
                    if rest and TROLL_MASK >> c & 1:
                        x = self._steal(expected, n, ruling, cards + (c,), choices + (x,), who, mover, rest, later)
                    else:
                        x = self._value(expected, n, ruling, cards + (c,), choices + (x,), who, rest, later)
                    if (x > v) if maximise else (x < v):
                        v = x
                        if v == stop:
                            break
        self.memo[key] = v
        return v

    def _steal(self, expected: bool, n: int, ruling: int, cards: tuple, choices: tuple, players: tuple, mover: int,
               rest: tuple, later: tuple) -> float:
        """After a Troll played before the trick's last card: a random victim, then a random card
        of theirs; only a victim still to play (in ``rest``) changes what follows."""
        victims = [i for i in range(n) if i != mover or self.anyone]
        same = self._value(expected, n, ruling, cards, choices, players, rest, later)  # the hands to play kept
        total, worst = 0.0, 1
        for v in victims:
            hand = later[rest.index(v)] if v in rest else 0
            if not hand:
                total += same / len(victims)
                worst = min(worst, same)
                continue
            k = rest.index(v)
            low_all = hand
            while low_all:
                low = low_all & -low_all
                low_all ^= low
                x = self._value(expected, n, ruling, cards, choices, players, rest,
                                later[:k] + (hand ^ low,) + later[k + 1:])
                total += x / len(victims) / hand.bit_count()
                worst = min(worst, x)
        return total if expected else worst


class Guarantee:
    """The tricks ``me`` can make sure of from a node against the others and chance together:
    fail-soft alpha-beta on future tricks, with the table between tricks."""

    def __init__(self, tree: Tree, table: Table) -> None:
        self.tree = tree
        self.table = table

    def search(self, pos: Position, left: int, alpha: int, beta: int) -> int:
        tree = self.tree
        tree.budget.spend()
        if tree.over(pos, left):
            return 0
        if left == 1 and tree.last is not None and pos.phase == PLAY:
            return int(tree.last.value(pos, False))
        key = tree.key(pos, left) if tree.ideas.table else None
        best_first = 0
        lo, hi = 0, left
        if key is not None:  # the table first: a hit spares the expansion
            entry = self.table.get(key)
            if entry is not None:
                lo, hi, best_first = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
        if left == 1 and tree.draw_last is not None and pos.phase == DRAW:
            if lo >= beta or lo == hi:  # a window outside the value range asks nothing (the steps below would say so)
                return lo
            if hi <= alpha:
                return hi
            best = int(tree.draw_last.after_draw(pos, False))
            if key is not None:
                self.table.put(key, (best, best, 0))
            return best
        if pos.trick:  # a trick already sure for someone (between tricks none is)
            slo, shi = tree.bounds(pos, left)
            lo, hi = max(lo, slo), min(hi, shi)
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        steps = tree.steps(pos, left)
        slo, shi = tree.bounds(pos, left, steps)
        lo, hi = max(lo, slo), min(hi, shi)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo - 1), min(beta, hi + 1)
        maximise = pos.to_move == tree.me
        best = -1 if maximise else left + 1
        best_index = best_first
        order = tree.order(pos, left, steps, best_first) if pos.to_move is not None else range(len(steps))
        me = tree.me
        for i in order:
            step = steps[i]
            if pos.to_move is not None and step.k != i:
                continue  # an interchangeable card's move: the same value as its class's first
            after, gain, ended = step.open(me)
            v = gain + self.search(after, left - ended, a - gain, b - gain)
            if (v > best) if maximise else (v < best):
                best, best_index = v, i
                a, b = (max(a, v), b) if maximise else (a, min(b, v))
                if a >= b:
                    if pos.to_move is not None:
                        tree.cut(pos, left, step.move)
                    break
        best = max(lo, min(hi, best))
        if key is not None:
            self.table.put(key, (*narrowed(lo, hi, best, alpha, beta), best_index))
        return best

    def exact(self, pos: Position, left: int, guess: int = 0) -> int:
        """The exact value: zero-window tests from ``guess`` (MTD(f)), or one full-window search."""
        if not self.tree.ideas.zero_window:
            return self.search(pos, left, -1, left + 1)
        lo, hi = 0, left
        g = max(lo, min(hi, guess))
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.search(pos, left, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return lo

    def keeps(self, pos: Position, left: int, target: int) -> bool:
        """Whether the value from ``pos`` is exactly ``target``."""
        return self.search(pos, left, target - 1, target + 1) == target


class Expectation:
    """The expected tricks ``me`` still wins when chance averages its outcomes and the others play
    against ``me``: fail-soft alpha-beta between the players' turns of a trick (a chance node is
    searched by Star1, so its value is exact inside the window), memoised between tricks,
    interchangeable cards once, and a node stops when its best reaches the bound no move can
    pass; at a players' node that bound is first sought by a scout (``_scout``); between tricks
    the guarantee's table (``floor``) gives a lower bound too."""

    def __init__(self, tree: Tree, memo: Table, floor: Table | None = None) -> None:
        self.tree = tree
        self.floor = floor  # the guarantee's table: its lower bounds are lower bounds here too
        self.memo = memo  # (lower, upper) bounds on the expected value, bounded like the table

    def value(self, pos: Position, left: int, alpha: float = -1.0, beta: float = INF) -> float:
        """Exact when the value lies strictly inside (alpha, beta), else a bound on that side."""
        tree = self.tree
        tree.budget.spend()
        if tree.over(pos, left):
            return 0.0
        if left == 1 and tree.last is not None and pos.phase == PLAY:
            return float(tree.last.value(pos, True))
        key = tree.key(pos, left) if tree.ideas.table else None
        lo, hi = -1.0, INF
        if key is not None:
            entry = self.memo.get(key)
            if entry is not None:
                lo, hi = entry
            if self.floor is not None:  # an average is at least its minimum: the guarantee's lower bound holds
                g = self.floor.get(key)
                if g is not None and g[0] > lo:
                    lo = float(g[0])
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
        if left == 1 and tree.draw_last is not None and pos.phase == DRAW:
            floor_, ceiling = max(lo, 0.0), min(hi, 1.0)  # one trick to come: worth 0 to 1
            if floor_ >= beta or floor_ == ceiling:
                return floor_
            if ceiling <= alpha:
                return ceiling
            v = tree.draw_last.after_draw(pos, True, alpha, beta)
            if key is not None:
                self.memo.put(key, narrowed(lo, hi, v, alpha, beta))
            return v
        steps = tree.steps(pos, left)
        if pos.to_move is None:
            v = self._chance(steps, left, alpha, beta)
        else:
            sure_lo, sure_hi = tree.bounds(pos, left, steps)
            maximise = pos.to_move == tree.me
            if tree.ideas.scout:
                # every value lies in [0, left] and within the sure bounds: a bound outside the window ends here
                floor_, ceiling = max(lo, 0.0, sure_lo), min(hi, float(left), sure_hi)
                if floor_ >= beta or floor_ == ceiling:
                    return floor_
                if ceiling <= alpha:
                    return ceiling
                v = self._scout(pos, steps, left, maximise, ceiling if maximise else floor_, alpha, beta)
                if v is not None:
                    if key is not None:
                        self.memo.put(key, narrowed(lo, hi, v, alpha, beta))
                    return v
            a, b = alpha, beta
            v = -1.0 if maximise else INF
            for i in tree.order(pos, left, steps):
                step = steps[i]
                if step.k != i:
                    continue
                after, gain, ended = step.open(tree.me)
                x = gain + self.value(after, left - ended, a - gain, b - gain)
                if (x > v) if maximise else (x < v):
                    v = x
                    a, b = (max(a, v), b) if maximise else (a, min(b, v))
                    if a >= b:
                        tree.cut(pos, left, step.move)
                        break
                    if v >= sure_hi if maximise else v <= sure_lo:  # none can pass a sure bound
                        break
        if key is not None:
            self.memo.put(key, narrowed(lo, hi, v, alpha, beta))
        return v

    def _scout(self, pos: Position, steps: list[Step], left: int, maximise: bool, edge: float, alpha: float,
               beta: float) -> float | None:
        """The node's value when some reply reaches ``edge``, the bound no reply can pass (the
        largest value for the player to move at a maximising node, the smallest at a minimising
        one, e.g. 0 tricks): each reply is first asked only whether it reaches the edge, in a
        window of 2 EPS around it, which a reply short of it leaves at its first outcome or move
        that shows so. The reply's value then lies within EPS of the edge, so it is the node's (no
        two values differ by less), and inside (alpha, beta) or a bound on the side it passed.
        None when no reply reaches the edge (the node is then searched in full) or when the
        window ends short of it: nothing to gain."""
        if not ((alpha < edge - EPS and edge < beta) if maximise else (alpha < edge and edge + EPS < beta)):
            return None
        me = self.tree.me
        tree = self.tree
        for i in tree.order(pos, left, steps):
            step = steps[i]
            if step.k != i:
                continue
            after, gain, ended = step.open(me)
            x = gain + self.value(after, left - ended, edge - EPS - gain, edge + EPS - gain)
            if (x > edge - EPS) if maximise else (x < edge + EPS):
                tree.cut(pos, left, step.move)  # the reply that ends the node: a cut-off
                return x  # inside the narrow window: exact, and no reply passes the edge
        return None

    def _chance(self, steps: list[Step], left: int, alpha: float, beta: float) -> float:
        """A chance node by Star1: each outcome is searched in the window that could still move the
        average out of (alpha, beta), given that every outcome is worth 0 to ``left`` tricks;
        windows are widened by EPS so a bound returned is never mistaken for the value."""
        total, rest = 0.0, 1.0
        for step in steps:
            after, gain, ended = step.open(self.tree.me)
            p = step.p
            rest -= p  # every outcome is worth between 0 and ``left`` tricks
            lo_i = (alpha - total - left * max(rest, 0.0)) / p - EPS
            hi_i = (beta - total) / p + EPS
            x = gain + self.value(after, left - ended, lo_i - gain, hi_i - gain)
            if x <= lo_i:
                return total + p * x + left * max(rest, 0.0)  # an upper bound, at most alpha
            if x >= hi_i:
                return total + p * x  # a lower bound (the rest worth at least 0), at least beta
            total += p * x
        return total


def solve(position: Position, tricks: int | None = None, max_nodes: int | None = None,
          timeout: float | None = None, *, table_size: int = TABLE_SIZE, ideas: Ideas = ALL,
          expected: bool = True) -> SolveResult:
    """Solve ``position`` for the player to move over the next ``tricks`` tricks (default: as many
    as every hand can play), stopping early at halftime or the end of the game; without
    ``expected`` only the guarantee (the expected values stay None). Raises PositionError for a
    broken position and ValueError when no player is to move."""
    position.validate()
    if position.to_move is None or position.phase != PLAY:
        raise ValueError(f"the solver needs a player to play a card (phase play), got phase {position.phase}")
    horizon = default_horizon(position) if tricks is None else tricks
    if horizon < 1:
        raise ValueError(f"the horizon must be at least one trick, got {horizon}")
    result = SolveResult(position, horizon)
    budget = Budget(max_nodes, timeout)
    tree = Tree(position, ideas, budget)
    guarantee = Guarantee(tree, Table(table_size))
    expectation = Expectation(tree, Table(table_size), guarantee.table if ideas.floor else None)

    def work() -> None:
        steps = tree.steps(position, horizon)
        result.moves = [MoveValue(str(step.move)) for step in steps]
        heads = [(mv, step) for i, (mv, step) in enumerate(zip(result.moves, steps, strict=True)) if step.k == i]
        guess = 0
        for mv, step in heads:
            after, gain, ended = step.open(tree.me)
            mv.guaranteed = gain + guarantee.exact(after, horizon - ended, guess - gain)
            guess = max(guess, mv.guaranteed)
        for mv, step in heads if expected else ():
            after, gain, ended = step.open(tree.me)
            # the expectation is at least the guarantee (an average is at least its minimum): a
            # window from just below it is still exact and cuts the lines worse than the guarantee
            floor = mv.guaranteed - gain - EPS if ideas.floor else -1.0
            mv.expected = gain + expectation.value(after, horizon - ended, floor)
        for mv, step in zip(result.moves, steps, strict=True):
            mv.guaranteed, mv.expected = result.moves[step.k].guaranteed, result.moves[step.k].expected
        result.guaranteed = max(m.guaranteed for m in result.moves)
        result.expected = max(m.expected for m in result.moves) if expected else None
        result.line = _line(guarantee, position, horizon, result.guaranteed)
        result.dead_cards = codes(position.hands[tree.me] & ~_live(guarantee, position, horizon, result.guaranteed))

    result.run(budget, work)
    result.moves.sort(key=lambda m: m.move)
    return result


def _line(guarantee: Guarantee, pos: Position, left: int, target: int) -> list[str]:
    """A line of best play: every move (and chance outcome) keeps the guaranteed value."""
    tree = guarantee.tree
    line = []
    while not tree.over(pos, left):
        for step in tree.steps(pos, left):
            after, gain, ended = step.open(tree.me)
            if guarantee.keeps(after, left - ended, target - gain):
                break
        else:
            break
        line.append(str(step.move))
        pos, left, target = after, left - ended, target - gain
    return line


def _live(guarantee: Guarantee, pos: Position, left: int, target: int) -> int:
    """The cards ``me`` plays on some line of best play (every player keeping the value). At the
    solving player's turns an interchangeable card is live with its class (the line through it is
    the mirror of the one through the class's first card); elsewhere every move is followed when a
    class holds a card of the root hand, whose mirror could otherwise be missed. The walk stops as
    soon as every card of the root hand is live: no later state can change the answer, and it skips a
state from which ``me`` can play none of the root cards not yet live within the horizon (none in
its hand for the current trick, none that may still reach it for a later one: ``playable_later``).
Cards only become live, so a skip stays sound for the rest of the walk."""
    tree = guarantee.tree
    me = tree.me
    root_hand = pos.hands[me]
    live, seen, stack = 0, set(), [(pos, left, target)]
    while stack and live & root_hand != root_hand:
        pos, left, target = stack.pop()
        if tree.over(pos, left) or (pos, left, target) in seen:
            continue
        seen.add((pos, left, target))
        if tree.ideas.skip and not tree.pruning.playable_later(pos, left, me, root_hand & ~live):
            continue
        tree.budget.spend()
        steps = tree.steps(pos, left)
        mine = pos.to_move == me
        kept_classes = set()
        for i, step in enumerate(steps):
            m, k = step.move, step.k
            if pos.to_move is not None and k != i:
                if mine:
                    if k in kept_classes:
                        live |= 1 << m.card
                    continue
                if not (root_hand >> m.card & 1 or root_hand >> steps[k].move.card & 1):
                    continue
            after, gain, ended = step.open(me)
            if guarantee.keeps(after, left - ended, target - gain):
                if mine and isinstance(m, Move) and m.card is not None:
                    live |= 1 << m.card
                    kept_classes.add(i)
                stack.append((after, left - ended, target - gain))
    return live


def brute_force(position: Position, tricks: int, expected: bool = True) -> tuple[int, float | None]:
    """The plain reference: (tricks guaranteed, tricks expected, None without ``expected``) for
    the player to move by exhaustive recursion over ``legal_moves``/``apply``/``chance_outcomes``."""
    me = position.to_move
    base, round_ = position.scores[me], position.round

    def over(pos: Position, left: int) -> int | None:
        if left > 0 and pos.phase in (PLAY, DRAW, STEAL) and pos.round == round_:
            return None
        return (pos.scores[me] - base) // POINTS_PER_TRICK

    def children(pos: Position, left: int) -> list[tuple[float, Position, int]]:
        if pos.to_move is None:
            outcomes = [(p, a) for p, _, a in chance_outcomes(pos)]
        else:
            outcomes = [(1.0, apply(pos, m)) for m in legal_moves(pos)]
        return [(p, a, left - (1 if pos.trick and not a.trick else 0)) for p, a in outcomes]

    def guaranteed(pos: Position, left: int) -> int:
        v = over(pos, left)
        if v is not None:
            return v
        values = [guaranteed(a, k) for _, a, k in children(pos, left)]
        return max(values) if pos.to_move == me else min(values)

    def average(pos: Position, left: int) -> float:
        v = over(pos, left)
        if v is not None:
            return float(v)
        kids = children(pos, left)
        if pos.to_move is None:
            return sum(p * average(a, k) for p, a, k in kids)
        values = [average(a, k) for _, a, k in kids]
        return max(values) if pos.to_move == me else min(values)

    return guaranteed(position, tricks), average(position, tricks) if expected else None
