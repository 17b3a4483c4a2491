"""CPU seconds of ``advise --self-interested`` on large views (issue 27): a Red7 3-player first turn
(200 and 30 sampled deals), a Realms 3-player first trick with a horizon of two tricks and a Stick to
Colours 4-player first turn, each under a wall-clock ``--timeout`` (an answer that does not finish
says how many deals it did). Prints one line per case: CPU, wall, deals done, deals bounded (some
decision's value a sure range instead of a point: solver/maxn.py's node bound, where the code has
one), the share of the (decision, deal) values that are exact, the mean width of a decision's range
over the deals (hi - lo of the self-interested value, 0 where exact), what stopped it.
Run it on the code before a change (PYTHONPATH pointing at a copy) and after, in the same run.

    python benchmarks/self_interested.py [--timeout 600] [--only red7-200,red7-30,realms-2,stick-4]
        [--deal-seed 1] [--sample-seed 0] [--fresh]

``--fresh`` draws both seeds at random (printed in the first line, so the run can be repeated).
"""

from __future__ import annotations

import argparse
import random
import time

import bench
from arbiter.model.realms.game import deal as realms_deal
from arbiter.model.realms.view import view_of as realms_view
from arbiter.model.red7.game import deal as red7_deal
from arbiter.model.red7.view import view_of as red7_view
from arbiter.model.stick_to_colours import deal as stick_deal
from arbiter.model.stick_to_colours.view import start_view
from arbiter.solver.realms.advise import advise as realms_advise
from arbiter.solver.red7.advise import advise as red7_advise
from arbiter.solver.stick_to_colours.advise import advise as stick_advise

# (view of the deal with a seed, library call, sampled deals); the samples drawn with --sample-seed
CASES = {
    "red7-200": (lambda seed: red7_view(red7_deal(3, seed)), red7_advise, 200, {}),
    "red7-30": (lambda seed: red7_view(red7_deal(3, seed)), red7_advise, 30, {}),
    "realms-2": (lambda seed: realms_view(realms_deal(3, seed)), realms_advise, 30, {"tricks": 2}),
    "stick-4": (lambda seed: start_view(stick_deal(4, seed)), stick_advise, 30, {}),
}


def exactness(advice) -> tuple[str, str]:
    """The share of (decision, deal) values of the ranking measure that are exact, and the mean over
    decisions of the width of the sure range of their mean (= the mean width over deals)."""
    moves = [m for m in advice.moves if m.deals]
    if not moves:
        return "-", "-"
    values = sum(m.deals for m in moves)
    bounded = sum(m.bounded_deals(0) for m in moves)
    width = sum(m.range_of(0)[1] - m.range_of(0)[0] for m in moves) / len(moves)
    return f"{1 - bounded / values:.1%}", f"{width:.3f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=600.0, help="wall seconds a case may take (advise's timeout)")
    ap.add_argument("--only", default=",".join(CASES), help="comma-separated cases")
    ap.add_argument("--deal-seed", type=int, default=1, help="seed of each case's deal (default 1)")
    ap.add_argument("--sample-seed", type=int, default=0, help="seed of the sampled deals (default 0)")
    ap.add_argument("--fresh", action="store_true", help="both seeds at random, printed: deals nobody tuned on")
    args = ap.parse_args()
    if args.fresh:
        rng = random.SystemRandom()
        args.deal_seed, args.sample_seed = rng.randrange(10**6, 10**9), rng.randrange(10**6, 10**9)
    args.seed = args.deal_seed  # bench.header prints the seeds of a run that has one
    bench.header("self_interested.py", args, seeds=f"deal {args.deal_seed}, samples {args.sample_seed}")
    print("| case | deals asked | CPU s | wall s | deals done | bounded | values exact | mean width | stopped | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        make, advise, samples, options = CASES[name]
        view = make(args.deal_seed)
        cpu, wall = time.process_time(), time.perf_counter()
        advice = advise(view, samples=samples, seed=args.sample_seed, stop_early=False, timeout=args.timeout,
                        self_interested=True, **options)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        bounded = getattr(advice, "bounded", "-")
        exact, width = exactness(advice)
        print(f"| {name} | {samples} | {cpu:.1f} | {wall:.1f} | {advice.deals} | {bounded} | {exact} | {width} | "
              f"{advice.stopped or '-'} | {bench.load().split(' (')[0].replace('load average ', '')} |", flush=True)
    bench.footer()


if __name__ == "__main__":
    main()
