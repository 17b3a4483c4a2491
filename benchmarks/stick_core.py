"""Stick to Colours: how many cards left (deck and market) each search solves in 10 s of CPU, per player
count (issue 26's target: two more than the Python search). Seeded endgames (a game of random
decisions up to the first position with at most SIZE cards left, as ``stick_solve.py``), each solved in
full by ``solve`` (every decision's margin and the principal line) with the Python search (the
baseline: the search as it was before the compiled core) and with the compiled core, taken in turns
(A, B, A, B; ``bench.py``), both with the same limit; the answers and node counts must agree wherever
both finish. A size counts as solved by an engine when every seed's endgame of it is solved within
the limit of CPU seconds; an engine stops at its first size that is not. The searches' own timeout is
wall-clock, so each gets ``--wall`` times the limit in wall seconds (a loaded machine stretches wall
time) and counts as solved only within the limit in CPU seconds.

    python benchmarks/stick_core.py [--seed 0 | --fresh] [--seeds 3] [--reps 1] [--players 2,3,4]
        [--sizes 3-12] [--limit 10] [--wall 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys

import bench
from arbiter.solver.stick_to_colours import core, solve
from stick_solve import endgame

sys.setrecursionlimit(100_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_arguments(parser, reps=1)
    parser.add_argument("--seeds", type=int, default=3, help="endgames per size and player count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--sizes", default="3-12", help="cards left, as LOW-HIGH")
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds each search gets per endgame")
    parser.add_argument("--wall", type=float, default=4.0, help="wall seconds allowed, in limits (a loaded machine)")
    args = parser.parse_args()
    if core.MISSING:
        raise SystemExit(f"stick_core.py: {core.MISSING}")
    first = bench.first_seed(args)
    low, _, high = args.sizes.partition("-")
    sizes = range(int(low), int(high or low) + 1)
    bench.header("stick_core.py", args, f"{first}..{first + args.seeds - 1}")
    largest: dict[int, dict[str, int]] = {}
    for players in map(int, args.players.split(",")):
        print(f"\n### {players} players (limit {args.limit:g} s of CPU per endgame)\n")
        print("| cards left | engine | solved | CPU s (median of seeds) | CPU s (worst) | nodes (median) "
              "| python / c, CPU (median) |\n|---:|---|---:|---:|---:|---:|---:|")
        best = largest[players] = {"python": 0, "c": 0}
        live = {"python", "c"}
        for size in sizes:
            if not live:
                break
            positions = [p for p in (endgame(players, first + s, size) for s in range(args.seeds)) if not p.is_over]
            rows = {e: [] for e in live}
            for pos in positions:
                cases = {e: (lambda e=e, pos=pos: solve(pos, timeout=args.limit * args.wall, engine=e)) for e in sorted(live)}
                timings = bench.interleaved(cases, args.reps)
                done = {e: t.result for e, t in timings.items()}
                if len(done) == 2 and all(r.solved for r in done.values()):  # both finished: the same answer
                    a, b = done["python"], done["c"]
                    assert (a.margin, a.nodes, a.line) == (b.margin, b.nodes, b.line), f"{players}p {size}: differ"
                for e, t in timings.items():
                    rows[e].append((t, done[e]))
            ratios = []
            if len(rows) == 2:
                ratios = [bench.ratio(a, b) for (a, ra), (b, rb) in zip(rows["python"], rows["c"], strict=True)
                          if ra.solved and rb.solved]
            for e in sorted(rows):
                got = rows[e]
                solved = sum(r.solved and t.cpu <= args.limit for t, r in got)  # one run each unless --reps
                cpus = [t.cpu for t, _ in got]
                shown = f"{statistics.median(ratios):.0f}x" if ratios and e == "c" else ""
                print(f"| {size} | {e} | {solved}/{len(got)} | {statistics.median(cpus):.3f} | {max(cpus):.3f} | "
                      f"{statistics.median(r.nodes for _, r in got):.0f} | {shown} |", flush=True)
                if solved == len(got):
                    best[e] = size
                else:
                    live.discard(e)
    print("\n| players | cards left solved, Python search | compiled core |\n|---:|---:|---:|")
    for players, best in largest.items():
        print(f"| {players} | {best['python']} | {best['c']} |")
    bench.footer()


if __name__ == "__main__":
    main()
