"""The fast scorer: value sets and runs are read per colour and per value from cached tables
(colours are independent for runs, values for value sets), and only the jokers are tried out.
Held to ``reference.py`` by tests; same spec, same answers."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from . import cards as C
from .cards import JOKER, Counts, card, card_code, colour_of, is_joker
from .reference import Score, ScoredSet
from .spec import COPIES, DISTINCT, Run, ScoringSpec, ValueSet

Vec = tuple[int, ...]  # counts of values 1..9 of one colour, index v - 1


@lru_cache(maxsize=1 << 16)
def points(counts: Counts, spec: ScoringSpec) -> int:
    """The most points (cached: a search scores the same collections again and again)."""
    return _best(counts, spec)[0]


def score(counts: Counts, spec: ScoringSpec) -> Score:
    """The most points and one optimal arrangement (jokers shown with their value)."""
    pts, vecs, jokers, values, value_sets, runs = _best(counts, spec)
    return Score(pts, _arrangement(counts, spec, vecs, jokers, values, value_sets, runs))


def _split(spec: ScoringSpec) -> tuple[dict[int, int], Run, str]:
    value_points: dict[int, int] = {}
    run, sharing = None, ""
    for kind, how in spec.kinds:
        if isinstance(kind, ValueSet):
            value_points.update({v: kind.points for v in kind.values})
        else:
            run, sharing = kind, how
    assert run is not None
    return value_points, run, sharing


def _every_copy(spec: ScoringSpec) -> bool:
    """Whether every choice of one card per colour is a value set of its own (sharing COPIES)."""
    return any(how == COPIES for kind, how in spec.kinds if isinstance(kind, ValueSet))


def _value_sets(a: int, b: int, c: int, every_copy: bool) -> int:
    """Value sets of one value laid from a, b and c cards of the three colours."""
    return a * b * c if every_copy else min(a, b, c)


def _allowed(spec: ScoringSpec, base: list[list[int]], colour: int) -> tuple[int, ...]:
    """The values a joker of ``colour`` may take beside the printed cards ``base`` of the collection."""
    return tuple(v for v in spec.joker_values
                 if not spec.within_deck or base[colour][v - 1] < C.copies(card(colour, v)))


def _best(counts: Counts, spec: ScoringSpec):
    value_points, run, sharing = _split(spec)
    base = [list(counts[c * 10:c * 10 + 9]) for c in range(3)]
    allowed = [_allowed(spec, base, c) for c in range(3)]
    # a joker with no value left to take (within_deck, every value of its colour held in full) scores nothing
    jokers = [c for c in range(30) if c % 10 == JOKER and allowed[colour_of(c)] for _ in range(counts[c])]
    if spec.across:
        every_copy = _every_copy(spec)
        values = _best_joker_values(base, jokers, allowed, value_points, run, sharing, every_copy)
        vecs = [row[:] for row in base]
        for j, v in zip(jokers, values, strict=True):
            vecs[colour_of(j)][v - 1] += 1
        tvecs = tuple(tuple(row) for row in vecs)
        sets = tuple(_value_sets(tvecs[0][v - 1], tvecs[1][v - 1], tvecs[2][v - 1], every_copy) for v in range(1, 10))
        runs = tuple(_runs(tvecs[c], run.gaps, run.layered, sharing) for c in range(3))
        pts = sum(n * value_points.get(v, 0) for v, n in zip(range(1, 10), sets, strict=True))
        return (pts + sum(r[0] for r in runs), tvecs, jokers, values, sets, runs)
    return _best_one_set(base, jokers, allowed, value_points, run, sharing)


def _best_one_set(base: list[list[int]], jokers: list[int], allowed: list[tuple[int, ...]],
                  value_points: dict[int, int], run: Run, sharing: str):
    """A card in one set at most: the value sets taken (``sets``) leave each colour's cards to its runs,
    so for fixed sets the colours are independent and each colour's jokers are chosen apart (a sum over
    the colours, not a product): a joker first fills a value set its colour lacks a card for, the free
    ones take the values scoring most runs. The sets are chosen value by value, the best-paid values
    first, and a branch is cut when even its bound cannot beat the best found: the sets still open at
    their most plus the runs of every card not yet in a set (run points never fall when a card is
    added, under every reading; a test holds the scorer to the reference)."""
    free = [sum(1 for j in jokers if colour_of(j) == c) for c in range(3)]
    order = sorted((v for v in range(1, 10) if value_points.get(v)), key=lambda v: -value_points[v])
    most = {v: min(base[c][v - 1] + (free[c] > 0 and v in allowed[c]) for c in range(3)) for v in order}
    sets, fills = [0] * 9, [[], [], []]
    best: list = [-1, None]

    def runs_left() -> int:
        return sum(_runs_with_jokers(tuple(base[c][u] + fills[c].count(u + 1) - sets[u] for u in range(9)),
                                     free[c] - len(fills[c]), allowed[c], run.gaps, run.layered, sharing)[0]
                   for c in range(3))

    def visit(k: int, pts: int) -> None:
        if k == len(order):
            total = pts + runs_left()
            if total > best[0]:
                best[0], best[1] = total, (sets[:], [f[:] for f in fills])
            return
        if pts + sum(most[v] * value_points[v] for v in order[k:]) + runs_left() <= best[0]:
            return
        v = order[k]
        for n in range(most[v], -1, -1):
            lacking = [c for c in range(3) if base[c][v - 1] < n]
            if any(base[c][v - 1] < n - 1 or len(fills[c]) == free[c] or v not in allowed[c] for c in lacking):
                continue  # a colour short of a card for this many sets, and no joker to stand in
            for c in lacking:
                fills[c].append(v)
            sets[v - 1] = n
            visit(k + 1, pts + n * value_points[v])
            sets[v - 1] = 0
            for c in lacking:
                fills[c].pop()

    visit(0, 0)
    pts, (sets, fills) = best
    values_of = []
    vecs = [row[:] for row in base]
    for c in range(3):
        left = tuple(base[c][u] + fills[c].count(u + 1) - sets[u] for u in range(9))
        chosen = fills[c] + list(_runs_with_jokers(left, free[c] - len(fills[c]), allowed[c], run.gaps, run.layered,
                                                   sharing)[1])
        values_of.append(chosen)
        for u in chosen:
            vecs[c][u - 1] += 1
    values = tuple(values_of[colour_of(j)].pop(0) for j in jokers)
    tvecs = tuple(tuple(row) for row in vecs)
    runs = tuple(_runs(tuple(a - b for a, b in zip(tvecs[c], sets, strict=True)), run.gaps, run.layered, sharing)
                 for c in range(3))
    return (pts, tvecs, jokers, values, tuple(sets), runs)


@lru_cache(maxsize=1 << 16)
def _runs_with_jokers(vec: Vec, jokers: int, allowed: tuple[int, ...], gaps: bool, layered: bool,
                      sharing: str) -> tuple[int, tuple[int, ...]]:
    """The most run points of one colour's ``vec`` with ``jokers`` more cards of that colour, each of a
    value in ``allowed``, and those values (non-decreasing)."""
    if not jokers:
        return _run_points(vec, gaps, layered, sharing), ()
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for v in allowed:
        grown = list(vec)
        grown[v - 1] += 1
        pts, rest = _runs_with_jokers(tuple(grown), jokers - 1, tuple(u for u in allowed if u >= v), gaps, layered,
                                      sharing)
        if pts > best[0]:
            best = (pts, (v, *rest))
    return best


def _best_joker_values(base: list[list[int]], jokers: list[int], allowed: list[tuple[int, ...]],
                       value_points: dict[int, int], run: Run, sharing: str, every_copy: bool) -> tuple[int, ...]:
    """The joker values scoring most when value sets and runs are chosen apart (a card may be in one of
    each): each colour's run points per joker value are looked up once, and a value set changes only at
    the values the jokers take. ``allowed[c]``: the values a joker of colour c may take."""
    colours = [colour_of(j) for j in jokers]
    options = [allowed[c] for c in colours]
    run_points = []
    for c, values in zip(colours, options, strict=True):
        row = []
        for v in values:
            vec = list(base[c])
            vec[v - 1] += 1
            row.append(_run_points(tuple(vec), run.gaps, run.layered, sharing))
        run_points.append(row)
    # gain[v][mask]: the value-set points jokers of the colours in ``mask`` add when they all take value v
    gain = {}
    for v in set().union(*options) & set(value_points):
        low = _value_sets(*(base[c][v - 1] for c in range(3)), every_copy)
        gain[v] = [value_points[v] * (_value_sets(*(base[c][v - 1] + any(colours[k] == c and mask >> k & 1
                                                                         for k in range(len(colours)))
                                                     for c in range(3)), every_copy) - low)
                   for mask in range(1 << len(colours))]
    best, best_values = -1, ()
    for picks in product(*(range(len(values)) for values in options)):
        pts = 0
        at: dict[int, int] = {}
        for k, i in enumerate(picks):
            v = options[k][i]
            pts += run_points[k][i]
            at[v] = at.get(v, 0) | 1 << k
        for v, mask in at.items():
            if v in gain:
                pts += gain[v][mask]
        if pts > best:
            best, best_values = pts, tuple(options[k][i] for k, i in enumerate(picks))
    return best_values


@lru_cache(maxsize=1 << 16)
def _run_points(vec: Vec, gaps: bool, layered: bool, sharing: str) -> int:
    """The points of ``_runs`` alone: what the searches over jokers and value sets compare."""
    if sharing == DISTINCT or layered or gaps:
        return _runs(vec, gaps, layered, sharing)[0]
    return _packed_consecutive_points(vec)


def _packed_consecutive_points(vec: Vec) -> int:
    """The points of ``_packed_consecutive`` by counts alone: the open runs 1, 2 and 3-or-more long
    (n1, n2, n3) after each value, and how many of each go on; every copy not used to go on starts a
    run (an open run costs nothing if it never reaches 3). A run counts its cards once it is 3 long."""
    if sum(1 for n in vec if n) < 3 or not any(vec[v] and vec[v + 1] and vec[v + 2] for v in range(7)):
        return 0
    states = {(0, 0, 0): 0}
    for copies in vec:
        nxt: dict[tuple[int, int, int], int] = {}
        for (n1, n2, n3), pts in states.items():
            for k3 in range(min(n3, copies) + 1):
                for k2 in range(min(n2, copies - k3) + 1):
                    gain = pts + 3 * k2 + k3
                    for k1 in range(min(n1, copies - k3 - k2) + 1):
                        key = (copies - k1 - k2 - k3, k1, k2 + k3)
                        if nxt.get(key, -1) < gain:
                            nxt[key] = gain
        states = nxt
    return max(states.values())


@lru_cache(maxsize=1 << 16)
def _runs(vec: Vec, gaps: bool, layered: bool, sharing: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Best run points of one colour's values and the runs (tuples of values)."""
    if sharing == DISTINCT:
        present = [v for v in range(1, 10) if vec[v - 1]]
        found = [vs for n in range(3, len(present) + 1) for vs in combinations(present, n)
                 if gaps or vs[-1] - vs[0] == n - 1]
        return sum(map(len, found)), tuple(found)
    if layered:
        found = []
        for layer in range(1, 4):
            values = [v for v in range(1, 10) if vec[v - 1] >= layer]
            stretches = [values] if gaps else _stretches(values)
            found += [tuple(s) for s in stretches if len(s) >= 3]
        return sum(map(len, found)), tuple(found)
    return _packed(vec, gaps)


