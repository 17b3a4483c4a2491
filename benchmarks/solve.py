"""Benchmark of the Red7 endgame solver (seeded), against the plain memoised minimax over the
reference rules (winner only, the first winning turn cuts: ``solver.red7.reference.memo_forces``)
measured in the same run, the cases interleaved (``bench.py``). Sections (all by default):

- ``batch``: 2-player full Basic deals (seeds SEED.. SEED+11), ``arbiter solve --batch --json`` (full
  answers) as a whole process against a whole process running the baseline on the same file, and
  ``solve()`` in this process against the baseline's own CPU time for its searches; the children
  read their modules' bytecode from a cache, as an installed package does; ``python -c pass`` beside;
- ``three``: 3-player deals keeping 6 of each 7-card hand, Basic, in process (``full=False``);
- ``actions``: 2-player full Actions deals with a known deck (``full=False``);
- ``many``: 3- and 4-player full deals (7 cards), Basic and Actions (``full=False``; ``--rulesets``
  picks), each deal's CPU seconds against the 1 s aim, with peak traced memory.

With ``--base PYTHON`` (the interpreter of another checkout, built: e.g. the code before a change)
the sections ``actions`` and ``many`` also run that checkout's ``solve`` on each deal in its own
process, timed there around the call, interleaved with this checkout's: old core against new in the
same run (its nodes are shown beside this checkout's; they differ only where the search's order did).

A baseline run is cut after ``--cap`` seconds (the ratio is then a lower bound, shown with ">").

    python benchmarks/solve.py [--sections batch,three,actions,many] [--seed 0 | --fresh] [--reps 3]
        [--deals 12] [--cap 120] [--pure-python] [--rulesets basic,actions] [--base PYTHON]

``--game realms`` runs the Realms part instead (``benchmarks/solve_realms.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from random import Random

import bench
import solve_realms
from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.model.red7.ruleset import ACTIONS, Ruleset
from arbiter.solver.red7 import reference, solve

sys.setrecursionlimit(100_000)


class OutOfTime(Exception):
    pass


class CappedMemo(dict):
    """A memo table that stops the baseline once it has run ``seconds`` of CPU."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.process_time() + seconds

    def __setitem__(self, key, value) -> None:
        if len(self) % 1024 == 0 and time.process_time() > self.deadline:
            raise OutOfTime
        super().__setitem__(key, value)


def baseline(pos: Position, cap: float) -> tuple[int | None | str, float]:
    """(forced winner, None when nobody forces it, or "cut" when capped; CPU seconds)."""
    start = time.process_time()
    memo = CappedMemo(cap)
    try:
        winner = next((p for p in pos.in_play if reference.memo_forces(pos, p, memo)), None)
    except OutOfTime:
        winner = "cut"
    return winner, time.process_time() - start


def smaller_hands(players: int, size: int, seed: int) -> Position:
    """A seeded deal with ``size`` of each player's 7 hand cards kept."""
    pos = deal(players, seed)
    rng = Random(seed)
    hands = []
    for h in pos.hands:
        cards = [c for c in range(49) if h >> c & 1]
        hands.append(sum(1 << c for c in rng.sample(cards, size)))
    return Position(pos.rule, pos.to_move, tuple(hands), pos.palettes, 0, pos.deck, pos.ruleset)


def _seeds(args: argparse.Namespace, count: int) -> list[int]:
    return list(range(args.seed, args.seed + count))


def _cut(runs: list[bench.Run]) -> bool:
    return any(line["winner"] == "cut" for r in runs for line in r.result)


