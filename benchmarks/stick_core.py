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

``--engines`` picks the searches (``python``, ``c``; default both) and ``--base-core FILE`` adds the engine
``base``: the compiled core built from an earlier commit (the ``.so`` file of its build, taking the same
arguments), run with that commit's table size (``--base-table``, default 1 << 20, the size before issue
26's second round), so a change of the core is measured against what it was in the same run; the
ratio column is then base / c, else python / c. A core from before the tight bounds takes 8 flags:
``--base-flags 8`` (its ``solve`` then runs with ``tight=False``, as it did).

    python benchmarks/stick_core.py [--seed 0 | --fresh] [--seeds 3] [--reps 1] [--players 2,3,4]
        [--sizes 3-12] [--limit 10] [--wall 4] [--engines python,c] [--base-core FILE [--base-table N]
        [--base-flags 8]]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
from contextlib import contextmanager

import bench
from arbiter.solver.stick_to_colours import core, solve
from stick_solve import endgame

sys.setrecursionlimit(100_000)


def load_core(path: str):
    """The compiled core module in the file ``path`` (an earlier build), loaded beside the current one."""
    spec = importlib.util.spec_from_file_location("_stickcore", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"stick_core.py: no compiled core in {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def core_module(module, flags: int):
    """``solve(engine="c")`` runs on ``module`` while inside, given the first ``flags`` of the game's flags
    (a core from before a flag was added takes fewer)."""
    was, was_flags = core._stickcore, core._flags
    core._stickcore = module
    core._flags = lambda game: was_flags(game)[:flags]
    try:
        yield
    finally:
        core._stickcore, core._flags = was, was_flags


def solver(engine: str, pos, args, base):
    """The case of one engine on one endgame: a full ``solve`` within the wall limit."""
    timeout = args.limit * args.wall
    if engine == "base":
        def run():
            with core_module(base, args.base_flags):
                return solve(pos, timeout=timeout, engine="c", table_size=args.base_table,
                             tight=args.base_flags > 8)
        return run
    return lambda: solve(pos, timeout=timeout, engine=engine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_arguments(parser, reps=1)
    parser.add_argument("--seeds", type=int, default=3, help="endgames per size and player count")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--sizes", default="3-12", help="cards left, as LOW-HIGH")
    parser.add_argument("--limit", type=float, default=10.0, help="CPU seconds each search gets per endgame")
    parser.add_argument("--wall", type=float, default=4.0, help="wall seconds allowed, in limits (a loaded machine)")
    parser.add_argument("--engines", default="python,c", help="searches to run: python, c (comma-separated)")
    parser.add_argument("--base-core", help="an earlier build's compiled core (.so), run as the engine 'base'")
    parser.add_argument("--base-table", type=int, default=1 << 20, help="the table size the base core gets")
    parser.add_argument("--base-flags", type=int, default=9,
                        help="the flags the base core takes: 8 before the tight bounds (then solve(tight=False))")
    args = parser.parse_args()
    if core.MISSING:
        raise SystemExit(f"stick_core.py: {core.MISSING}")
    engines = [e for e in args.engines.split(",") if e]
    if not engines or any(e not in ("python", "c") for e in engines):
        raise SystemExit(f"stick_core.py: --engines takes python and c, got {args.engines!r}")
    base = None
    if args.base_core:
        base = load_core(args.base_core)
        engines.append("base")
    reference = "base" if base is not None else "python"
    first = bench.first_seed(args)
    low, _, high = args.sizes.partition("-")
    sizes = range(int(low), int(high or low) + 1)
    bench.header("stick_core.py", args, f"{first}..{first + args.seeds - 1}")
    largest: dict[int, dict[str, int]] = {}
    for players in map(int, args.players.split(",")):
        print(f"\n### {players} players (limit {args.limit:g} s of CPU per endgame)\n")
        print("| cards left | engine | solved | CPU s (median of seeds) | CPU s (worst) | nodes (median) "
              f"| {reference} / c, CPU (median) |\n|---:|---|---:|---:|---:|---:|---:|")
        best = largest[players] = dict.fromkeys(engines, 0)
        live = set(engines)
        for size in sizes:
            if not live:
                break
            positions = [p for p in (endgame(players, first + s, size) for s in range(args.seeds)) if not p.is_over]
            rows = {e: [] for e in live}
            for pos in positions:
                cases = {e: solver(e, pos, args, base) for e in sorted(live)}
                timings = bench.interleaved(cases, args.reps)
                done = {e: t.result for e, t in timings.items()}
                solved = [r for r in done.values() if r.solved]  # the engines that finished: the same answer
                assert len({(r.margin, tuple(r.line), tuple((m.move, m.margin) for m in r.moves))
                            for r in solved}) <= 1, f"{players}p {size}: the engines differ"
                if "python" in done and "c" in done and done["python"].solved and done["c"].solved:
                    assert done["python"].nodes == done["c"].nodes, f"{players}p {size}: node counts differ"
                for e, t in timings.items():
                    rows[e].append((t, done[e]))
            ratios = []
            if reference in rows and "c" in rows:
                ratios = [bench.ratio(a, b) for (a, ra), (b, rb) in zip(rows[reference], rows["c"], strict=True)
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
    names = {"python": "Python search", "c": "compiled core", "base": "base core"}
    print("\n| players | " + " | ".join(f"cards left solved, {names[e]}" for e in engines) + " |\n|---:|"
          + "---:|" * len(engines))
    for players, best in largest.items():
        print(f"| {players} | " + " | ".join(str(best[e]) for e in engines) + " |")
    bench.footer()


if __name__ == "__main__":
    main()
