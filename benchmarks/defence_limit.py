"""How many self-interested (max-n) values end exact within the node limits (issue 27): ``advise
--self-interested`` on the cases of benchmarks/self_interested.py, each run with the search's switches
off (the base) and on, in turns in the same run. Prints one line per run: the share of the (decision,
deal) values that are exact, the mean width of a decision's range (0 where exact), CPU seconds.
Node-bounded, so the shares and widths do not depend on the load (a ``--timeout`` that stops a run
says so); CPU seconds do.

The switches: ``maxn.SHALLOW`` (shallow pruning by the games' ``pair_max``) and
``red7.advise.CORE_TWO_IN`` (the compiled core's max-n shortcuts with players out of the round).

    python benchmarks/defence_limit.py [--only red7-30,red7-200,stick-4] [--timeout 900]
"""

from __future__ import annotations

import argparse
import time

import bench
from arbiter.solver import maxn
from arbiter.solver.red7 import advise as red7_advise
from self_interested import CASES, exactness

SWITCHES = ((maxn, "SHALLOW"), (red7_advise, "CORE_TWO_IN"))


def run(name: str, on: bool, timeout: float) -> str:
    make, advise, samples, options = CASES[name]
    saved = [getattr(module, attr) for module, attr in SWITCHES]
    for module, attr in SWITCHES:
        setattr(module, attr, on)
    try:
        cpu = time.process_time()
        advice = advise(make(), samples=samples, seed=0, stop_early=False, timeout=timeout, self_interested=True,
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
    args = ap.parse_args()
    bench.header("defence_limit.py", args, seeds="deal 1, samples 0")
    print("| case | switches | deals | values exact | mean width | CPU s | stopped | load |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        for on in (False, True):
            print(run(name, on, args.timeout), flush=True)
    bench.footer()


if __name__ == "__main__":
    main()
