"""The Stick to Colours scoring spec (``model/stick_to_colours/spec.py``) compiled to z3: a collection is 30
Int card counts; an arrangement is every choice the spec leaves open (each joker's value, how often each
value set is laid, each colour's runs in slots); ``valid`` and ``points`` are z3 terms over both. The best
score is the most points of a valid arrangement (``best``, z3's optimiser), held to ``reference.score``."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import comb

import z3
from arbiter.model.stick_to_colours.cards import KINDS, Counts, card, card_code, copies, is_joker, joker
from arbiter.model.stick_to_colours.spec import COPIES, DISTINCT, Run, ScoringSpec, ValueSet

COLOURS = range(3)
VALUES = range(1, 10)
LAYERS = range(1, 4)  # a value of one colour has at most 3 cards: its 2 printed copies and the joker
SLOTS = 5  # runs of one colour an arrangement may lay: a colour has 16 cards at most, a run 3 or more
Cell = tuple[int, int]  # (colour, value)


@dataclass(frozen=True)
class Collection:
    """A collection as one count term per card kind (``cards.KINDS`` of them)."""

    counts: tuple[z3.ArithRef, ...]


def collection(name: str, deck: Counts) -> tuple[Collection, z3.BoolRef]:
    """A fresh collection of cards of ``deck`` and its domain (no card more often than the deck has it)."""
    xs = tuple(z3.Int(f"{name}_{card_code(k)}") for k in range(KINDS))
    return Collection(xs), z3.And([z3.And(0 <= x, x <= deck[k]) for k, x in zip(range(KINDS), xs, strict=True)])


def constant(counts: Counts) -> Collection:
    return Collection(tuple(z3.IntVal(n) for n in counts))


def plus(coll: Collection, added: z3.ArithRef) -> Collection:
    """The collection with one more card of kind ``added`` (a symbolic or constant kind)."""
    return Collection(tuple(x + z3.If(added == k, 1, 0) for k, x in enumerate(coll.counts)))


def size(coll: Collection) -> z3.ArithRef:
    return z3.Sum(list(coll.counts))


def decode(model: z3.ModelRef, coll: Collection) -> list[str]:
    """A model's collection as card codes in canonical order."""
    return [card_code(k) for k, x in enumerate(coll.counts)
            for _ in range(model.eval(x, model_completion=True).as_long())]


@dataclass(frozen=True)
class Arrangement:
    """The open choices: ``jokers[c][v - 1]`` is 1 when colour c's joker takes value v; ``laid[(i, v)]`` how
    often value set kind ``i`` is laid at value v; ``runs[(i, c, a, b)]`` how often the run of colour c with
    values a..b-1 is laid (run kinds with consecutive values whose runs are chosen), ``slots[(i, c, r)]``
    the values of run slot r of colour c (chosen runs with gaps; an empty slot lays no run)."""

    jokers: tuple[tuple[z3.ArithRef, ...], ...]
    laid: dict[tuple[int, int], z3.ArithRef]
    runs: dict[tuple[int, int, int, int], z3.ArithRef]
    slots: dict[tuple[int, int, int], tuple[z3.BoolRef, ...]]


def _chosen_run(kind: object, sharing: str) -> bool:
    return isinstance(kind, Run) and sharing != DISTINCT and not kind.layered


def _intervals(min_length: int) -> list[tuple[int, int]]:
    """Runs of consecutive values a..b-1 of min_length or more."""
    return [(a, b) for a, b in combinations(range(1, 11), 2) if b - a >= min_length]


