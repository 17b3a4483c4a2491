"""The report's divergence sample: seconds per policy with the games played serially (the plain
baseline) and in worker processes (``--jobs``), in the same run, on the same seeded games; the
script checks that both give the same counts.

Run: python benchmarks/report.py [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from arbiter.report.catalogue import CATALOGUE
from arbiter.report.divergence import PLAYER_COUNTS, POLICIES, sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count and policy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    entries = list(CATALOGUE)
    print(f"divergence sample: {args.games} games x {len(PLAYER_COUNTS)} player counts per policy, "
          f"{len(entries)} entries, seed {args.seed}; {args.jobs} workers; Python {platform.python_version()} "
          f"on {platform.machine()}, {os.cpu_count()} cores")
    print(f"{'policy':<10}{'serial s':>10}{'workers s':>11}{'ratio':>8}{'ms/game':>9}")
    for policy in POLICIES:
        start = time.perf_counter()
        serial = sample(entries, args.games, args.seed, policy=policy)
        serial_s = time.perf_counter() - start
        start = time.perf_counter()
        parallel = sample(entries, args.games, args.seed, policy=policy, jobs=args.jobs)
        parallel_s = time.perf_counter() - start
        if parallel != serial:
            raise SystemExit(f"{policy}: the worker processes gave other counts than the serial run")
        per_game = 1000 * serial_s / (args.games * len(PLAYER_COUNTS))
        print(f"{policy:<10}{serial_s:>10.1f}{parallel_s:>11.1f}{serial_s / parallel_s:>7.2f}x{per_game:>9.0f}")


if __name__ == "__main__":
    main()
