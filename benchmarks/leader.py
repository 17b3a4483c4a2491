"""Leader evaluations per second: the fast bitmask engine against the reference evaluator of the
rule spec, on the same seeded tables (4 players, 1-10 Palette cards each), rule by rule and in all.

Run: python benchmarks/leader.py [--tables N] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from arbiter.model.red7 import fast, reference
from arbiter.model.red7.cards import COLOUR_NAMES, cards_of
from arbiter.model.red7.ruleset import BASIC


def tables(count: int, seed: int) -> list[list[int]]:
    """``count`` tables of 4 disjoint Palettes (bitmasks) of 1 to 10 cards each."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        deck = rng.sample(range(49), 40)
        palettes, start = [], 0
        for _ in range(4):
            size = rng.randint(1, 10)
            palettes.append(sum(1 << c for c in deck[start:start + size]))
            start += size
        out.append(palettes)
    return out


def time_reference(rule: int, as_cards: list[list[list[int]]]) -> tuple[float, list]:
    start = time.perf_counter()
    answers = [reference.leader(rule, palettes, (), BASIC) for palettes in as_cards]
    return time.perf_counter() - start, answers


def time_fast(rule: int, work: list[list[int]]) -> tuple[float, list]:
    leader = fast.leader
    start = time.perf_counter()
    answers = [leader(rule, palettes, 0, BASIC) for palettes in work]
    return time.perf_counter() - start, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each engine, alternated; the best counts")
    args = parser.parse_args()
    work = tables(args.tables, args.seed)
    as_cards = [[list(cards_of(m)) for m in palettes] for palettes in work]
    rows = []
    for rule, name in enumerate(COLOUR_NAMES):
        ref_seconds = fast_seconds = float("inf")
        for _ in range(args.repeat):  # the best of alternated runs shields the ratio from a busy machine
            seconds, ref_answers = time_reference(rule, as_cards)
            ref_seconds = min(ref_seconds, seconds)
            seconds, fast_answers = time_fast(rule, work)
            fast_seconds = min(fast_seconds, seconds)
            if ref_answers != fast_answers:
                raise SystemExit(f"the engines disagree under {name}: run the differential tests")
        rows.append((name, ref_seconds, fast_seconds))
    rows.append(("all rules", sum(r[1] for r in rows), sum(r[2] for r in rows)))
    print(f"leader evaluations: {args.tables} tables per rule, 4 players, 1-10 Palette cards each, seed {args.seed},"
          f" best of {args.repeat}; Python {platform.python_version()} on {platform.machine()}")
    print(f"{'rule':<10}{'evaluations':>12}{'reference/s':>14}{'fast/s':>12}{'ratio':>8}")
    for name, ref_seconds, fast_seconds in rows:
        evaluations = len(work) * (7 if name == "all rules" else 1)
        print(f"{name:<10}{evaluations:>12}{evaluations / ref_seconds:>14,.0f}{evaluations / fast_seconds:>12,.0f}"
              f"{ref_seconds / fast_seconds:>7.1f}x")


if __name__ == "__main__":
    main()
