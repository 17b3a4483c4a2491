"""How many self-interested (max-n) values end exact within the node limits (issue 27): ``advise
--self-interested`` on the cases of benchmarks/self_interested.py, each run with the search's switches
off (the base) and on, in turns in the same run. Prints one line per run: the share of the (decision,
deal) values that are exact, the mean width of a decision's range (0 where exact), CPU seconds.
Node-bounded, so the shares and widths do not depend on the load (a ``--timeout`` that stops a run
says so); CPU seconds do.

The switches: ``maxn.SHALLOW`` (shallow pruning by the games' ``pair_max``) and
``red7.advise.CORE_TWO_IN`` (the compiled core's max-n shortcuts with players out of the round).

    python benchmarks/defence_limit.py [--only red7-30,red7-200,stick-4] [--timeout 900] [--deal-seed 1] [--sample-seed 0]
"""

from __future__ import annotations

import argparse
import time

import bench
from arbiter.solver import maxn
from arbiter.solver.red7 import advise as red7_advise
from self_interested import CASES, exactness

SWITCHES = ((maxn, "SHALLOW"), (red7_advise, "CORE_TWO_IN"))


def run(name: str, on: bool, timeout: float, deal_seed: int = 1, sample_seed: int = 0) -> str:
    make, advise, samples, options = CASES[name]
    saved = [getattr(module, attr) for module, attr in SWITCHES]
    for module, attr in SWITCHES:
        setattr(module, attr, on)
    try:
        cpu = time.process_time()
        advice = advise(make(deal_seed), samples=samples, seed=sample_seed, stop_early=False, timeout=timeout, self_interested=True,
                        **options)
        cpu = time.process_time() - cpu
    finally:
        for (module, attr), value in zip(SWITCHES, saved, strict=True):
            setattr(module, attr, value)
    exact, width = exactness(advice)
    return (f"| {name} | {'on' if on else 'off (base)'} | {advice.deals} | {exact} | {width} | {cpu:.1f} | "
            f"{advice.stopped or '-'} | {bench.load().split(' (')[0].replace('load average ', '')} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=900.0, help="wall seconds a run may take (advise's timeout)")
    ap.add_argument("--only", default="red7-30,red7-200,stick-4", help=f"comma-separated cases of {', '.join(CASES)}")
    ap.add_argument("--deal-seed", type=int, default=1, help="seed of each case's deal (default 1)")
    ap.add_argument("--sample-seed", type=int, default=0, help="seed of the sampled deals (default 0)")
    args = ap.parse_args()
    args.seed = args.deal_seed  # bench.header prints the seeds of a run that has one
    bench.header("defence_limit.py", args, seeds=f"deal {args.deal_seed}, samples {args.sample_seed}")
    print("| case | switches | deals | values exact | mean width | CPU s | stopped | load |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        for on in (False, True):
            print(run(name, on, args.timeout, args.deal_seed, args.sample_seed), flush=True)
    bench.footer()


if __name__ == "__main__":
    main()