def batch(args: argparse.Namespace) -> None:
    seeds = _seeds(args, args.deals)
    positions = [deal(2, s) for s in seeds]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deals.jsonl"
        path.write_text("".join(json.dumps(position_to_json(p)) + "\n" for p in positions), encoding="utf-8")
        env = bench.cached_bytecode(tmp)
        arbiter = [sys.executable, "-m", "arbiter.cli", "solve", "--batch", str(path), "--json"]
        bench.child(arbiter, env=env)  # fills the bytecode cache
        bench.child([sys.executable, __file__, "--baseline-batch", str(path), "--cap", "0.01"], env=env)

        def baseline_process() -> bench.Run:
            run = bench.child([sys.executable, __file__, "--baseline-batch", str(path), "--cap", str(args.cap)], env=env)
            run.result = [json.loads(line) for line in run.result.splitlines()]
            return run

        def in_process() -> list:
            return [solve(p) for p in positions]

        cases = {
            "baseline process (memo_forces)": baseline_process,
            "`arbiter solve --batch --json`, C core": lambda: bench.child(arbiter, env=env),
            "`solve()` in this process, C core": in_process,
            "`python -c pass`": lambda: bench.child([sys.executable, "-c", "pass"], env=env),
            "`python -c 'import arbiter.cli.solve'`": lambda: bench.child(
                [sys.executable, "-c", "import arbiter.cli.solve"], env=env),
        }
        if args.pure_python:
            cases["the same batch, ARBITER_PURE_PYTHON=1"] = lambda: bench.child(
                arbiter, env={**env, "ARBITER_PURE_PYTHON": "1"})
        t = bench.interleaved(cases, args.reps)
    base_runs = t["baseline process (memo_forces)"].runs
    c = [json.loads(line) for line in t["`arbiter solve --batch --json`, C core"].result.splitlines()]
    mine = t["`solve()` in this process, C core"].result
    assert [r["engine"] for r in c] == ["c"] * len(seeds)
    for k, seed in enumerate(seeds):
        assert c[k]["winner"] == mine[k].winner and c[k]["nodes"] == mine[k].nodes, f"seed {seed}: runs differ"
        for r in base_runs:
            assert r.result[k]["winner"] in ("cut", c[k]["winner"]), f"seed {seed}: baseline {r.result[k]['winner']}"
    if args.pure_python:
        py = [json.loads(line) for line in t["the same batch, ARBITER_PURE_PYTHON=1"].result.splitlines()]
        for k, seed in enumerate(seeds):
            assert py[k]["engine"] == "python" and (py[k]["winner"], py[k]["nodes"]) == (c[k]["winner"], c[k]["nodes"]), \
                f"seed {seed}: engines differ"
    cut = _cut(base_runs)
    note = " (at least: a baseline run was cut)" if cut else ""
    print(f"\n## 2 players, full Basic deals (seeds {seeds[0]}..{seeds[-1]}), full answers\n")
    print(bench.table(t, "baseline process (memo_forces)", " (at least)" if cut else ""))
    searched = statistics.median(sum(line["cpu"] for line in r.result) for r in base_runs)
    inproc = t["`solve()` in this process, C core"].cpu
    print(f"\nIn process: the baseline's searches alone take {searched:.2f} s of CPU (median), `solve()` "
          f"{inproc:.4f} s: **{searched / inproc:.0f}x**{note}. Whole process: "
          f"**{bench.ratio(t['baseline process (memo_forces)'], t['`arbiter solve --batch --json`, C core']):.0f}x**{note}.")
    print("\n| seed | winner | nodes (full answer) | C s in process | baseline CPU s (median) |")
    print("|---:|---:|---:|---:|---:|")
    for k, seed in enumerate(seeds):
        b = statistics.median(r.result[k]["cpu"] for r in base_runs)
        shown = f">{b:.1f} (cut)" if any(r.result[k]["winner"] == "cut" for r in base_runs) else f"{b:.2f}"
        print(f"| {seed} | {c[k]['winner']} | {c[k]['nodes']} | {c[k]['seconds']:.4f} | {shown} |")


def baseline_batch(path: str, cap: float) -> None:
    """The baseline process: one JSON line (winner, CPU seconds) per position of ``path``."""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        winner, cpu = baseline(position_from_json(json.loads(line)), cap)
        print(json.dumps({"winner": winner, "cpu": cpu}), flush=True)


# Run by ``--base``'s interpreter: its solve of one deal, timed around the call.
IN_BASE = """
import json, sys, time
from arbiter.model.red7.game import deal
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver.red7 import solve
players, seed, preset, limit = json.loads(sys.argv[1])
pos = deal(players, seed, Ruleset.parse(preset))
cpu, wall = time.process_time(), time.perf_counter()
r = solve(pos, full=False, timeout=limit, engine="c")
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "result": r.result, "winner": r.winner, "nodes": r.nodes}))
"""


def in_base(python: str, players: int, seed: int, preset: str, limit: float | None) -> bench.Run:
    """``--base``'s solve of the deal (players, seed, preset), timed in its process around the call."""
    out = subprocess.run([python, "-c", IN_BASE, json.dumps([players, seed, preset, limit])], capture_output=True,
                         text=True, check=False, cwd=os.path.dirname(os.path.dirname(python)) or None)
    if out.returncode:
        raise SystemExit(f"--base {python} failed: {out.stderr.strip()[-400:]}")
    got = json.loads(out.stdout)
    return bench.Run(got["cpu"], got["wall"], got)


def _who(w: int | None) -> str:
    return "-" if w is None else str(w)


