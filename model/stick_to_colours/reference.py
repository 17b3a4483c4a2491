"""Plain reference scorer of ``spec.py``: every joker value, every candidate set, an exhaustive
choice of sets under the sharing rules (memoised, no pruning). Obviously correct, slow; the fast
scorer is held to it by tests. Also the checker of an arrangement (``arrangement_points``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from .cards import Counts, card, card_code, colour_of, copies, is_joker, parse_card, value_of
from .spec import COPIES, DISTINCT, Kind, Run, ScoringSpec, ValueSet

Cell = tuple[int, int]  # (colour, value)
CELLS: tuple[Cell, ...] = tuple((c, v) for c in range(3) for v in range(1, 10))
INDEX: dict[Cell, int] = {cell: i for i, cell in enumerate(CELLS)}


@dataclass(frozen=True)
class ScoredSet:
    """One set of an arrangement: its kind (``"value"`` or ``"run"``), its cards as codes (a joker
    as ``RJ=4``) and its points."""

    kind: str
    cards: tuple[str, ...]
    points: int

    def to_json(self) -> dict:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


@dataclass(frozen=True)
class Score:
    points: int
    sets: tuple[ScoredSet, ...]

    def to_json(self) -> dict:
        return {"points": self.points, "sets": [s.to_json() for s in self.sets]}


def labelled_cells(counts: Counts, joker_values: tuple[int, ...]) -> list[tuple[Cell, str]]:
    """The collection's cards as (cell, label) with the jokers taking ``joker_values`` in card order."""
    out: list[tuple[Cell, str]] = []
    jokers = iter(joker_values)
    for k, n in enumerate(counts):
        for _ in range(n):
            if is_joker(k):
                v = next(jokers)
                out.append(((colour_of(k), v), f"{card_code(k)}={v}"))
            else:
                out.append(((colour_of(k), k % 10 + 1), card_code(k)))
    return out


def candidates(kind: Kind, held: dict[Cell, int]) -> list[tuple[Cell, ...]]:
    """The sets of ``kind`` whose cells the collection holds (layered runs: the runs read off)."""
    if isinstance(kind, ValueSet):
        return [tuple((c, v) for c in range(3)) for v in sorted(kind.values) if all(held.get((c, v)) for c in range(3))]
    out: list[tuple[Cell, ...]] = []
    for c in range(3):
        present = [v for v in range(1, 10) if held.get((c, v))]
        if kind.layered:
            for layer in range(1, 4):
                values = [v for v in present if held[(c, v)] >= layer]
                for stretch in _stretches(values, kind.gaps):
                    if len(stretch) >= kind.min_length:
                        out.append(tuple((c, v) for v in stretch))
            continue
        for n in range(kind.min_length, len(present) + 1):
            for values in combinations(present, n):
                if kind.gaps or values[-1] - values[0] == n - 1:
                    out.append(tuple((c, v) for v in values))
    return out


def _stretches(values: list[int], gaps: bool) -> list[list[int]]:
    if gaps or not values:
        return [values]
    out = [[values[0]]]
    for v in values[1:]:
        if v == out[-1][-1] + 1:
            out[-1].append(v)
        else:
            out.append([v])
    return out


def kind_points(kind: Kind, cells: tuple[Cell, ...]) -> int:
    return kind.points if isinstance(kind, ValueSet) else len(cells)


def kind_name(kind: Kind) -> str:
    return "value" if isinstance(kind, ValueSet) else "run"


def _best_choice(spec: ScoringSpec, held: dict[Cell, int]) -> tuple[int, list[tuple[int, tuple[Cell, ...]]]]:
    """Points and chosen (kind index, cells) for fixed joker values: DISTINCT kinds take every
    candidate, COPIES kinds every candidate once per choice of one card of each cell; ONE kinds
    choose candidates with repetition within each card's capacity; layered runs are read off the
    cards left to runs once the other sets are chosen."""
    fixed: list[tuple[int, tuple[Cell, ...]]] = []
    options: list[tuple[int, tuple[Cell, ...]]] = []
    layered = [i for i, (k, _) in enumerate(spec.kinds) if isinstance(k, Run) and k.layered]
    for i, (kind, sharing) in enumerate(spec.kinds):
        if i in layered:
            continue
        for cells in candidates(kind, held):
            if sharing == COPIES:
                ways = 1
                for cell in cells:
                    ways *= held[cell]
                fixed += [(i, cells)] * ways
            else:
                (fixed if sharing == DISTINCT else options).append((i, cells))
    groups = 1 if not spec.across else len(spec.kinds)
    start = tuple(held.get(cell, 0) for cell in CELLS) * groups

    def base(i: int) -> int:
        return 0 if groups == 1 else i * len(CELLS)

    @cache
    def best(j: int, caps: tuple[int, ...]) -> tuple[int, tuple[tuple[int, tuple[Cell, ...]], ...]]:
        if j == len(options):
            read: list[tuple[int, tuple[Cell, ...]]] = []
            for i in layered:
                left = {cell: caps[base(i) + INDEX[cell]] for cell in CELLS}
                read += [(i, cells) for cells in candidates(spec.kinds[i][0], left)]
            return sum(len(cells) for _, cells in read), tuple(read)
        i, cells = options[j]
        top = best(j + 1, caps)
        left = list(caps)
        for uses in range(1, 4):  # no card has more than 3 copies (2 and a joker)
            if any(left[base(i) + INDEX[cell]] == 0 for cell in cells):
                break
            for cell in cells:
                left[base(i) + INDEX[cell]] -= 1
            pts, chosen = best(j + 1, tuple(left))
            pts += uses * kind_points(spec.kinds[i][0], cells)
            if pts > top[0]:
                top = (pts, ((i, cells),) * uses + chosen)
        return top

    pts, chosen = best(0, start)
    total = pts + sum(kind_points(spec.kinds[i][0], cells) for i, cells in fixed)
    return total, fixed + list(chosen)