def _stretches(values: list[int]) -> list[list[int]]:
    out: list[list[int]] = []
    for v in values:
        if out and v == out[-1][-1] + 1:
            out[-1].append(v)
        else:
            out.append([v])
    return out


@lru_cache(maxsize=1 << 16)
def _packed(vec: Vec, gaps: bool) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Runs chosen for the most points, each card in one run."""
    if sum(1 for n in vec if n) < 3 or (not gaps and not any(vec[v] and vec[v + 1] and vec[v + 2] for v in range(7))):
        return 0, ()  # no run at all: the common case, answered at once
    return _packed_gaps(vec) if gaps else _packed_consecutive(vec)


def _packed_consecutive(vec: Vec) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Value by value, the runs still open (by their first value) either go on or stop (worth their
    length if 3 or more) and new runs start, as many as the copies of the value allow. Open runs of
    the same length so far, counting every length from 3 as one, have the same futures, so partial
    choices are merged by those counts, keeping the most points, where an open run counts its cards
    once it is 3 long (what it is worth from then on, whenever it stops): a handful of states per value."""
    states: dict[tuple[int, int, int], tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]] = {(0, 0, 0): (0, (), ())}
    for v in range(1, 11):
        copies = vec[v - 1] if v <= 9 else 0
        nxt: dict[tuple[int, int, int], tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
        for pts, open_, done in states.values():
            for keep in product((False, True), repeat=len(open_)):
                going = [a for a, k in zip(open_, keep, strict=True) if k]
                if len(going) > copies:
                    continue
                closed = tuple(tuple(range(a, v)) for a, k in zip(open_, keep, strict=True) if not k and v - a >= 3)
                gain = sum(3 if v + 1 - a == 3 else 1 for a in going if v + 1 - a >= 3)
                for new in range(copies - len(going) + 1):
                    starts = (*going, *[v] * new)
                    ages = [min(v + 1 - a, 3) for a in starts]
                    key = (ages.count(1), ages.count(2), ages.count(3))
                    if key not in nxt or pts + gain > nxt[key][0]:
                        nxt[key] = (pts + gain, starts, done + closed)
        states = nxt
    pts, _, done = states[(0, 0, 0)]
    return pts, done


def _packed_gaps(vec: Vec) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """With gaps allowed, g runs can hold min(copies, g) cards of each value as long as that makes 3
    or more per run: the best g wins, and the cards are dealt to the runs in turn."""
    best, best_g = 0, 0
    for g in range(1, 4):
        total = sum(min(n, g) for n in vec)
        if total >= 3 * g and total > best:
            best, best_g = total, g
    runs: list[list[int]] = [[] for _ in range(best_g)]
    k = 0
    for v in sorted(range(1, 10), key=lambda v: -min(vec[v - 1], best_g)):
        for _ in range(min(vec[v - 1], best_g)):
            runs[k % best_g].append(v)
            k += 1
    return best, tuple(tuple(sorted(r)) for r in runs)


def _arrangement(counts, spec, vecs, jokers, values, value_sets, runs) -> tuple[ScoredSet, ...]:
    value_points, _, sharing = _split(spec)
    labels: dict[tuple[int, int], list[str]] = {}
    for k, n in enumerate(counts):
        if n and not is_joker(k):
            labels.setdefault((colour_of(k), k % 10 + 1), []).extend([card_code(k)] * n)
    for j, v in zip(jokers, values, strict=True):
        labels.setdefault((colour_of(j), v), []).append(f"{card_code(j)}={v}")
    out = []
    value_pool = {cell: list(ls) for cell, ls in labels.items()}
    run_pool = value_pool if not spec.across else {cell: list(ls) for cell, ls in labels.items()}
    every_copy = _every_copy(spec)
    for v, n in zip(range(1, 10), value_sets, strict=True):
        if every_copy and n and value_points.get(v):  # one set per choice of one card of each colour
            out += [ScoredSet("value", cards, value_points[v]) for cards in product(*(labels[(c, v)] for c in range(3)))]
            continue
        for _ in range(n if value_points.get(v) else 0):
            out.append(ScoredSet("value", tuple(value_pool[(c, v)].pop(0) for c in range(3)), value_points[v]))
    for c in range(3):
        for rv in runs[c][1]:
            if sharing == DISTINCT:
                cards = tuple(labels[(c, v)][0] for v in rv)
            else:
                cards = tuple(run_pool[(c, v)].pop(0) for v in rv)
            out.append(ScoredSet("run", cards, len(rv)))
    return tuple(out)
