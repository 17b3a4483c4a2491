"""Benchmark of the endgame solver (seeded), against the plain memoised minimax over the reference
rules (winner only, the first winning turn cuts: ``solver.reference.memo_forces``) measured in the
same run. Sections (all by default):

- ``batch``: 2-player full Basic deals, ``arbiter solve --batch`` as a whole process (C core, then
  ``ARBITER_PURE_PYTHON=1``; modules' bytecode cached as an installed package has it, and once as
  this environment runs it) against a whole process running the baseline on the same file;
- ``three``: 3-player deals keeping 6 of each 7-card hand, Basic, in process, against the baseline;
- ``actions``: 2-player full Actions deals with a known deck (C core; seconds and nodes);
- ``many``: 3- and 4-player full deals (7 cards), Basic and Actions, with peak traced memory.

    python benchmarks/solve.py [--sections batch,three,actions,many] [--deals 12] [--cap 60]

``--game realms`` runs the Realms part instead (``benchmarks/solve_realms.py``: endgames of 2-7 tricks
for 3 and 4 players against the brute-force solver, each search idea off in turn).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from random import Random

import solve_realms
from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.model.red7.ruleset import ACTIONS, BASIC
from arbiter.solver.red7 import reference, solve

sys.setrecursionlimit(100_000)


class OutOfTime(Exception):
    pass


class CappedMemo(dict):
    """A memo table that stops the baseline once it has run ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.perf_counter() + seconds

    def __setitem__(self, key, value) -> None:
        if len(self) % 1024 == 0 and time.perf_counter() > self.deadline:
            raise OutOfTime
        super().__setitem__(key, value)


def baseline(pos: Position, cap: float) -> tuple[int | None | str, float]:
    """(forced winner, None when nobody forces it, or "cut" when capped; seconds)."""
    start = time.perf_counter()
    memo = CappedMemo(cap)
    try:
        winner = next((p for p in pos.in_play if reference.memo_forces(pos, p, memo)), None)
    except OutOfTime:
        winner = "cut"
    return winner, time.perf_counter() - start


def smaller_hands(players: int, size: int, seed: int) -> Position:
    """A seeded deal with ``size`` of each player's 7 hand cards kept."""
    pos = deal(players, seed)
    rng = Random(seed)
    hands = []
    for h in pos.hands:
        cards = [c for c in range(49) if h >> c & 1]
        hands.append(sum(1 << c for c in rng.sample(cards, size)))
    return Position(pos.rule, pos.to_move, tuple(hands), pos.palettes, 0, pos.deck, pos.ruleset)


def _run(args: list[str], env: dict[str, str] | None = None) -> tuple[str, float]:
    start = time.perf_counter()
    done = subprocess.run(args, check=False, capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args[:4])}... failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return done.stdout, seconds