def score(counts: Counts, spec: ScoringSpec) -> Score:
    """The most points the collection scores, over every joker value and every choice of sets."""
    options = joker_options(counts, spec)
    held_counts = list(counts)
    for k, values in options:
        if not values:
            held_counts[k] -= 1  # a joker with no value left to take is in no set
    best: Score | None = None
    for values in product(*(vs for _, vs in options if vs)):
        cells = labelled_cells(tuple(held_counts), values)
        held: dict[Cell, int] = {}
        for cell, _ in cells:
            held[cell] = held.get(cell, 0) + 1
        pts, chosen = _best_choice(spec, held)
        if best is None or pts > best.points:
            best = Score(pts, label_sets(spec, cells, chosen))
    assert best is not None
    return best


def joker_options(counts: Counts, spec: ScoringSpec) -> list[tuple[int, tuple[int, ...]]]:
    """Each joker held (card order) with the values it may take: with ``within_deck`` none that its
    colour's printed cards already hold as often as the deck has them (a colour has one joker)."""
    return [(k, tuple(v for v in spec.joker_values
                      if not spec.within_deck or counts[card(colour_of(k), v)] < copies(card(colour_of(k), v))))
            for k in range(len(counts)) if is_joker(k) for _ in range(counts[k])]


def label_sets(spec: ScoringSpec, cells: list[tuple[Cell, str]],
               chosen: list[tuple[int, tuple[Cell, ...]]]) -> tuple[ScoredSet, ...]:
    """The chosen sets with card labels, each card of a sharing group used once in that group."""
    pools: dict[int, dict[Cell, list[str]]] = {}
    out = []
    again: dict[tuple[int, tuple[Cell, ...]], int] = {}
    for i, cs in sorted(chosen, key=lambda x: (x[0], x[1])):
        kind, sharing = spec.kinds[i]
        group = i if spec.across else 0
        if sharing in (DISTINCT, COPIES):
            group = -1 - i  # every distinct set counts: labels are not used up
            pools[group] = {}
        pool = pools.setdefault(group, {})
        if not pool:
            for cell, label in cells:
                pool.setdefault(cell, []).append(label)
        if sharing == COPIES:  # the k-th set of these cells takes the k-th choice of one card per cell
            k = again[(i, cs)] = again.get((i, cs), -1) + 1
            labels = list(list(product(*(pool[cell] for cell in cs)))[k])
        else:
            labels = [pool[cell][0] if sharing == DISTINCT else pool[cell].pop(0) for cell in cs]
        out.append(ScoredSet(kind_name(kind), tuple(labels), kind_points(kind, cs)))
    return tuple(out)


def arrangement_points(counts: Counts, sets: tuple[ScoredSet, ...], spec: ScoringSpec) -> int:
    """The points of an arrangement after checking it is one the spec allows for this collection;
    ValueError naming the first problem."""
    joker_value: dict[str, int] = {}
    for s in sets:
        for label in s.cards:
            code, _, v = label.partition("=")
            if v and (int(v) not in spec.joker_values or joker_value.setdefault(code, int(v)) != int(v)):
                raise ValueError(f"joker {code} takes a value it may not ({label})")
    if spec.within_deck:
        for code, v in joker_value.items():
            if counts[card(colour_of(parse_card(code)), v)] + 1 > copies(card(colour_of(parse_card(code)), v)):
                raise ValueError(f"joker {code} takes a value the deck has no more copies of ({code}={v})")
    uses: dict[tuple[int, str], int] = {}
    laid: dict[tuple[int, tuple[str, ...]], int] = {}
    total = 0
    for s in sets:
        i = next(i for i, (k, _) in enumerate(spec.kinds) if kind_name(k) == s.kind and _fits(k, s, joker_value))
        kind, sharing = spec.kinds[i]
        group = i if spec.across else 0
        seen_cells = []
        if sharing == COPIES:
            key = (i, tuple(sorted(label.partition("=")[0] for label in s.cards)))
            laid[key] = laid.get(key, 0) + 1
            ways = 1
            for code in key[1]:
                ways *= counts[parse_card(code)]
            if laid[key] > ways:
                raise ValueError(f"set {s.cards} is laid more often than its cards allow")
        for label in s.cards:
            code = label.partition("=")[0]
            c = parse_card(code)
            if counts[c] == 0:
                raise ValueError(f"{code} is not in the collection")
            if sharing not in (DISTINCT, COPIES):
                uses[(group, code)] = uses.get((group, code), 0) + 1
                if uses[(group, code)] > counts[c]:
                    raise ValueError(f"{code} is used in more sets than the rules allow")
            seen_cells.append(label)
        if s.points != kind_points(kind, tuple(seen_cells)):
            raise ValueError(f"set {s.cards} is worth {kind_points(kind, tuple(seen_cells))}, not {s.points}")
        total += s.points
    return total


def _fits(kind: Kind, s: ScoredSet, joker_value: dict[str, int]) -> bool:
    cells = []
    for label in s.cards:
        code = label.partition("=")[0]
        c = parse_card(code)
        cells.append((colour_of(c), joker_value[code] if is_joker(c) else value_of(c)))
    if isinstance(kind, ValueSet):
        return (len(cells) == 3 and {c for c, _ in cells} == {0, 1, 2} and len({v for _, v in cells}) == 1
                and cells[0][1] in kind.values)
    values = sorted(v for _, v in cells)
    return (len(cells) >= kind.min_length and len({c for c, _ in cells}) == 1 and len(set(values)) == len(values)
            and (kind.gaps or values[-1] - values[0] == len(values) - 1))
