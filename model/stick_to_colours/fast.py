"""The fast scorer: value sets and runs are read per colour and per value from cached tables
(colours are independent for runs, values for value sets), and only the jokers are tried out.
Held to ``reference.py`` by tests; same spec, same answers."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .cards import JOKER, Counts, card_code, colour_of, is_joker
from .reference import Score, ScoredSet
from .spec import DISTINCT, Run, ScoringSpec, ValueSet

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


def _best(counts: Counts, spec: ScoringSpec):
    value_points, run, sharing = _split(spec)
    base = [list(counts[c * 10:c * 10 + 9]) for c in range(3)]
    jokers = [c for c in range(30) if c % 10 == JOKER for _ in range(counts[c])]
    if spec.across:
        values = _best_joker_values(base, jokers, spec.joker_values, value_points, run, sharing)
        vecs = [row[:] for row in base]
        for j, v in zip(jokers, values, strict=True):
            vecs[colour_of(j)][v - 1] += 1
        tvecs = tuple(tuple(row) for row in vecs)
        sets = tuple(min(tvecs[0][v - 1], tvecs[1][v - 1], tvecs[2][v - 1]) for v in range(1, 10))
        runs = tuple(_runs(tvecs[c], run.gaps, run.layered, sharing) for c in range(3))
        pts = sum(n * value_points.get(v, 0) for v, n in zip(range(1, 10), sets, strict=True))
        return (pts + sum(r[0] for r in runs), tvecs, jokers, values, sets, runs)
    best = None
    for values in product(spec.joker_values, repeat=len(jokers)):
        vecs = [row[:] for row in base]
        for j, v in zip(jokers, values, strict=True):
            vecs[colour_of(j)][v - 1] += 1
        tvecs = tuple(tuple(row) for row in vecs)
        tops = [min(tvecs[0][v], tvecs[1][v], tvecs[2][v]) if value_points.get(v + 1) else 0 for v in range(9)]
        for sets in product(*(range(t + 1) for t in tops)):
            pts = sum(n * value_points.get(v, 0) for v, n in zip(range(1, 10), sets, strict=True))
            runs = tuple(_runs(tuple(a - b for a, b in zip(tvecs[c], sets, strict=True)), run.gaps, run.layered,
                               sharing) for c in range(3))
            pts += sum(r[0] for r in runs)
            if best is None or pts > best[0]:
                best = (pts, tvecs, jokers, values, sets, runs)
    return best


def _best_joker_values(base: list[list[int]], jokers: list[int], allowed: tuple[int, ...],
                       value_points: dict[int, int], run: Run, sharing: str) -> tuple[int, ...]:
    """The joker values scoring most when value sets and runs are chosen apart (a card may be in one of
    each): each colour's run points per joker value are looked up once, and a value set changes only at
    the values the jokers take."""
    colours = [colour_of(j) for j in jokers]
    run_points = []
    for c in colours:
        row = []
        for v in allowed:
            vec = list(base[c])
            vec[v - 1] += 1
            row.append(_runs(tuple(vec), run.gaps, run.layered, sharing)[0])
        run_points.append(row)
    # gain[v][mask]: the value-set points jokers of the colours in ``mask`` add when they all take value v
    gain = {}
    for v in set(allowed) & set(value_points):
        low = min(base[c][v - 1] for c in range(3))
        gain[v] = [value_points[v] * (min(base[c][v - 1] + any(colours[k] == c and mask >> k & 1
                                                                for k in range(len(colours))) for c in range(3)) - low)
                   for mask in range(1 << len(colours))]
    best, best_values = -1, ()
    for picks in product(range(len(allowed)), repeat=len(jokers)):
        pts = 0
        at: dict[int, int] = {}
        for k, i in enumerate(picks):
            pts += run_points[k][i]
            at[allowed[i]] = at.get(allowed[i], 0) | 1 << k
        for v, mask in at.items():
            if v in gain:
                pts += gain[v][mask]
        if pts > best:
            best, best_values = pts, tuple(allowed[i] for i in picks)
    return best_values


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
    length if 3 or more) and new runs start, as many as the copies of the value allow."""
    states: dict[tuple[int, ...], tuple[int, tuple[tuple[int, ...], ...]]] = {(): (0, ())}
    for v in range(1, 11):
        copies = vec[v - 1] if v <= 9 else 0
        nxt: dict[tuple[int, ...], tuple[int, tuple[tuple[int, ...], ...]]] = {}
        for open_, (pts, done) in states.items():
            for keep in product((False, True), repeat=len(open_)):
                going = [a for a, k in zip(open_, keep, strict=True) if k]
                if len(going) > copies:
                    continue
                closed = [tuple(range(a, v)) for a, k in zip(open_, keep, strict=True) if not k and v - a >= 3]
                gain = sum(map(len, closed))
                for new in range(copies - len(going) + 1):
                    key = tuple(sorted(going + [v] * new))
                    value = (pts + gain, done + tuple(closed))
                    if key not in nxt or value[0] > nxt[key][0]:
                        nxt[key] = value
        states = nxt
    return states[()]


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
    for v, n in zip(range(1, 10), value_sets, strict=True):
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
