"""CPU seconds of ``advise --self-interested`` on large views (issue 27): a Red7 3-player first turn
(200 and 30 sampled deals), a Realms 3-player first trick with a horizon of two tricks and a Stick to
Colours 4-player first turn, each under a wall-clock ``--timeout`` (an answer that does not finish
says how many deals it did). Prints one line per case: CPU, wall, deals done, deals bounded (some
decision's value a sure range instead of a point: solver/maxn.py's node bound, where the code has
one), the share of the (decision, deal) values that are exact, the mean width of a decision's range
over the deals (hi - lo of the self-interested value, 0 where exact), what stopped it.
Run it on the code before a change (PYTHONPATH pointing at a copy) and after, in the same run.

    python benchmarks/self_interested.py [--timeout 600] [--only red7-200,red7-30,realms-2,stick-4]
"""

from __future__ import annotations

import argparse
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

# (view, library call, sampled deals); every case seeded: the deal with seed 1, the samples with seed 0
CASES = {
    "red7-200": (lambda: red7_view(red7_deal(3, 1)), red7_advise, 200, {}),
    "red7-30": (lambda: red7_view(red7_deal(3, 1)), red7_advise, 30, {}),
    "realms-2": (lambda: realms_view(realms_deal(3, 1)), realms_advise, 30, {"tricks": 2}),
    "stick-4": (lambda: start_view(stick_deal(4, 1)), stick_advise, 30, {}),
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
    args = ap.parse_args()
    bench.header("self_interested.py", args, seeds="deal 1, samples 0")
    print("| case | deals asked | CPU s | wall s | deals done | bounded | values exact | mean width | stopped | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        make, advise, samples, options = CASES[name]
        view = make()
        cpu, wall = time.process_time(), time.perf_counter()
        advice = advise(view, samples=samples, seed=0, stop_early=False, timeout=args.timeout,
                        self_interested=True, **options)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        bounded = getattr(advice, "bounded", "-")
        exact, width = exactness(advice)
        print(f"| {name} | {samples} | {cpu:.1f} | {wall:.1f} | {advice.deals} | {bounded} | {exact} | {width} | "
              f"{advice.stopped or '-'} | {bench.load().split(' (')[0].replace('load average ', '')} |", flush=True)
    bench.footer()


if __name__ == "__main__":
    main()