def arrangement(spec: ScoringSpec, name: str) -> Arrangement:
    """Fresh choice variables for ``spec``."""
    laid, runs, slots = {}, {}, {}
    for i, (kind, sharing) in enumerate(spec.kinds):
        if isinstance(kind, ValueSet) and sharing not in (DISTINCT, COPIES):
            laid.update({(i, v): z3.Int(f"{name}_k{i}_v{v}") for v in sorted(kind.values)})
        elif _chosen_run(kind, sharing) and not kind.gaps:
            runs.update({(i, c, a, b): z3.Int(f"{name}_k{i}_c{c}_{a}_{b}") for c in COLOURS
                         for a, b in _intervals(kind.min_length)})
        elif _chosen_run(kind, sharing):
            slots.update({(i, c, r): tuple(z3.Bool(f"{name}_k{i}_c{c}_r{r}_{v}") for v in VALUES)
                          for c in COLOURS for r in range(SLOTS)})
    jokers = tuple(tuple(z3.Int(f"{name}_joker{c}_{v}") for v in VALUES) for c in COLOURS)
    return Arrangement(jokers, laid, runs, slots)


def fixed(arr: Arrangement, model: z3.ModelRef) -> Arrangement:
    """The arrangement a model chose, as constants (a term of the collection alone)."""
    def ev(x):
        return model.eval(x, model_completion=True)
    return Arrangement(tuple(tuple(ev(y) for y in ys) for ys in arr.jokers), {k: ev(x) for k, x in arr.laid.items()},
                       {k: ev(x) for k, x in arr.runs.items()},
                       {k: tuple(ev(b) for b in bs) for k, bs in arr.slots.items()})


def cell(coll: Collection, arr: Arrangement, c: int, v: int) -> z3.ArithRef:
    """The cards of colour c and value v: the printed ones, and the joker when it takes v."""
    return coll.counts[card(c, v)] + arr.jokers[c][v - 1]


def _bit(b: z3.BoolRef) -> z3.ArithRef:
    return z3.If(b, 1, 0)


def _length(bits: tuple[z3.BoolRef, ...]) -> z3.ArithRef:
    return z3.Sum([_bit(b) for b in bits])


def _uses(spec: ScoringSpec, arr: Arrangement, i: int, c: int, v: int) -> z3.ArithRef:
    """How many cards of cell (c, v) the chosen sets of kind ``i`` take."""
    kind, sharing = spec.kinds[i]
    if isinstance(kind, ValueSet) and (i, v) in arr.laid:
        return arr.laid[(i, v)]
    if _chosen_run(kind, sharing) and not kind.gaps:
        return z3.Sum([arr.runs[(i, c, a, b)] for a, b in _intervals(kind.min_length) if a <= v < b])
    if _chosen_run(kind, sharing):
        return z3.Sum([_bit(arr.slots[(i, c, r)][v - 1]) for r in range(SLOTS)])
    return z3.IntVal(0)


def _group(spec: ScoringSpec, i: int) -> list[int]:
    """The kinds sharing one pool of cards with kind ``i``: itself when a card may be in sets of several
    kinds (``across``), every kind otherwise."""
    return [i] if spec.across else list(range(len(spec.kinds)))


def valid(spec: ScoringSpec, arr: Arrangement, coll: Collection) -> z3.BoolRef:
    """The arrangement is one the spec allows for the collection."""
    out = []
    for c in COLOURS:
        ys = arr.jokers[c]
        # A joker held takes one value, one the reading allows; a joker not held takes none.
        out += [z3.And(0 <= y, y <= 1) if v in spec.joker_values else y == 0 for v, y in zip(VALUES, ys, strict=True)]
        out.append(z3.Sum(list(ys)) == coll.counts[joker(c)])
        if spec.within_deck:
            # A joker gives its colour no more cards of a value than the deck has (or, with none left, no value).
            full = z3.And([coll.counts[card(c, v)] >= copies(card(c, v)) for v in spec.joker_values])
            out[-1] = z3.If(full, z3.Sum(list(ys)) == 0, out[-1])
            out += [coll.counts[card(c, v)] + y <= copies(card(c, v)) for v, y in zip(VALUES, ys, strict=True)]
    # A set kind is laid a whole number of times.
    out += [n >= 0 for n in (*arr.laid.values(), *arr.runs.values())]
    for (i, _c, r), bits in arr.slots.items():
        kind = spec.kinds[i][0]
        n = _length(bits)
        # A slot is empty or a run: min_length cards or more, ...
        out.append(z3.Or(n == 0, n >= kind.min_length))
        if not kind.gaps:
            # ... of consecutive values (no value missing between two of its values).
            out += [z3.Implies(z3.And(bits[a], bits[b]), bits[m])
                    for a in range(9) for b in range(a + 2, 9) for m in range(a + 1, b)]
        if r + 1 < SLOTS:
            # Slots in order of length: one arrangement, not its SLOTS! orderings.
            out.append(n >= _length(arr.slots[(i, _c, r + 1)]))
    # No pool hands out more cards of a cell than the collection holds.
    pools = {tuple(_group(spec, i)) for i in range(len(spec.kinds))}
    for pool in pools:
        for c in COLOURS:
            for v in VALUES:
                used = [_uses(spec, arr, i, c, v) for i in pool]
                out.append(z3.Sum(used) <= cell(coll, arr, c, v))
    return z3.And(out)