def compiled(tmp: str) -> dict[str, str]:
    """The environment of a child that reads (and writes) its modules' bytecode, as an installed
    package does, in a cache under ``tmp``: PYTHONDONTWRITEBYTECODE=1 (set in some sessions) would
    make every process compile its ~30 modules from source again, about 0.1-0.2 s."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}


def batch(deals: int, cap: float) -> None:
    positions = [deal(2, seed) for seed in range(deals)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deals.jsonl"
        path.write_text("".join(json.dumps(position_to_json(p)) + "\n" for p in positions), encoding="utf-8")
        base_out, base_s = _run([sys.executable, __file__, "--baseline-batch", str(path), "--cap", str(cap)])
        arbiter = [sys.executable, "-m", "arbiter.cli", "solve", "--batch", str(path), "--json"]
        env = compiled(tmp)
        _run(arbiter, env=env)  # fills the bytecode cache
        c_out, c_s = _run(arbiter, env=env)
        _, raw_s = _run(arbiter)
        py_out, py_s = _run(arbiter, env={**env, "ARBITER_PURE_PYTHON": "1"})
        _, idle_s = _run([sys.executable, "-c", "import arbiter.cli.main"], env=env)
    base = [json.loads(line) for line in base_out.splitlines()]
    c = [json.loads(line) for line in c_out.splitlines()]
    py = [json.loads(line) for line in py_out.splitlines()]
    assert [r["engine"] for r in c] == ["c"] * deals and [r["engine"] for r in py] == ["python"] * deals
    for k in range(deals):
        assert c[k]["winner"] == py[k]["winner"] and c[k]["nodes"] == py[k]["nodes"], f"seed {k}: engines differ"
        assert base[k]["winner"] in ("cut", c[k]["winner"]), f"seed {k}: baseline {base[k]['winner']}"
    cut = any(b["winner"] == "cut" for b in base)
    print(f"\n## 2 players, full Basic deals (seeds 0..{deals - 1}), whole processes\n")
    print("| seed | winner | nodes (full answer) | C s in process | Python s in process | baseline s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for k in range(deals):
        b = base[k]
        shown = f">{b['seconds']:.1f} (cut)" if b["winner"] == "cut" else f"{b['seconds']:.2f}"
        print(f"| {k} | {c[k]['winner']} | {c[k]['nodes']} | {c[k]['seconds']:.3f} | {py[k]['seconds']:.3f} | {shown} |")
    at_least = " (at least: a baseline run was cut)" if cut else ""
    print(f"\n| process | wall s | baseline / this |\n|---|---:|---:|\n| baseline (memo_forces) | {base_s:.2f} | 1 |")
    print(f"| `arbiter solve --batch --json`, C core | {c_s:.2f} | {base_s / c_s:.1f}x{at_least} |")
    raw = "no bytecode cache (PYTHONDONTWRITEBYTECODE=1, as in this session)" if os.environ.get(
        "PYTHONDONTWRITEBYTECODE") else "this environment as it is"
    print(f"| the same, {raw} | {raw_s:.2f} | {base_s / raw_s:.1f}x{at_least} |")
    print(f"| the same, ARBITER_PURE_PYTHON=1 | {py_s:.2f} | {base_s / py_s:.1f}x{at_least} |")
    print(f"| `python -c 'import arbiter.cli.main'` (start-up alone) | {idle_s:.2f} | - |")
    searched = sum(r["seconds"] for r in c)
    print(f"\nC core: {searched:.2f} s of the {c_s:.2f} s are solving; baseline / solving time alone: "
          f"{sum(b['seconds'] for b in base) / searched:.1f}x{at_least}")


def baseline_batch(path: str, cap: float) -> None:
    """The baseline process: one JSON line (winner, seconds) per position of ``path``."""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        winner, seconds = baseline(position_from_json(json.loads(line)), cap)
        print(json.dumps({"winner": winner, "seconds": seconds}), flush=True)


def three(deals: int, cap: float) -> None:
    print(f"\n## 3 players, Basic, 6 of each 7-card hand kept (seeds 0..{deals - 1}), in process\n")
    print("| seed | winner | nodes | C s | Python s | baseline s | baseline / C |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    total_c = total_b = 0.0
    cut = False
    for seed in range(deals):
        pos = smaller_hands(3, 6, seed)
        c = solve(pos, full=False, engine="c")
        py = solve(pos, full=False, engine="python")
        assert c.nodes == py.nodes and c.winner == py.winner
        winner, b = baseline(pos, cap)
        assert winner in ("cut", c.winner)
        cut |= winner == "cut"
        total_c, total_b = total_c + c.seconds, total_b + b
        shown = f">{b:.0f} (cut)" if winner == "cut" else f"{b:.2f}"
        print(f"| {seed} | {_who(c.winner)} | {c.nodes} | {c.seconds:.3f} | {py.seconds:.2f} | {shown} | "
              f"{'>' if winner == 'cut' else ''}{b / c.seconds:.0f}x |", flush=True)
    print(f"\nover the {deals} deals: baseline / C = {'>' if cut else ''}{total_b / total_c:.0f}x")


def _who(w: int | None) -> str:
    return "-" if w is None else str(w)


def actions(deals: int, limit: float) -> None:
    print(f"\n## 2 players, full Actions deals with the known deck (seeds 0..{deals - 1}), C core\n")
    print("| seed | result | winner | nodes | s | CPU s |")
    print("|---:|---|---:|---:|---:|---:|")
    worst = 0.0
    for seed in range(deals):
        cpu = time.process_time()
        r = solve(deal(2, seed, ACTIONS), full=False, timeout=limit, engine="c")
        cpu = time.process_time() - cpu
        worst = max(worst, r.seconds)
        print(f"| {seed} | {r.result} | {_who(r.winner)} | {r.nodes} | {r.seconds:.2f} | {cpu:.2f} |", flush=True)
    print(f"\nworst {worst:.2f} s")


def many(deals: int, limits: dict[str, float]) -> None:
    print(f"\n## 3 and 4 players, full deals (7 cards), seeds 0..{deals - 1}, C core\n")
    print("| ruleset | players | seed | result | winner | nodes | s | CPU s | peak traced MB |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
    for rs in (BASIC, ACTIONS):
        for players in (3, 4):
            for seed in range(deals):
                tracemalloc.start()  # the core allocates through PyMem, which tracemalloc sees, and rarely
                cpu = time.process_time()
                r = solve(deal(players, seed, rs), full=False, timeout=limits[rs.preset], engine="c")
                cpu = time.process_time() - cpu
                peak = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
                print(f"| {rs.preset} | {players} | {seed} | {r.result} | {_who(r.winner)} | {r.nodes} | "
                      f"{r.seconds:.2f} | {cpu:.2f} | {peak / 2**20:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", default="batch,three,actions,many")
    parser.add_argument("--deals", type=int, default=12, help="2-player Basic deals of the batch")
    parser.add_argument("--three-deals", type=int, default=3)
    parser.add_argument("--action-deals", type=int, default=8)
    parser.add_argument("--many-deals", type=int, default=3)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before a baseline run is cut")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds per Actions deal")
    parser.add_argument("--basic-limit", type=float, default=10.0, help="seconds per 3-4 player Basic deal")
    parser.add_argument("--baseline-batch", help=argparse.SUPPRESS)
    parser.add_argument("--game", choices=("red7", "realms"), default="red7")
    solve_realms.add_arguments(parser)
    args = parser.parse_args()
    if args.baseline_batch:
        baseline_batch(args.baseline_batch, args.cap)
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# benchmarks/solve.py  (Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {load:.1f} at the start)")
    if args.game == "realms":
        solve_realms.main(args)
        return
    sections = args.sections.split(",")
    if "batch" in sections:
        batch(args.deals, args.cap)
    if "three" in sections:
        three(args.three_deals, args.cap)
    if "actions" in sections:
        actions(args.action_deals, args.limit)
    if "many" in sections:
        many(args.many_deals, {"basic": args.basic_limit, "actions": args.limit})


if __name__ == "__main__":
    main()
