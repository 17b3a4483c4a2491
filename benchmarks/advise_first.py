"""``advise`` on a 2-player first turn with 200 sampled deals, Basic and Actions (issue 26's targets:
under 0.5 s of CPU for Basic, under 3 s for Actions), seeded deals (``--seed``/``--fresh``). Cases,
taken in turns (A, B, A, B; ``bench.py``):

- ``advise``, in this process (the deals solved in the core, in pieces, one call per piece);
- ``arbiter advise VIEW --samples 200 --json`` as a whole process (start-up included);
- with ``--base PYTHON`` (the interpreter of another checkout, e.g. main's, built): that checkout's
  ``advise`` in its own process, timed there around the call (in process), and its ``arbiter advise
  --json`` as a whole process; its shares must equal this checkout's (the same deals, the same answer);
- with ``--plain``, the plain baseline: one ``solve(child, full=False)`` per first turn of each of the
  same 200 deals, a fresh table each (the engine ``solve`` picks), in this process.

``--rulesets basic`` (or ``actions``) runs one of the two; ``--in-process`` leaves out the whole processes.

    python benchmarks/advise_first.py [--seed 1 | --fresh] [--deals 3] [--reps 3] [--samples 200]
        [--base ../main/.venv/bin/python] [--plain] [--rulesets basic,actions] [--in-process]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

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


# Run by ``--base``'s interpreter: its advise on the same view, timed around the call.
IN_BASE = """
import json, sys, time
from arbiter.model.red7.game import deal
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.view import view_of
from arbiter.solver.red7.advise import advise
players, seed, preset, samples = json.loads(sys.argv[1])
view = view_of(deal(players, seed, Ruleset.parse(preset)))
cpu, wall = time.process_time(), time.perf_counter()
a = advise(view, samples=samples, seed=0, auto_exact=False, stop_early=False)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "shares": {m.text: m.wins for m in a.moves}}))
"""


def in_base(python: str, seed: int, preset: str, samples: int) -> bench.Run:
    """``--base``'s advise on the view of ``seed``, timed in its process around the call."""
    out = subprocess.run([python, "-c", IN_BASE, json.dumps([2, seed, preset, samples])], capture_output=True,
                         text=True, check=False, cwd=os.path.dirname(os.path.dirname(python)) or None)
    if out.returncode:
        raise SystemExit(f"--base {python} failed: {out.stderr.strip()[-400:]}")
    got = json.loads(out.stdout)
    return bench.Run(got["cpu"], got["wall"], got["shares"])


def shares(advice) -> dict[str, float]:
    return {m.text: m.wins for m in advice.moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_arguments(parser, seed=1, reps=3)
    parser.add_argument("--deals", type=int, default=3, help="first turns (deals) per ruleset")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--base", help="the Python of another checkout (built) whose advise is the baseline")
    parser.add_argument("--plain", action="store_true", help="also the plain baseline (one solve per first turn)")
    parser.add_argument("--rulesets", default="basic,actions", help="basic, actions or both (default)")
    parser.add_argument("--in-process", action="store_true", help="leave out the whole-process cases")
    args = parser.parse_args()
    first = bench.first_seed(args)
    bench.header("advise_first.py", args, f"{first}..{first + args.deals - 1}")
    exe = shutil.which("arbiter") or sys.exit("advise_first.py: no arbiter command on PATH")
    wanted = args.rulesets.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        run(args, first, exe, wanted, bench.cached_bytecode(tmp))
    bench.footer()


def run(args: argparse.Namespace, first: int, exe: str, wanted: list[str], env: dict[str, str]) -> None:
    """Every ruleset asked for; the whole processes read their bytecode from the cache in ``env``
    (filled by one warm-up run of each command), as an installed copy does."""
    warm: set[str] = set()
    for name, rs, aim in (("Basic", BASIC, 0.5), ("Actions", ACTIONS, 3.0)):
        if name.lower() not in wanted:
            continue
        preset = name.lower()
        print(f"\n### 2 players, {name}, first turn, {args.samples} sampled deals (aim < {aim:g} s CPU)\n")
        worst = 0.0
        for seed in range(first, first + args.deals):
            view = view_of(deal(2, seed, rs))
            text = json.dumps(view_to_json(view))
            command = ["advise", text, "--samples", str(args.samples), "--json"]
            cases = {"advise (in process)": lambda v=view: advise(v, samples=args.samples, seed=0, auto_exact=False,
                                                                  stop_early=False)}
            if not args.in_process:
                cases["`arbiter advise --json` (process)"] = lambda c=command: bench.child([exe, *c], env=env)
            if args.base:
                base_exe = os.path.join(os.path.dirname(args.base), "arbiter")
                cases["base: advise (in process)"] = lambda s=seed, p=preset: in_base(args.base, s, p, args.samples)
                if not args.in_process:
                    cases["base: `arbiter advise --json` (process)"] = lambda c=command, b=base_exe: bench.child(
                        [b, *c], env=env)
            if args.plain:
                cases["baseline: solve per first turn per deal"] = lambda v=view: baseline(v, args.samples, 0)
            for e in [exe] + ([os.path.join(os.path.dirname(args.base), "arbiter")] if args.base else []):
                if e not in warm and not args.in_process:  # fills the bytecode cache
                    bench.child([e, *command], env=env)
                    warm.add(e)
            t = bench.interleaved(cases, args.reps)
            a = t["advise (in process)"].result
            assert a.deals == args.samples, f"seed {seed}: {a.deals} deals"
            if args.base:
                assert t["base: advise (in process)"].result == shares(a), f"seed {seed}: the base answers otherwise"
            worst = max([worst] + [t[k].cpu for k in t if not k.startswith(("base", "baseline"))])
            same = " (the base's shares equal)" if args.base else ""
            print(f"deal seed {seed}: {a.deals} deals, {a.nodes} nodes{same}\n")
            if args.base:  # each against the base's same kind of run
                for kind in ("(in process)", "(process)"):
                    part = {k: v for k, v in t.items() if k.endswith(kind)}
                    if part:
                        print(bench.table(part, next(k for k in part if k.startswith("base"))), flush=True)
                        print()
                if args.plain:
                    print(bench.table({k: v for k, v in t.items() if not k.startswith("base:")},
                                      "baseline: solve per first turn per deal"), flush=True)
            else:
                print(bench.table(t, "baseline: solve per first turn per deal" if args.plain else None), flush=True)
            print()
        print(f"worst CPU over the {args.deals} deals (in process or whole process): {worst:.3f} s: "
              f"{'met' if worst < aim else 'NOT met'} (aim < {aim:g} s)")


if __name__ == "__main__":
    main()