def _left(spec: ScoringSpec, arr: Arrangement, coll: Collection, i: int, c: int, v: int) -> z3.ArithRef:
    """The cards of cell (c, v) the chosen sets of kind i's pool leave (what a layered kind reads)."""
    return cell(coll, arr, c, v) - z3.Sum([_uses(spec, arr, k, c, v) for k in _group(spec, i)])


def _in_stretch(present: list[z3.BoolRef], v: int, n: int) -> z3.BoolRef:
    """Value v is present and in a stretch of n or more consecutive present values."""
    windows = [range(a, a + n) for a in range(1, 11 - n) if a <= v < a + n]
    return z3.Or([z3.And([present[w - 1] for w in win]) for win in windows] or [z3.BoolVal(False)])


def _layered(kind: Run, rows: list[list[z3.ArithRef]]) -> tuple[z3.ArithRef, list[list[z3.BoolRef]]]:
    """Points of runs read off layer by layer from each colour's ``rows`` of cards, and whether each cell
    is in a run read off."""
    total, used = [], [[z3.BoolVal(False)] * 9 for _ in COLOURS]
    for c in COLOURS:
        for layer in LAYERS:
            present = [rows[c][v - 1] >= layer for v in VALUES]
            if kind.gaps:
                # One layer is one run when it has min_length values or more.
                n = z3.Sum([_bit(p) for p in present])
                total.append(z3.If(n >= kind.min_length, n, 0))
                member = [z3.And(p, n >= kind.min_length) for p in present]
            else:
                # A maximal stretch of min_length or more consecutive values is a run.
                member = [_in_stretch(present, v, kind.min_length) for v in VALUES]
                total.append(z3.Sum([_bit(m) for m in member]))
            used[c] = [z3.Or(u, m) for u, m in zip(used[c], member, strict=True)]
    return z3.Sum(total), used


def _every_run(kind: Run, present: list[z3.BoolRef]) -> tuple[z3.ArithRef, list[z3.BoolRef]]:
    """Points of every distinct run of one colour's present values (sharing DISTINCT), and membership."""
    if kind.gaps:
        n = z3.Sum([_bit(p) for p in present])
        # Every set of min_length or more present values is a run: sum of k * C(m, k).
        worth = [sum(k * comb(m, k) for k in range(kind.min_length, m + 1)) for m in range(10)]
        term = z3.IntVal(worth[9])
        for m in range(8, -1, -1):
            term = z3.If(n == m, worth[m], term)
        return term, [z3.And(p, n >= kind.min_length) for p in present]
    pts = z3.Sum([z3.If(z3.And([present[v - 1] for v in range(a, b)]), b - a, 0)
                  for a, b in _intervals(kind.min_length)])
    return pts, [_in_stretch(present, v, kind.min_length) for v in VALUES]