def in_process(title: str, positions: list[tuple[int, Position]], args: argparse.Namespace, cap: float,
               limit: float | None, memory: bool = False, plain: bool = False) -> None:
    """Each position solved (``full=False``) interleaved with the baseline on it: a row per seed with
    the median CPU seconds of each and their ratio; the worst against the 1 s aim. ``plain``: the
    positions are ``deal(players, seed, ruleset)``, which ``--base`` solves too."""
    base = args.base if plain else None
    print(f"\n## {title}\n")
    print("| seed | result | winner | nodes | C CPU s (median) | baseline CPU s (median) | baseline / C |"
          + (" base: result | base: nodes | base: CPU s (median) | base / C |" if base else "")
          + (" peak traced MB |" if memory else ""))
    print("|---:|---|---:|---:|---:|---:|---:|" + ("---|---:|---:|---:|" if base else "") + ("---:|" if memory else ""))
    worst, total_c, total_b, cut_any, worst_base, total_base = 0.0, 0.0, 0.0, False, 0.0, 0.0
    for seed, pos in positions:
        peak = [0.0]

        def ours(pos=pos, peak=peak):
            if memory:
                tracemalloc.start()  # the core allocates through PyMem, which tracemalloc sees
            r = solve(pos, full=False, timeout=limit, engine="c")
            if memory:
                peak[0] = max(peak[0], tracemalloc.get_traced_memory()[1] / 2**20)
                tracemalloc.stop()
            return r

        cases = {"C": ours, "baseline": lambda pos=pos: baseline(pos, cap)}
        if base:
            cases["base"] = lambda pos=pos, seed=seed: in_base(base, pos.players, seed, pos.ruleset.preset, limit)
        t = bench.interleaved(cases, args.reps)
        r = t["C"].result
        cut = any(run.result[0] == "cut" for run in t["baseline"].runs)
        if not cut:
            assert all(run.result[0] == r.winner for run in t["baseline"].runs) or not r.solved, f"seed {seed}"
        b = t["baseline"].cpu
        worst, total_c, total_b, cut_any = max(worst, t["C"].cpu), total_c + t["C"].cpu, total_b + b, cut_any or cut
        mark = ">" if cut else ""
        row = ""
        if base:
            old = t["base"].result
            if r.solved and old["result"] == "solved":
                assert old["winner"] == r.winner, f"seed {seed}: the base's winner is {old['winner']}"
            worst_base, total_base = max(worst_base, t["base"].cpu), total_base + t["base"].cpu
            row = f" {old['result']} | {old['nodes']} | {t['base'].cpu:.3f} | {bench.ratio(t['base'], t['C']):.2f}x |"
        print(f"| {seed} | {r.result} | {_who(r.winner)} | {r.nodes} | {t['C'].cpu:.3f} | {mark}{b:.2f} | "
              f"{mark}{bench.ratio(b, t['C']):.0f}x |" + row + (f" {peak[0]:.1f} |" if memory else ""), flush=True)
    print(f"\nworst C CPU {worst:.3f} s; over the {len(positions)} deals baseline / C = "
          f"{'>' if cut_any else ''}{total_b / total_c if total_c else float('inf'):.0f}x")
    if base:
        print(f"base: worst CPU {worst_base:.3f} s; over the deals base / C = "
              f"{total_base / total_c if total_c else float('inf'):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", default="batch,three,actions,many")
    bench.add_arguments(parser, seed=0, reps=3)
    parser.add_argument("--deals", type=int, default=12, help="deals of each section")
    parser.add_argument("--cap", type=float, default=120.0, help="CPU seconds before a baseline run is cut")
    parser.add_argument("--many-cap", type=float, default=2.0, help="the same in the sections three, actions, many")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds per deal of the solver")
    parser.add_argument("--pure-python", action="store_true", help="batch: also ARBITER_PURE_PYTHON=1 (slow)")
    parser.add_argument("--baseline-batch", help=argparse.SUPPRESS)
    parser.add_argument("--rulesets", default="basic,actions", help="many: basic, actions or both (default)")
    parser.add_argument("--base", help="the Python of another checkout (built) whose solve runs beside (actions, many)")
    parser.add_argument("--game", choices=("red7", "realms"), default="red7")
    solve_realms.add_arguments(parser)
    args = parser.parse_args()
    if args.baseline_batch:
        baseline_batch(args.baseline_batch, args.cap)
        return
    try:
        rulesets = [Ruleset.parse(name) for name in args.rulesets.split(",")]
    except ValueError as e:
        parser.error(f"--rulesets: {e}")
    bench.first_seed(args)
    bench.header("solve.py", args, f"{args.seed}..{args.seed + args.deals - 1}")
    if args.game == "realms":
        solve_realms.main(args)
        return
    sections = args.sections.split(",")
    if "batch" in sections:
        batch(args)
    seeds = _seeds(args, args.deals)
    if "three" in sections:
        in_process("3 players, Basic, 6 of each 7-card hand kept, in process",
                   [(s, smaller_hands(3, 6, s)) for s in seeds], args, args.many_cap, args.limit)
    if "actions" in sections:
        in_process("2 players, full Actions deals with the known deck", [(s, deal(2, s, ACTIONS)) for s in seeds],
                   args, args.many_cap, args.limit, plain=True)
    if "many" in sections:
        for rs in rulesets:
            for players in (3, 4):
                in_process(f"{players} players, full {rs.preset} deals (7 cards)",
                           [(s, deal(players, s, rs)) for s in seeds], args, args.many_cap, args.limit, memory=True,
                           plain=True)
    bench.footer()


if __name__ == "__main__":
    main()
