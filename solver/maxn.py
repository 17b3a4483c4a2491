"""What happens when every player plays for itself, written once for every game: max-n with a stated
tie rule, solved exactly with a memo under a ``search.Budget``.

At each player's turn the player takes a move that gives it the most (its own payoff, expected).
Among moves equally good for it the tie rule decides:

- ``UNIFORM`` (the self-interested measure): each of them is as likely (a player who cannot do better
  for itself does not care which it plays), and chance is taken by its probabilities; the values are
  then expected payoffs (exact fractions);
- ``PARANOID``: the one worst for ``asker`` (then the first in the game's order), and chance at its
  worst for ``asker``. With one winner this is exactly the coalition's question (every other player
  against ``asker``): at another player's turn ``asker`` wins if and only if it wins after every move
  (a move where the mover wins is one where ``asker`` does not), at its own if some move wins, the
  same recursion as the forced win. It is kept to state, and test, that equivalence.

A state's value is the tuple of each player's expected payoff and, last, ``asker``'s (its worth).

With one winner the payoffs are one-hot (``winner(state)``; nobody: all 0). A game with one winner may
also give ``forced(state, player)``: whether ``player`` can force a win against all the others together
(the coalition search, e.g. a compiled core). Such a player wins under either rule (its win holds
against any play, and it plays to win), so a state where some player forces is settled at once: on
3-player Red7 first turns that spares nine tenths of the time. A player to move who cannot force here
cannot force after any of its moves either, so its children do not ask about it again.

The game gives ``key``, ``to_move`` (None for chance), ``children`` (for chance ``chance(state)``:
(probability, state) pairs) and either ``winner(state)`` (one winner, or ``NOBODY``; None while play
goes on) or ``payoffs(state)`` (one number per player, None while play goes on).

Bounded (``bounded``): a search of a bounded number of nodes per deal, whatever the tree, every
state's value an interval ``[lo, hi]`` of each player's payoff. Node-bounded iterative deepening: each
root state not yet exact is searched depth first under an allowance of nodes that doubles each round,
exact values kept in a table per search (so a round resumes where the last stopped). A state the
nodes did not reach has the payoffs' range, which the game states and which uses no heuristic
(``payoff_range(state)``: each player's lowest and highest payoff from here on; with one winner 0 and
1); at a player's turn the value lies in the union of the moves that may be its best (their top above
the best bottom; a move surely below is not searched), at chance in the weighted sums. A game may
also say where asking ``forced`` costs more than it spares (``ask_forced(state)``). Where no state
was cut the value is the exact one, equal to ``values``; ``tests/solver/test_maxn_bounded.py``
checks that and that every range holds the exact value.

Red7's compiled core has a second implementation of the exact search with the uniform rule
(``Search.maxn`` in solver/red7/_red7core.c, with Korf's shallow pruning: the chances sum to 1),
which Red7's advice tries first on each deal; ``tests/solver/red7/test_maxn_core.py`` holds it to
``values``."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .search import Budget

# ``fractions`` (with ``decimal``, about 2 ms) is imported by the functions that make exact values:
# every game's advice imports this module, and only its max-n searches need them.

UNIFORM, PARANOID = "uniform", "paranoid"
NOBODY = -1  # ``winner`` of a game that ended with no winner (a Realms trick nobody takes)
# Nodes a bounded search may expand per deal (``SelfInterested.bounded``), chosen by measurement
# (docs/performance.md, issue 27): the 3-player Red7 view of docs/advise.md is exact over its 30 deals
# from about 20,000 (3,000: 3 deals bounded, 10,000: 1), while 3-player Red7 first turns stay bounded
# and as wide from 1,000 to 30,000 nodes (0.2-0.6 s a deal).
SELF_NODES = 20000
# Shallow pruning (``SelfInterested(shallow=)``) by default: the switch is for benchmarks and tests.
SHALLOW = True

Values = tuple  # each player's expected payoff, then the asker's
Range = tuple[Values, Values]  # the lowest and the highest of each, (lo, hi)
DEEP = 1 << 30  # a depth no game reaches: a search to the end


class SelfInterested:
    """``values(state, asker)`` under the rule above (``tie``); ``value(state, asker)`` the asker's
    expected payoff; ``wins(state, asker)`` whether it is positive; ``bounded(states, asker, nodes)``
    each state's range within a node budget. ``players`` is the number of payoffs of a game with one
    winner. ``budget`` (a ``search.Budget``) stops any of them with SearchLimit (a timeout)."""

    def __init__(self, game: Any, budget: Budget | None = None, forced: Callable[[Any, int], bool] | None = None,
                 players: int | None = None, tie: str = UNIFORM, shallow: bool | None = None) -> None:
        if tie not in (UNIFORM, PARANOID):
            raise ValueError(f"the tie rule is {UNIFORM!r} or {PARANOID!r}, got {tie!r}")
        self.game = game
        self.budget = budget or Budget()
        self.memo: dict[Hashable, Values] = {}  # exact values
        self.ranges: dict[Hashable, tuple[Values, Values, int]] = {}  # (lo, hi, depth searched) of bounded ones
        self.unsettled: set[Hashable] = set()  # states where no player forces (asked once)
        self.forced = forced
        self.one_winner = hasattr(game, "winner")
        self.players = players
        self.tie = tie
        pair_max = getattr(game, "pair_max", None)
        if pair_max is None and self.one_winner:
            pair_max = _one_winner_pair
        self.pair_max = pair_max if (SHALLOW if shallow is None else shallow) else None
        self._won_memo: dict[tuple[int, int], Values] = {}
        self._spent = self._limit = self._starved = 0  # nodes a bounded search spent, may spend, lacked

    def wins(self, state: Any, asker: int) -> bool:
        return self.value(state, asker) > 0

    def value(self, state: Any, asker: int) -> Any:
        return self.values(state, asker)[-1]

    def _final(self, state: Any, asker: int) -> Values | None:
        if self.one_winner:
            w = self.game.winner(state)
            return None if w is None else self._won(w, asker)
        p = self.game.payoffs(state)
        return None if p is None else (*p, p[asker])

    def _won(self, w: int, asker: int) -> Values:
        got = self._won_memo.get((w, asker))
        if got is None:
            p = tuple(int(i == w) for i in range(self.players))
            got = self._won_memo[w, asker] = (*p, p[asker])
        return got

    # -- exact -----------------------------------------------------------------------------------
    def values(self, state: Any, asker: int, known: int | None = None) -> Values:
        """Every player's expected payoff and the asker's, exactly (``known``: a player known not to
        force here, so not asked)."""
        return self._values(state, asker, known, None)

    def _values(self, state: Any, asker: int, known: int | None, above: tuple[int, Any] | None) -> Values | None:
        """``values``, or None where ``above`` (the mover of the parent state and the most it has from
        another move) shows that the state is surely worse for that mover (``_cut``)."""
        self.budget.spend()
        final = self._final(state, asker)
        if final is not None:
            return final
        key = (asker, self.game.key(state))
        got = self.memo.get(key)
        if got is None:
            got = self._settled(state, asker, known) or self._choose(state, asker, above)
            if got is None:
                return None  # cut short: not the value, not kept
            self.memo[key] = got
        return got

    def _settled(self, state: Any, asker: int, known: int | None = None) -> Values | None:
        """A player who can force a win here (``asker`` asked first) wins whatever the others do."""
        if self.forced is None:
            return None
        for q in (asker, *(q for q in range(self.players) if q != asker)):
            if q != known and self.forced(state, q):
                return self._won(q, asker)
        return None

    def _cut(self, state: Any, mover: int, above: tuple[int, Any] | None) -> Any:
        """Korf's shallow pruning: the parent's mover P has ``b`` from another move, and no two
        players' payoffs sum to more than ``pair_max`` (one winner: 1); so once this state's mover has
        more than ``pair_max - b`` here, P has less than ``b`` here whatever else is searched, and P's
        choice (even with ties, which are kept) is decided without it. That threshold, or None (no
        pruning: switched off, no bound, no parent, or the parent's mover moves again)."""
        if self.pair_max is None or above is None or above[0] == mover:
            return None
        return self.pair_max(state) - above[1]

    def _choose(self, state: Any, asker: int, above: tuple[int, Any] | None = None) -> Values | None:
        game = self.game
        mover = game.to_move(state)
        if mover is None:
            from fractions import Fraction

            outcomes = [(Fraction(p).limit_denominator(1 << 20), self.values(s, asker)) for p, s in game.chance(state)]
            if self.tie == PARANOID:
                return min((v for _, v in outcomes), key=lambda v: v[-1])
            return tuple(sum(p * v[k] for p, v in outcomes) for k in range(len(outcomes[0][1])))
        known = mover if self.forced is not None else None  # it was asked here: it forces after no move
        cut = self._cut(state, mover, above)
        best: list[Values] = []
        for child in game.children(state):
            v = self._values(child, asker, known, (mover, best[0][mover]) if best else None)
            if v is None:
                continue  # surely below the best so far for the mover
            if cut is not None and v[mover] > cut:
                return None
            if not best or v[mover] > best[0][mover]:
                best = [v]
            elif v[mover] == best[0][mover]:
                best.append(v)
            if self.one_winner and best[0][mover] == 1:
                break  # a sure win for the mover: every such move gives the same
        assert best, "a state that is not over has children"
        if self.tie == PARANOID:
            return min(best, key=lambda v: v[-1])
        return _mean(best)

    # -- bounded ---------------------------------------------------------------------------------
    def bounded(self, states: Sequence[Any], asker: int, nodes: int = SELF_NODES) -> list[Range]:
        """Each state's range of values (lo, hi) after expanding at most ``nodes`` states in all
        (uniform tie rule only); lo = hi where the value is exact (then it equals ``values``). The
        ranges are sure: no heuristic, only the game's range of payoffs at the states left unsearched.
        Each state not yet exact is searched depth first under an allowance of nodes that doubles each
        round (node-bounded iterative deepening), exact values kept, so that the cheap ones end exact
        and no state takes the budget from all the others."""
        if self.tie != UNIFORM:
            raise ValueError("a bounded search takes the uniform tie rule")
        found = [self._known(s, asker) for s in states]
        self._spent, stop = 0, nodes
        share = max(8, nodes // (4 * max(1, len(states))))
        while self._spent < stop:
            todo = [i for i, (lo, hi) in enumerate(found) if lo != hi]
            before = self._spent
            for i in todo:
                self._limit = min(stop, self._spent + share)
                found[i] = _meet(found[i], self._bound(states[i], asker, DEEP))
            if not todo or self._spent == before:
                break
            share *= 2
        return found

    def _table(self, state: Any, asker: int) -> tuple[Hashable, Range | None, tuple | None]:
        """A state's key, its exact value as a range if known (the end of the game, or the table), and
        its bounded entry (lo, hi, depth) if any."""
        final = self._final(state, asker)
        if final is not None:
            return None, (final, final), None
        key = (asker, self.game.key(state))
        got = self.memo.get(key)
        return key, None if got is None else (got, got), self.ranges.get(key)

    def _known(self, state: Any, asker: int) -> Range:
        """What the search knows of a state without searching: its value, its range, or the game's."""
        _, point, old = self._table(state, asker)
        if point is not None:
            return point
        return (old[0], old[1]) if old is not None else self._span(state, asker)

    def _span(self, state: Any, asker: int) -> Range:
        """The payoffs' range at a state nobody searched: the game's (one winner: 0 to 1 each)."""
        span = getattr(self.game, "payoff_range", None)
        if span is not None:
            lo, hi = span(state)
        else:
            lo, hi = (0,) * self.players, (1,) * self.players
        return (*lo, lo[asker]), (*hi, hi[asker])

    def _asks(self, state: Any) -> bool:
        """Whether a bounded search asks ``forced`` at ``state``: the game may say where the question
        costs more than it spares (``ask_forced(state)``; by default everywhere). It changes no value."""
        ask = getattr(self.game, "ask_forced", None)
        return ask is None or ask(state)

    def _spend(self) -> bool:
        """Count a node if the allowance has one left (False: it has not)."""
        if self._spent >= self._limit:
            self._starved += 1
            return False
        self._spent += 1
        self.budget.spend()
        return True

    def _bound(self, state: Any, asker: int, depth: int, known: int | None = None,
               above: tuple[int, Any] | None = None) -> Range:
        """A state's range, searched ``depth`` plies deep within the nodes left (``_spend``); ``above``
        as in ``_values`` (a state cut short has a sure range, searched again when asked)."""
        key, point, old = self._table(state, asker)
        if point is not None:
            return point
        if old is not None and old[2] >= depth:
            return old[0], old[1]
        if old is None and key not in self.unsettled:  # first met: settled by a forcing player, if one does
            if not self._spend():
                return self._span(state, asker)
            settled = self._settled(state, asker, known) if self._asks(state) else None
            if settled is not None:
                self.memo[key] = settled
                return settled, settled
            self.unsettled.add(key)
        if depth <= 0 or not self._spend():
            return (old[0], old[1]) if old is not None else self._span(state, asker)
        starved = self._starved
        lo, hi, whole = self._choose_bound(state, asker, depth, above)
        if lo == hi:
            self.memo[key] = lo
            self.ranges.pop(key, None)
            return lo, hi
        if old is not None:
            lo, hi = _meet((lo, hi), old[:2])
        # searched to ``depth`` unless the nodes ran out below: then it is searched again when asked
        self.ranges[key] = (lo, hi, depth if whole and self._starved == starved else -1)
        return lo, hi

    def _choose_bound(self, state: Any, asker: int, depth: int, above: tuple[int, Any] | None) -> tuple[Values, Values, bool]:
        """A state's range from its children's, and whether every child that may be the mover's choice
        was searched (not cut short by ``_cut``)."""
        game = self.game
        mover = game.to_move(state)
        if mover is None:
            from fractions import Fraction

            outcomes = [(Fraction(p).limit_denominator(1 << 20), self._bound(s, asker, depth - 1))
                        for p, s in game.chance(state)]
            n = len(outcomes[0][1][0])
            return (tuple(sum(p * r[0][k] for p, r in outcomes) for k in range(n)),
                    tuple(sum(p * r[1][k] for p, r in outcomes) for k in range(n)), True)
        known = mover if self.forced is not None and self._asks(state) else None  # asked here: forces after no move
        children = list(game.children(state))
        # what each move is known to give before this round (a table look-up): a move surely below the
        # best is not searched deeper, it cannot be the mover's choice
        ranges = [self._bound(c, asker, 0, known) for c in children]
        floor = max(r[0][mover] for r in ranges)
        if self.one_winner and floor == 1:
            return (*next(r for r in ranges if r[0][mover] == 1), True)  # a sure win for the mover, known already
        cut = self._cut(state, mover, above)
        whole = cut is None or floor <= cut
        for i, child in enumerate(children if whole else ()):
            r = ranges[i]
            if r[1][mover] < floor or r[0] == r[1]:
                continue
            r = ranges[i] = self._bound(child, asker, depth - 1, known, (mover, floor))
            floor = max(floor, r[0][mover])
            if self.one_winner and r[0][mover] == 1:
                return (*r, True)  # a sure win for the mover: every such move gives the same
            if cut is not None and floor > cut:
                whole = False
                break
        best = [r for r in ranges if r[1][mover] >= floor]
        if all(lo == hi for lo, hi in best):
            top = max(lo[mover] for lo, _ in best)
            v = _mean([lo for lo, _ in best if lo[mover] == top])
            return v, v, True
        n = len(best[0][0])
        lo = [min(r[0][k] for r in best) for k in range(n)]
        hi = [max(r[1][k] for r in best) for k in range(n)]
        lo[mover] = floor  # the mover takes its best: at least the best bottom
        if mover == asker:
            lo[-1] = floor
        if self.pair_max is not None:  # no other player has more than the pair's most less the mover's least
            top = self.pair_max(state) - floor
            for k in range(n):
                if k != mover and not (k == n - 1 and mover == asker):
                    hi[k] = min(hi[k], top)
        return tuple(lo), tuple(hi), whole


def _one_winner_pair(state: Any) -> int:
    """With one winner no two players' payoffs sum to more than 1."""
    return 1


def _mean(best: list[Values]) -> Values:
    """The uniform tie rule: each of the equally good moves as likely."""
    if len(best) == 1:
        return best[0]
    from fractions import Fraction

    n = len(best)
    return tuple(Fraction(sum(v[k] for v in best), n) for k in range(len(best[0])))


def _meet(a: Range, b: Range) -> Range:
    """Two sure ranges of one value: both hold, so their overlap."""
    return (tuple(max(x, y) for x, y in zip(a[0], b[0], strict=True)),
            tuple(min(x, y) for x, y in zip(a[1], b[1], strict=True)))


__all__ = ["NOBODY", "PARANOID", "SELF_NODES", "SHALLOW", "UNIFORM", "Range", "SelfInterested"]
