"""Batch solving with the work split into pieces: the same seeded batch of full 2-player deals
solved in this process (the plain baseline), in 1 and 2 local worker processes and on a local
2-worker Dask cluster, in one run; then the overhead per piece, from a batch of tiny positions
that take about a millisecond each. The script checks that every run gives the same answers.
The default batch is Actions deals: with the compiled core a Basic deal takes about 10 ms, too
little work for splitting to matter.

Run: python benchmarks/scale.py [--deals N] [--ruleset R] [--tiny N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from arbiter.adapters.dask import Cluster
from arbiter.model.red7.game import deal
from arbiter.model.red7.ruleset import BASIC, Ruleset
from arbiter.proofs.red7.interactions import sampled_positions
from arbiter.solver.pieces import Pieces, Processes, Serial
from arbiter.solver.red7 import solve
from distributed import LocalCluster


def timed(runner: Pieces, positions: list) -> tuple[float, list]:
    start = time.perf_counter()
    results = [(r.winner, r.winning_moves) for r in runner.map(solve, [(p, None, None) for p in positions])]
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8, help="full 2-player deals in the batch")
    parser.add_argument("--ruleset", default="actions", help="the deals' ruleset (a preset name)")
    parser.add_argument("--tiny", type=int, default=200, help="tiny positions for the overhead per piece")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    ruleset = Ruleset.parse(args.ruleset)
    deals = [deal(2, args.seed + k, ruleset) for k in range(args.deals)]
    tiny = sampled_positions(args.tiny, BASIC, args.seed, "scale")
    print(f"{args.deals} full 2-player {ruleset} deals (seeds {args.seed}..{args.seed + args.deals - 1}), one piece each; "
          f"{args.tiny} tiny positions for the overhead")
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    start = time.perf_counter()
    local = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None)
    cluster = Cluster(local.scheduler_address)
    print(f"local Dask cluster (2 worker processes) started in {time.perf_counter() - start:.1f} s (not counted below)")
    runs = [("serial (baseline)", Serial()), ("1 local worker", Processes(1)), ("2 local workers", Processes(2)),
            ("Dask, 2 workers", cluster)]
    try:
        list(cluster.map(solve, [(p, None, None) for p in tiny[:4]]))  # the workers import arbiter once
        print(f"{'where':<20}{'deals s':>9}{'speed-up':>10}{'tiny s':>9}{'overhead ms/piece':>19}")
        base = base_tiny = None
        answers = None
        for name, runner in runs:
            seconds, results = timed(runner, deals)
            tiny_s, _ = timed(runner, tiny)
            if answers is None:
                answers, base, base_tiny = results, seconds, tiny_s
            elif results != answers:
                raise SystemExit(f"{name}: other answers than the serial run")
            overhead = 1000 * (tiny_s - base_tiny) / len(tiny)
            print(f"{name:<20}{seconds:>9.1f}{base / seconds:>9.2f}x{tiny_s:>9.2f}{overhead:>19.1f}")
    finally:
        cluster.close()
        local.close()


if __name__ == "__main__":
    main()
