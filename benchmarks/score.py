"""Stick to Colours scoring speed: collections scored per second by the fast scorer and by the plain
reference (the baseline), on the same seeded collections of 10-24 cards with 0-3 jokers.

    python benchmarks/score.py [--seed 0] [--fast N] [--reference N]

The fast scorer's per-colour tables are emptied before each row, so a row counts their filling."""

from __future__ import annotations

import argparse
import random
import time

from arbiter.model.stick_to_colours import fast, reference, scoring_spec
from arbiter.model.stick_to_colours.cards import KINDS, full_deck, is_joker

SIZES = (10, 14, 18, 24)
JOKERS = (0, 1, 2, 3)


def collection(rng: random.Random, size: int, jokers: int) -> tuple[int, ...]:
    deck = full_deck()
    plain = [k for k in range(KINDS) if not is_joker(k) for _ in range(deck[k])]
    counts = [0] * KINDS
    for k in rng.sample(plain, size - jokers) + rng.sample([9, 19, 29], jokers):
        counts[k] += 1
    return tuple(counts)


def rate(score, items) -> float:
    start = time.perf_counter()
    for c in items:
        score(c)
    return len(items) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fast", type=int, default=300, help="collections per row for the fast scorer")
    ap.add_argument("--reference", type=int, default=4, help="collections per row for the reference")
    args = ap.parse_args()
    spec = scoring_spec()
    print(f"{'cards':>5} {'jokers':>6} {'fast/s':>10} {'reference/s':>12} {'ratio':>8}")
    for size in SIZES:
        for jokers in JOKERS:
            rng = random.Random(f"{args.seed}/{size}/{jokers}")
            items = [collection(rng, size, jokers) for _ in range(args.fast)]
            for c in items[:args.reference]:
                assert fast.points(c, spec) == reference.score(c, spec).points
            fast._runs.cache_clear()
            fast._packed.cache_clear()
            f = rate(lambda c: fast.score(c, spec), items)
            r = rate(lambda c: reference.score(c, spec), items[:args.reference])
            print(f"{size:>5} {jokers:>6} {f:>10.0f} {r:>12.2f} {f / r:>7.0f}x", flush=True)


if __name__ == "__main__":
    main()
