"""Realms self-interested advice with and without shallow pruning (issue 27, branch rmaxn):
``advise --self-interested`` on the Realms case of benchmarks/self_interested.py (3 players, the
first trick, 30 sampled deals) over ``--tricks`` tricks, on each deal seed, ``maxn.SHALLOW`` off
(Realms' search as on main before ``OwnTricks.pair_max``: it had no bound, so no pruning) and on,
in turns in the same run. One line per run: values exact, mean width (self_interested.py's
``exactness``), nodes, CPU seconds.

    python benchmarks/realms_maxn.py [--seeds 0,1,2] [--tricks 2,3] [--timeout 900]
"""

from __future__ import annotations

import argparse
import time

import bench
from arbiter.model.realms.game import deal as realms_deal
from arbiter.model.realms.view import view_of as realms_view
from arbiter.solver import maxn
from arbiter.solver.realms.advise import advise
from self_interested import exactness


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="0,1,2", help="deal seeds (the samples' seed is 0)")
    ap.add_argument("--tricks", default="2,3", help="horizons")
    ap.add_argument("--timeout", type=float, default=900.0, help="wall seconds a run may take")
    args = ap.parse_args()
    bench.header("realms_maxn.py", args, seeds=f"deals {args.seeds}, samples 0")
    print("| deal seed | tricks | shallow | deals | values exact | mean width | nodes | CPU s | stopped | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    saved = maxn.SHALLOW
    try:
        for tricks in map(int, args.tricks.split(",")):
            for seed in map(int, args.seeds.split(",")):
                for on in (False, True):
                    maxn.SHALLOW = on
                    cpu = time.process_time()
                    got = advise(realms_view(realms_deal(3, seed)), tricks=tricks, samples=30, seed=0,
                                 stop_early=False, timeout=args.timeout, self_interested=True)
                    cpu = time.process_time() - cpu
                    exact, width = exactness(got)
                    print(f"| {seed} | {tricks} | {'on' if on else 'off (base)'} | {got.deals} | {exact} | {width} | "
                          f"{got.nodes} | {cpu:.1f} | {got.stopped or '-'} | "
                          f"{bench.load().split(' (')[0].replace('load average ', '')} |", flush=True)
    finally:
        maxn.SHALLOW = saved
    bench.footer()


if __name__ == "__main__":
    main()
