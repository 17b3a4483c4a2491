"""Realms: tricks resolved per second, the fast evaluator against the reference evaluator of the
trick spec on the same seeded tricks (2-6 cards, random marker and choices) under the default and
two other readings; and whole seeded games (random moves and chance) per second.

Run: python benchmarks/realms.py [--tricks N] [--games G] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from arbiter.model.realms import fast, reference, spec
from arbiter.model.realms.cards import CYCLONE, DECK_SIZE, is_purple
from arbiter.model.realms.game import random_game
from arbiter.model.realms.ruleset import DEFAULT

READINGS = {"default": DEFAULT, "resolution=nuance": DEFAULT.with_switches(resolution="nuance"),
            "purple_wins=if,no_winner=lead_colour": DEFAULT.with_switches(purple_wins="if", no_winner="lead_colour")}


def tricks(count: int, seed: int) -> list[tuple[int, list[int], list]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(range(DECK_SIZE), rng.randint(2, 6))
        choices = [rng.randrange(4) if c == CYCLONE or (k == 0 and is_purple(c)) else None for k, c in enumerate(cards)]
        out.append((rng.randrange(4), cards, choices))
    return out


def best_of(repeat: int, fn) -> tuple[float, list]:
    best, answers = None, None
    for _ in range(repeat):
        start = time.perf_counter()
        answers = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=20000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    work = tricks(args.tricks, args.seed)
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{args.tricks} tricks, seed {args.seed}, best of {args.repeat}")
    print(f"{'reading':40} {'reference/s':>12} {'fast/s':>12} {'speed-up':>9}")
    for name, rs in READINGS.items():
        sp = spec.trick_spec(rs)
        resolve = fast.resolver(rs)
        t_ref, want = best_of(args.repeat, lambda sp=sp: [
            reference.resolve(sp, r, list(zip(cs, xs, strict=True))) for r, cs, xs in work])
        t_fast, got = best_of(args.repeat, lambda resolve=resolve: [resolve(r, cs, xs) for r, cs, xs in work])
        assert [(w.winner, w.ruling, w.leads_next) for w in want] == got, "the evaluators disagree"
        print(f"{name:40} {args.tricks / t_ref:12.0f} {args.tricks / t_fast:12.0f} {t_ref / t_fast:8.1f}x")
    print(f"\n{'players':>7} {'games':>6} {'steps':>8} {'games/s':>8} {'steps/s':>9}")
    for players in (2, 4, 6):
        start = time.perf_counter()
        steps = sum(sum(1 for _ in random_game(players, args.seed + g)) for g in range(args.games))
        elapsed = time.perf_counter() - start
        print(f"{players:>7} {args.games:>6} {steps:>8} {args.games / elapsed:8.2f} {steps / elapsed:9.0f}")


if __name__ == "__main__":
    main()
