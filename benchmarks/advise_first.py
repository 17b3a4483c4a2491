"""``advise`` on a 2-player first turn with 200 sampled deals, Basic and Actions (issue 26's targets:
under 0.5 s of CPU for Basic, under 3 s for Actions), seeded deals (``--seed``/``--fresh``). Cases,
taken in turns (A, B, A, B; ``bench.py``):

- ``advise``, in this process (the deals solved in the core, in pieces, one call per piece);
- ``arbiter advise VIEW --samples 200 --json`` as a whole process (start-up included);
- the plain baseline: one ``solve(child, full=False)`` per first turn of each of the same 200 deals,
  a fresh table each (the engine ``solve`` picks), in this process.

    python benchmarks/advise_first.py [--seed 1 | --fresh] [--deals 3] [--reps 3] [--samples 200]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys

import bench
from arbiter.model.red7.game import deal, successors
from arbiter.model.red7.ruleset import ACTIONS, BASIC
from arbiter.model.red7.view import View, view_of, view_to_json
from arbiter.solver.red7 import solve
from arbiter.solver.red7.advise import advise


def baseline(view: View, samples: int, seed: int) -> int:
    """One ``solve(child, full=False)`` per first turn of each of ``samples`` deals of ``view``; the deals solved."""
    rng = random.Random(seed)
    for _ in range(samples):
        for _, child in successors(view.sample(rng)):
            solve(child, full=False)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_arguments(parser, seed=1, reps=3)
    parser.add_argument("--deals", type=int, default=3, help="first turns (deals) per ruleset")
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    first = bench.first_seed(args)
    bench.header("advise_first.py", args, f"{first}..{first + args.deals - 1}")
    exe = shutil.which("arbiter") or sys.exit("advise_first.py: no arbiter command on PATH")
    for name, rs, aim in (("Basic", BASIC, 0.5), ("Actions", ACTIONS, 3.0)):
        print(f"\n### 2 players, {name}, first turn, {args.samples} sampled deals (aim < {aim:g} s CPU)\n")
        worst = 0.0
        for seed in range(first, first + args.deals):
            view = view_of(deal(2, seed, rs))
            text = json.dumps(view_to_json(view))
            cases = {
                "advise (in process)": lambda v=view: advise(v, samples=args.samples, seed=0, auto_exact=False,
                                                             stop_early=False),
                "`arbiter advise --json` (process)": lambda t=text: bench.child(
                    [exe, "advise", t, "--samples", str(args.samples), "--json"]),
                "baseline: solve per first turn per deal": lambda v=view: baseline(v, args.samples, 0),
            }
            t = bench.interleaved(cases, args.reps)
            a = t["advise (in process)"].result
            assert a.deals == args.samples, f"seed {seed}: {a.deals} deals"
            worst = max(worst, t["`arbiter advise --json` (process)"].cpu, t["advise (in process)"].cpu)
            print(f"deal seed {seed}: {a.deals} deals\n")
            print(bench.table(t, "baseline: solve per first turn per deal"), flush=True)
            print()
        print(f"worst CPU over the {args.deals} deals (in process or whole process): {worst:.3f} s: "
              f"{'met' if worst < aim else 'NOT met'} (aim < {aim:g} s)")
    bench.footer()


if __name__ == "__main__":
    main()
