"""The Red7 report's frequency sample (``report.sample`` with ``report.red7.sampling.PLUG``): CPU
seconds with the games played serially (the plain baseline) and in worker processes (``--jobs``),
in the same run, on the same seeded games; the script checks that both give the same counts.

Run: python benchmarks/report.py [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import time

from arbiter.report.red7.catalogue import CATALOGUE
from arbiter.report.red7.sampling import PLUG, sample_all


def _cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per setting")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    entries = [e for e in CATALOGUE.entries if e.measured_in]
    settings = PLUG.settings(entries)
    games = args.games * len(settings)
    print(f"frequency sample: {args.games} games x {len(settings)} settings, {len(entries)} entries, seed {args.seed}; "
          f"{args.jobs} workers; Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'':>10}{'CPU s':>9}{'wall s':>9}{'ms CPU/game':>13}")
    rows = []
    for label, jobs in (("serial", 1), ("workers", args.jobs)):
        cpu, wall = _cpu(), time.perf_counter()
        got = sample_all(entries, args.games, args.seed, jobs=jobs)
        cpu, wall = _cpu() - cpu, time.perf_counter() - wall
        rows.append((got.counts, got.digests))
        print(f"{label:>10}{cpu:>9.1f}{wall:>9.1f}{1000 * cpu / games:>13.0f}")
    if rows[0] != rows[1]:
        raise SystemExit("the worker processes gave other counts than the serial run")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