def _parts(spec: ScoringSpec, arr: Arrangement, coll: Collection) -> tuple[z3.ArithRef, list[list[z3.BoolRef]]]:
    """The points and, per cell, whether a counted set holds one of its cards."""
    total: list[z3.ArithRef] = []
    member = [[z3.BoolVal(False)] * 9 for _ in COLOURS]

    def mark(c: int, v: int, b: z3.BoolRef) -> None:
        member[c][v - 1] = z3.Or(member[c][v - 1], b)

    for i, (kind, sharing) in enumerate(spec.kinds):
        if isinstance(kind, ValueSet):
            for v in sorted(kind.values):
                if sharing == DISTINCT:
                    # Every value set the collection holds counts once.
                    full = z3.And([cell(coll, arr, c, v) >= 1 for c in COLOURS])
                    total.append(z3.If(full, kind.points, 0))
                    laid = full
                elif sharing == COPIES:
                    # Every choice of one card of each colour is a set: a product of the cells' counts (0-3 each).
                    cells = [cell(coll, arr, c, v) for c in COLOURS]
                    total.append(kind.points * z3.Sum([z3.If(z3.And(cells[0] >= a, cells[1] >= b, cells[2] >= d), 1, 0)
                                                       for a in LAYERS for b in LAYERS for d in LAYERS]))
                    laid = z3.And([x >= 1 for x in cells])
                else:
                    total.append(kind.points * arr.laid[(i, v)])
                    laid = arr.laid[(i, v)] >= 1
                for c in COLOURS:
                    mark(c, v, laid)
        elif kind.layered:
            pts, used = _layered(kind, [[_left(spec, arr, coll, i, c, v) for v in VALUES] for c in COLOURS])
            total.append(pts)
            for c in COLOURS:
                for v in VALUES:
                    mark(c, v, used[c][v - 1])
        elif sharing == DISTINCT:
            for c in COLOURS:
                pts, used = _every_run(kind, [cell(coll, arr, c, v) >= 1 for v in VALUES])
                total.append(pts)
                for v in VALUES:
                    mark(c, v, used[v - 1])
        elif not kind.gaps:
            for (k, c, a, b), n in arr.runs.items():
                if k == i:
                    total.append((b - a) * n)
                    for v in range(a, b):
                        mark(c, v, n >= 1)
        else:
            for c in COLOURS:
                for r in range(SLOTS):
                    bits = arr.slots[(i, c, r)]
                    total.append(_length(bits))
                    for v in VALUES:
                        mark(c, v, bits[v - 1])
    return z3.Sum(total), member


def points(spec: ScoringSpec, arr: Arrangement, coll: Collection) -> z3.ArithRef:
    """The points the arrangement scores with the collection."""
    return _parts(spec, arr, coll)[0]


def scores_card(spec: ScoringSpec, arr: Arrangement, coll: Collection, k: int) -> z3.BoolRef:
    """Card ``k`` (held) is in a counted set: its cell is in a set and no other card can be the one there
    (a printed card: the joker does not take its value; the joker: no printed card has its value)."""
    _, member = _parts(spec, arr, coll)
    if is_joker(k):
        c = k // 10
        return z3.Or([z3.And(arr.jokers[c][v - 1] == 1, coll.counts[card(c, v)] == 0, member[c][v - 1])
                      for v in VALUES])
    c, v = k // 10, k % 10 + 1
    return z3.And(coll.counts[k] >= 1, arr.jokers[c][v - 1] == 0, member[c][v - 1])


def best(spec: ScoringSpec, counts: Counts) -> int:
    """The most points of a concrete collection (z3's optimiser, which proves nothing scores more)."""
    arr = arrangement(spec, "a")
    coll = constant(counts)
    opt = z3.Optimize()
    opt.add(valid(spec, arr, coll))
    total = points(spec, arr, coll)
    opt.maximize(total)
    if opt.check() != z3.sat:
        raise RuntimeError(f"z3 found no arrangement of {counts}")
    return opt.model().eval(total, model_completion=True).as_long()
