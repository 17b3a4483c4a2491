"""Realms: tricks resolved per second, the fast evaluator against the reference evaluator of the
trick spec on the same seeded tricks (2-6 cards, random marker and choices) under the default and
two other readings; and whole seeded games (random moves and chance) per second.

Then the open-hand solver on seeded endgames (3 players with 1-2 cards each, 4 with 1, that many tricks,
empty piles so the Draw Phase deals the recycled trick cards by chance) against the plain
brute-force solver in the same run: median and worst seconds, nodes.

Run: python benchmarks/realms.py [--tricks N] [--games G] [--endgames E] [--seed S] [--repeat R]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from arbiter.model.realms import fast, reference, spec
from arbiter.model.realms.cards import CYCLONE, DECK_SIZE, is_purple
from arbiter.model.realms.game import PLAY, Position, random_game
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.solver.realms import brute_force, solve

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
    parser.add_argument("--endgames", type=int, default=10)
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
    solver_table(args.endgames, args.seed)



def endgames(players: int, size: int, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed * 1000 + players * 10 + size)
    out = []
    for _ in range(count):
        deck = rng.sample(range(DECK_SIZE), players * size)
        hands = tuple(sum(1 << c for c in deck[i * size:(i + 1) * size]) for i in range(players))
        out.append(Position(hands=hands, ruling=rng.randrange(4), dealer=players - 1, scores=(0,) * players,
                            phase=PLAY).validate())
    return out


def solver_table(count: int, seed: int) -> None:
    print(f"\n{'players':>7} {'tricks':>6} {'positions':>9} {'solver median s':>15} {'worst s':>8} "
          f"{'median nodes':>12} {'brute median s':>14} {'worst s':>8}")
    for players, size in ((3, 1), (3, 2), (4, 1)):  # 4 players over 2 tricks: the brute force takes minutes
            times, nodes, brute = [], [], []
            for pos in endgames(players, size, count, seed):
                r = solve(pos, size)
                start = time.perf_counter()
                guaranteed, expected = brute_force(pos, size)
                brute.append(time.perf_counter() - start)
                assert guaranteed == r.guaranteed and abs(expected - r.expected) < 1e-9, "the solvers disagree"
                times.append(r.seconds)
                nodes.append(r.nodes)
            med = sorted(times)[len(times) // 2]
            print(f"{players:>7} {size:>6} {count:>9} {med:15.4f} {max(times):8.4f} {sorted(nodes)[len(nodes) // 2]:>12} "
                  f"{sorted(brute)[len(brute) // 2]:14.4f} {max(brute):8.4f}")


if __name__ == "__main__":
    main()
