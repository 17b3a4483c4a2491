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


def points(counts: Counts, spec: ScoringSpec) -> int:
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
    best = None
    for values in product(spec.joker_values, repeat=len(jokers)):
        vecs = [row[:] for row in base]
        for j, v in zip(jokers, values, strict=True):
            vecs[colour_of(j)][v - 1] += 1
        tvecs = tuple(tuple(row) for row in vecs)
        if spec.across:
            sets = tuple(min(tvecs[0][v - 1], tvecs[1][v - 1], tvecs[2][v - 1]) for v in range(1, 10))
            pts = sum(n * value_points.get(v, 0) for v, n in zip(range(1, 10), sets, strict=True))
            runs = tuple(_runs(tvecs[c], run.gaps, run.layered, sharing) for c in range(3))
            pts += sum(r[0] for r in runs)
            if best is None or pts > best[0]:
                best = (pts, tvecs, jokers, values, sets, runs)
            continue
        tops = [min(tvecs[0][v], tvecs[1][v], tvecs[2][v]) if value_points.get(v + 1) else 0 for v in range(9)]
        for sets in product(*(range(t + 1) for t in tops)):
            pts = sum(n * value_points.get(v, 0) for v, n in zip(range(1, 10), sets, strict=True))
            runs = tuple(_runs(tuple(a - b for a, b in zip(tvecs[c], sets, strict=True)), run.gaps, run.layered,
                               sharing) for c in range(3))
            pts += sum(r[0] for r in runs)
            if best is None or pts > best[0]:
                best = (pts, tvecs, jokers, values, sets, runs)
    return best


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
    """Runs chosen for the most points, each card in one run: the lowest value left is either
    left out once or starts a run (every run holding it starts there)."""
    low = next((v for v in range(1, 10) if vec[v - 1]), None)
    if low is None:
        return 0, ()
    left = list(vec)
    left[low - 1] -= 1
    best = _packed(tuple(left), gaps)
    if gaps:
        above = [v for v in range(low + 1, 10) if vec[v - 1]]
        tails = [t for n in range(2, len(above) + 1) for t in combinations(above, n)]
    else:
        tails = []
        v = low + 1
        while v <= 9 and vec[v - 1]:
            if v - low >= 2:
                tails.append(tuple(range(low + 1, v + 1)))
            v += 1
    for tail in tails:
        rest = list(left)
        for v in tail:
            rest[v - 1] -= 1
        pts, runs = _packed(tuple(rest), gaps)
        if pts + len(tail) + 1 > best[0]:
            best = (pts + len(tail) + 1, ((low, *tail),) + runs)
    return best


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
