"""The report's frequency sample: seconds with the rounds played serially (the plain baseline) and
in worker processes (``--jobs``), in the same run, on the same seeded rounds; the script checks that
both give the same counts.

Run: python benchmarks/report.py [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from arbiter.report.red7.catalogue import CATALOGUE
from arbiter.report.red7.sampling import PLAYER_COUNTS, presets_of, sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="rounds per rule set and player count")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    entries = [e for e in CATALOGUE.entries if e.measured_in]
    rounds = args.games * len(PLAYER_COUNTS) * len(presets_of(entries))
    print(f"frequency sample: {args.games} rounds x {len(PLAYER_COUNTS)} player counts x "
          f"{len(presets_of(entries))} rule sets, {len(entries)} entries, seed {args.seed}; {args.jobs} workers; "
          f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'serial s':>10}{'workers s':>11}{'ratio':>8}{'ms/round':>10}")
    start = time.perf_counter()
    serial = sample(entries, args.games, args.seed)
    serial_s = time.perf_counter() - start
    start = time.perf_counter()
    parallel = sample(entries, args.games, args.seed, jobs=args.jobs)
    parallel_s = time.perf_counter() - start
    if parallel != serial:
        raise SystemExit("the worker processes gave other counts than the serial run")
    print(f"{serial_s:>10.1f}{parallel_s:>11.1f}{serial_s / parallel_s:>7.2f}x{1000 * serial_s / rounds:>10.0f}")


if __name__ == "__main__":
    main()
