"""The exact value of a game from one seat when the others play *best defence* (Frank & Basin 1998),
written once for every game: the seat's strategy may use only what the seat has seen, while every
other player sees all the cards and knows the seat's strategy, and in each deal plays what is worst
for the seat (with three or four players, all the others together, as the coalition of ``Search``).

A strategy of the seat picks one step per information set (what the seat has seen so far); its
value is the weighted sum over the deals of what it gets in each against that defence. A set of
states the seat cannot tell apart is searched as the vectors of per-state values that one strategy
reaches together (a Pareto frontier), combined at the seat's steps (its options' frontiers, pooled),
at the others' steps (each state's worst successor) and at chance (each state's expectation), the
successors grouped by what the seat sees of them: one vector chosen per group, since the seat plays
on knowing the group. The value is exact, and the frontiers grow with the deals: for small views.

Every value of a state lies between the game's lowest value and its perfect-information value (the
seat cannot do better than by seeing everything); a game that gives ``perfect`` lets a state whose
perfect value is its floor (the lowest, or what it has already won) be settled at once, and a state
the seat can tell from every other be valued exactly, bounds each of the seat's steps (one whose
bound a vector found reaches is skipped) and ends a search that reaches the bounds; a game that
gives ``ceiling`` drops the others' steps that never do worse for the seat than another; and a
state met in several deals is searched once. So most of the tree is never searched."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from arbiter.model.steps import is_continued, unmarked

from .advise import Advice, Measure, MoveShare, OutOfReach, Seat, TooManyDeals
from .advise import advise as advise_deals
from .search import Budget, SearchLimit, timeout_clock

Vector = tuple  # one value per state of an information set, in its order
MAX_DEALS = 200  # the frontiers grow with the deals: refused past this (--max-deals)
# Every game's best-defence measure carries this note (its heading in advise's output).
NOTE = "exact over every consistent deal; docs/advise.md, Best defence, says what it assumes"


@dataclass(frozen=True)
class Rules:
    """A game seen from ``seat`` for the search: ``mover(state)`` (None: chance acts), ``value(state)``
    (the seat's value where the search stops, the game over or a horizon reached, else None),
    ``steps(state)`` and ``apply(state, step)`` (the step interface, ``model/steps.py``), ``seen(before,
    step, after)`` (what the seat sees of a step or a chance outcome), ``chance(state)`` as the model's
    ``chance_outcomes`` (probability, label, state); ``low`` the lowest value a state can have, and
    optionally ``perfect(state)``: its value with all cards known (an upper bound on any strategy's),
    ``floor(state)``: a value every strategy is sure of from it (what is already won; ``low`` where
    not given), and ``ceiling(state)``: a quick value no strategy passes from it (what is already
    won and all that is left to win)."""

    seat: int
    mover: Callable[[Any], int | None]
    value: Callable[[Any], Any]
    steps: Callable[[Any], Sequence[str]]
    apply: Callable[[Any, str], Any]
    seen: Callable[[Any, str, Any], str]
    chance: Callable[[Any], Iterable[tuple[float, str, Any]]] = lambda state: ()
    low: Any = 0
    perfect: Callable[[Any], Any] | None = None
    floor: Callable[[Any], Any] | None = None
    ceiling: Callable[[Any], Any] | None = None


class DefenceError(ValueError):
    """States the seat cannot tell apart that differ in what is public (whose turn it is, the seat's
    steps): the game's view or step interface shows the seat something that depends on hidden cards."""


def pareto(vectors: Iterable[Vector]) -> list[Vector]:
    """The vectors no other one is at least as good as in every entry (each once), best sum first."""
    ranked = sorted(set(vectors), key=lambda v: -sum(v))
    packed = Packed.of(ranked)
    if packed is None:
        return _entrywise(ranked)
    kept: list[Vector] = []
    guard = packed.guard
    codes: list[int] = []
    for v in ranked:
        code = packed.code(v)
        if not any((k - code) & guard == guard for k in codes):
            kept.append(v)
            codes.append(code | guard)
    return kept


def pareto_entrywise(vectors: Iterable[Vector]) -> list[Vector]:
    """``pareto`` by comparing entry by entry: for vectors ``Packed`` cannot write, and the reference."""
    return _entrywise(sorted(set(vectors), key=lambda v: -sum(v)))


def _entrywise(ranked: list[Vector]) -> list[Vector]:
    kept: list[Vector] = []
    for v in ranked:
        if not any(all(a >= b for a, b in zip(k, v, strict=True)) for k in kept):
            kept.append(v)
    return kept


class Packed:
    """Vectors of exact numbers (ints, fractions, integral floats; ``math.inf``, above them all, for a
    parent not met yet under min) written as one integer each, a field of whole bytes an entry: the
    entries shifted to 0 and scaled to integers by their common denominator, each field's top bit a
    guard. Then ``k`` is at least ``v`` in every entry exactly when ``((k | guard) - v) & guard ==
    guard`` (no field borrows from its guard): one subtraction instead of a loop over the entries,
    which is what the frontiers' dominance tests spend their time on with hundreds of deals."""

    __slots__ = ("fields", "guard")

    def __init__(self, fields: dict[Any, bytes], guard: int) -> None:
        self.fields, self.guard = fields, guard

    @classmethod
    def of(cls, vectors: Sequence[Vector]) -> Packed | None:
        """The packing of ``vectors`` (all of one length), or None where an entry is no exact number."""
        values: set = set()
        for v in vectors:
            values.update(v)
        finite = []
        den = 1
        for x in values:
            if x == math.inf:
                continue
            if isinstance(x, Fraction):
                den = math.lcm(den, x.denominator)
            elif isinstance(x, float):
                if not x.is_integer():
                    return None
            elif not isinstance(x, int):
                return None
            finite.append(x)
        if not vectors:
            return None
        lo = min(finite, default=0)
        top = int((max(finite, default=0) - lo) * den) + 1  # the code of inf
        width = (top.bit_length() + 8) // 8  # bytes a field, its top bit the guard
        fields = {x: (top if x == math.inf else int((x - lo) * den)).to_bytes(width, "little") for x in values}
        n = len(vectors[0])
        return cls(fields, int.from_bytes((1 << (8 * width - 1)).to_bytes(width, "little") * n, "little"))

    def code(self, v: Vector) -> int:
        return int.from_bytes(b"".join(map(self.fields.__getitem__, v)), "little")


_MIN, _SUM = "min", "sum"


class Defence:
    """The search over one game's ``Rules``: ``options(states)`` at the root, ``frontier(states)``
    below, memoised by the tuple of states (two histories leaving the same states share a future);
    every information set searched spends one node of ``budget`` (SearchLimit when it runs out)."""

    def __init__(self, rules: Rules, budget: Budget | None = None, local: bool = False) -> None:
        self.rules = rules
        self.budget = budget or Budget()
        self.memo: dict[Hashable, list[Vector]] = {}
        # ``local``: keep only the best vector at each of the seat's information sets (Frank & Basin's
        # vector minimaxing): a strategy, with no fusion, but each choice made for every state of the
        # set, though the defence may steer some of them elsewhere (non-locality); a lower bound.
        self.local = local

    def options(self, states: Sequence[Any]) -> list[str]:
        """The seat's steps in states it cannot tell apart, the seat to move in each."""
        return self._seat_steps(states)

    def after(self, states: Sequence[Any], step: str) -> list[Vector]:
        """The frontier over ``states`` (the seat to move) of the strategies that begin with ``step``."""
        return self._after_step(states, step)

    def frontier(self, states: tuple) -> list[Vector]:
        """The Pareto frontier of the value vectors over ``states`` that one strategy of the seat reaches."""
        found = self.memo.get(states)
        if found is not None:
            return found
        at: dict[Any, int] = {}
        for s in states:
            at.setdefault(s, len(at))
        if len(at) < len(states) and not self.local:
            # One state reached in several deals (they played out alike): one value under any
            # strategy, so the frontier over the states once, each entry copied where it recurs
            # (not for vector minimaxing, whose one vector is the best sum over every deal).
            inner = self.frontier(tuple(at))
            found = [tuple(v[at[s]] for s in states) for v in inner]
            self.memo[states] = found
            return found
        self.budget.spend()
        rules = self.rules
        values = [rules.value(s) for s in states]
        if rules.perfect is not None:
            for i, s in enumerate(states):
                if values[i] is None:
                    best = rules.perfect(s)
                    if len(states) == 1 or best == self._floor(s):
                        values[i] = best  # nothing to lose, or the seat knows this state: it plays perfectly
        open_ = [i for i, v in enumerate(values) if v is None]
        if not open_:
            found = [tuple(values)]
        else:
            inner = self._open(tuple(states[i] for i in open_))
            found = []
            for vec in inner:
                full = list(values)
                for i, x in zip(open_, vec, strict=True):
                    full[i] = x
                found.append(tuple(full))
        self.memo[states] = found
        return found

    def _floor(self, state: Any) -> Any:
        return self.rules.low if self.rules.floor is None else self.rules.floor(state)

    def _bound(self, state: Any) -> Any:
        """The most any strategy of the seat gets from ``state``: its value, or its value all cards known."""
        v = self.rules.value(state)
        return self.rules.perfect(state) if v is None else v

    def _open(self, states: tuple) -> list[Vector]:
        rules = self.rules
        movers = {rules.mover(s) for s in states}
        if len(movers) != 1:
            raise DefenceError(f"states the seat cannot tell apart have different players to move: {sorted(movers, key=str)}")
        mover = movers.pop()
        if mover == rules.seat:
            return self._seat(states)
        edges: list[tuple[int, Any, str, Any]] = []  # (parent, weight, what the seat sees, successor)
        if mover is None:
            for i, s in enumerate(states):
                for p, label, after in rules.chance(s):
                    edges.append((i, _exact(p), rules.seen(s, label, after), after))
            return self._combine(len(states), edges, _SUM)
        for i, s in enumerate(states):
            for step in rules.steps(s):
                after = rules.apply(s, step)
                edges.append((i, 1, rules.seen(s, step, after), after))
        return self._combine(len(states), self._worth_trying(edges), _MIN)

    def _worth_trying(self, edges: list[tuple[int, Any, str, Any]]) -> list[tuple[int, Any, str, Any]]:
        """The others' steps less those that never do worse for the seat than another step in the same
        state, whatever the seat's strategy: with ``ceiling``, a successor whose floor is at least
        another's ceiling is dropped (the state's worst is the same without it)."""
        rules = self.rules
        if rules.ceiling is None:
            return edges
        lowest: dict[int, tuple[Any, int]] = {}  # each parent's least ceiling, and the edge giving it
        for k, (i, _, _, after) in enumerate(edges):
            c = rules.ceiling(after)
            if i not in lowest or c < lowest[i][0]:
                lowest[i] = (c, k)
        return [e for k, e in enumerate(edges) if lowest[e[0]][1] == k or self._floor(e[3]) < lowest[e[0]][0]]

    def _seat(self, states: tuple) -> list[Vector]:
        """The seat's options pooled. With ``perfect``, each step's successors bound what it can reach
        (all cards known): the steps go best bound first, a step whose bound some vector found already
        reaches in every entry is skipped (all it reaches is dominated), and a vector reaching the
        states' own bounds ends the search (it dominates every other)."""
        rules = self.rules
        steps = self._seat_steps(states)
        if rules.perfect is None or self.local:
            out: list[Vector] = []
            for step in steps:
                out.extend(self._after_step(states, step))
            return pareto(out)[:1] if self.local else pareto(out)
        options = []
        for step in steps:
            edges = self._edges(states, step)
            options.append((tuple(self._bound(after) for _, _, _, after in edges), edges))
        options.sort(key=lambda o: -sum(o[0]))  # a stable sort: the steps' own order among equals
        top = tuple(self._bound(s) for s in states)
        out = []
        for bound, edges in options:
            if any(all(a >= b for a, b in zip(v, bound, strict=True)) for v in out):
                continue
            out = pareto([*out, *self._combine(len(states), edges, _SUM)])
            if out[0] == top:
                return out[:1]
        return out

    def _edges(self, states: Sequence[Any], step: str) -> list[tuple[int, Any, str, Any]]:
        rules = self.rules
        edges = []
        for i, s in enumerate(states):
            after = rules.apply(s, step)
            edges.append((i, 1, rules.seen(s, step, after), after))
        return edges

    def _seat_steps(self, states: Sequence[Any]) -> list[str]:
        rules = self.rules
        steps = list(rules.steps(states[0]))
        for s in states[1:]:
            if list(rules.steps(s)) != steps:
                raise DefenceError("the seat's steps differ between states it cannot tell apart")
        return steps

    def _after_step(self, states: Sequence[Any], step: str) -> list[Vector]:
        return self._combine(len(states), self._edges(states, step), _SUM)

    def _combine(self, n: int, edges: list[tuple[int, Any, str, Any]], kind: str) -> list[Vector]:
        """The frontier over ``n`` parent states from their successors: the successors grouped by what
        the seat sees (in order of first appearance), one vector of each group's frontier chosen, each
        parent taking the ``kind`` (its worst, or its weighted sum) of its successors' values."""
        groups: dict[str, list[tuple[int, Any, Any]]] = {}
        for i, w, seen, after in edges:
            groups.setdefault(seen, []).append((i, w, after))
        # Under min a parent not met yet is above every value; the choices so far are pruned by
        # dominance at each group, which is sound because min and sums only grow with their terms.
        partial: list[Vector] = [(math.inf,) * n if kind == _MIN else (0,) * n]
        for members in groups.values():
            child = self.frontier(tuple(after for _, _, after in members))
            nxt = []
            for pv in partial:
                for cv in child:
                    v = list(pv)
                    for (i, w, _), x in zip(members, cv, strict=True):
                        if kind == _SUM:
                            v[i] += w * x
                        elif x < v[i]:
                            v[i] = x
                    nxt.append(tuple(v))
            partial = pareto(nxt)
        return partial


def information_sets(rules: Rules, states: Sequence[Any], step: str, depth: int = 8
                     ) -> Iterable[tuple[tuple[str, ...], tuple]]:
    """The seat's information sets after it takes ``step`` in ``states`` (the seat to move in each),
    up to ``depth`` decisions of the seat deep, breadth first, each once: (what the seat has seen
    since, the states it cannot tell apart there), reached by any play of the others and chance."""

    def grouped(moves: Iterable[tuple[Any, str, Any]]) -> dict[str, list]:
        out: dict[str, list] = {}
        for before, label, after in moves:
            out.setdefault(rules.seen(before, label, after), []).append(after)
        return out

    def reach(path: tuple[str, ...], states_: list) -> Iterable[tuple[tuple[str, ...], tuple]]:
        """On through the others' moves and chance to the seat's next sets (states ending play drop out)."""
        live = [s for s in states_ if rules.value(s) is None]
        if not live:
            return
        mover = rules.mover(live[0])
        if mover == rules.seat:
            yield path, tuple(live)
            return
        moves = [(s, label, after) for s in live for _, label, after in rules.chance(s)] if mover is None else [
            (s, st, rules.apply(s, st)) for s in live for st in rules.steps(s)]
        for text, group in grouped(moves).items():
            yield from reach((*path, text), group)

    level = [((), tuple(states), step)]
    found: set[tuple] = set()
    for _ in range(depth):
        nxt = []
        for path, group, st in level:
            for text, afters in grouped((s, st, rules.apply(s, st)) for s in group).items():
                for here, states_ in reach((*path, text), afters):
                    if states_ not in found:
                        found.add(states_)
                        yield here, states_
                        nxt.extend((here, states_, s) for s in rules.steps(states_[0]))
        level = nxt
        if not level:
            return


def values(rules: Rules, states: Sequence[Any], local: bool = False, budget: Budget | None = None) -> dict[str, Any]:
    """Each step of the seat in ``states`` (alike to it, each counted once) with the best total over
    them of a strategy beginning with it: exact, or by vector minimaxing (``local``, see ``Defence``)."""
    search = Defence(rules, budget, local)
    return {unmarked(step): best(search.after(states, step), [1] * len(states))[0] for step in search.options(states)}


@dataclass(frozen=True)
class Fusion:
    """Where the seat's steps split the states it could win with all cards known: after ``path`` (what
    the seat saw since its step), the ``states`` alike to it, and for each of its steps the indices of
    the states that step keeps winnable (its perfect-information value above the lowest)."""

    path: tuple[str, ...]
    states: tuple
    winning: dict[str, tuple[int, ...]]

    @property
    def winnable(self) -> int:
        return len({k for ks in self.winning.values() for k in ks})

    @property
    def best_step(self) -> int:
        """The most of those states one step keeps winnable."""
        return max((len(ks) for ks in self.winning.values()), default=0)


def fusion(rules: Rules, states: Sequence[Any], step: str, depth: int = 8) -> Fusion | None:
    """The first information set after ``step`` (breadth first) where no one step of the seat keeps
    every winnable state winnable: strategy fusion, which the perfect-information value credits and
    no strategy of the seat reaches. None when there is none within ``depth`` (or no ``perfect``)."""
    if rules.perfect is None:
        return None
    for path, group in information_sets(rules, states, step, depth):
        winning = {s: tuple(k for k, st in enumerate(group) if rules.perfect(rules.apply(st, s)) != rules.low)
                   for s in rules.steps(group[0])}
        found = Fusion(path, group, winning)
        if found.winnable > found.best_step:
            return found
    return None


def _exact(p: float) -> Any:
    """A chance probability as an exact fraction (the model gives 1/n as a float), so that equal
    vectors reached by different sums compare equal."""
    return Fraction(p).limit_denominator(1 << 20)


def best(frontier: list[Vector], weights: Sequence[Any]) -> tuple[Any, Vector]:
    """The best weighted sum over a frontier and the vector reaching it (the first, by ``pareto``'s order)."""
    top, chosen = None, ()
    for v in frontier:
        total = sum(w * x for w, x in zip(weights, v, strict=True))
        if top is None or total > top:
            top, chosen = total, v
    return top, chosen


def advise(view: Any, plain: Seat, make_rules: Callable[[float | None], Rules], measure: Measure, *,
           timeout: float | None = None, max_deals: int = MAX_DEALS, jobs: int = 1, pieces: Any = None) -> Advice:
    """Each first step of the seat in ``view`` with its best-defence value (``measure``: the best
    strategy's values summed over the consistent deals, every deal alike) ranked first, and beside it
    the plain advice's values over the same deals (``plain``, ``--exact``), so that the gap is seen.
    ``make_rules(timeout)`` gives the game's Rules. TooManyDeals past ``max_deals``. ``timeout``
    and Ctrl-C stop it (``stopped``): a step not searched by then is given its sure range, from the
    game's lowest value to the plain value (no strategy of the seat does better than all cards known)."""
    view.validate()
    started = time.perf_counter()
    clock = timeout_clock()  # the plain advice's time counts on the limit's clock (CPU time for the bots)
    begun = clock()
    count = view.count()
    if count > max_deals:
        raise TooManyDeals(count, max_deals, "drop --best-defence to sample the deals")
    pi = advise_deals(view, plain, exact=True, timeout=timeout, max_deals=max_deals, jobs=jobs, pieces=pieces)
    left = None if timeout is None else max(0.0, timeout - (clock() - begun))
    rules = make_rules(left)
    worlds = list(view.deals())
    search = Defence(rules, Budget(None, left))
    measures = (measure, *plain.measures)
    advice = Advice(view, [], count, count, True, None, None, pi.stopped, seat=replace(plain, measures=measures),
                    engines=set(pi.engines))
    try:
        steps = search.options(worlds)
    except (SearchLimit, KeyboardInterrupt) as e:
        steps, advice.stopped = [], _why(e)
    for step in steps:
        text = unmarked(step)
        try:
            plain_totals = list(pi.share(text).totals) if pi.deals else []
        except KeyError:
            plain_totals = []
        plain_totals = plain_totals or [m.low * count for m in plain.measures]
        entry = MoveShare(text, 0, count, True, is_continued(step), None, measures, [0, *plain_totals],
                          [0] * len(measures))
        done = False
        if advice.stopped is None:
            try:
                total, _ = best(search.after(worlds, step), [1] * count)
                entry.totals[0] = entry.wins = _plain(total)
                done = True
            except (SearchLimit, KeyboardInterrupt) as e:
                advice.stopped = _why(e)
        if not done:
            entry.exact = False
            # the plain value bounds it in the deals done; in the others, nothing below the highest
            share = pi.by_move.get(text) if pi.deals else None
            done = 0 if share is None else min(share.deals, count)
            plain_done = plain_totals[0] if done else 0
            entry.ranges = {0: (measure.low, (plain_done + measure.high * (count - done)) / count)}
        advice.by_move[text] = entry
    advice.moves = sorted(advice.by_move.values(), key=lambda m: (not m.exact, -m.wins, -m.totals[1], m.move))
    advice.nodes = search.budget.nodes + pi.nodes
    advice.seconds = time.perf_counter() - started
    return advice


def _why(e: BaseException) -> str:
    return "interrupted" if isinstance(e, KeyboardInterrupt) else "timeout"


def _plain(x: Any) -> Any:
    """An exact total as an int where it is one, else a float (for the shared advice's sums)."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


__all__ = ["Defence", "DefenceError", "Fusion", "OutOfReach", "Rules", "Vector", "advise", "best", "fusion", "information_sets", "pareto", "pareto_entrywise",
           "values"]
