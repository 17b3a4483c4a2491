"""Benchmark of the Stick to Colours endgame solver (seeded): endgames with 3-10 cards left (deck and
market) for 2, 3 and 4 players, each solved by ``solver.stick_to_colours.solve`` with a time limit, by
the plain brute-force minimax (``brute_force``, the reference) and by the search as it was before the
compact states (``solver.search.Search`` straight on model positions, the previous solver's adapter),
both capped, in the same run; median and worst seconds, nodes and nodes per second, and the largest
size every seed of which solves within the limit.

    python benchmarks/stick_solve.py [--seeds 3] [--sizes 3-10] [--limit 10] [--cap 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from arbiter.model.stick_to_colours import Position, deal, successors
from arbiter.solver.search import Budget, Search, SearchLimit, Table
from arbiter.solver.stick_to_colours import brute_force, margin, solve
from arbiter.solver.stick_to_colours.state import StickState

sys.setrecursionlimit(100_000)


def endgame(players: int, seed: int, left: int) -> Position:
    """A seeded game of random decisions up to the first position with at most ``left`` cards in the deck
    and on the market (the default reading)."""
    rng = random.Random(seed)
    pos = deal(players, seed)
    while len(pos.deck) + len(pos.market) > left and not pos.is_over:
        pos = rng.choice(successors(pos))[1]
    return pos


class ModelGame:
    """The previous solver's adapter: model positions are their own keys, children from ``successors``."""

    def key(self, state: Position) -> Position:
        return state

    def to_move(self, state: Position) -> int:
        return state.to_move

    def outcome(self, state: Position, player: int) -> int | None:
        return margin(state, player) if state.is_over else None

    def children(self, state: Position) -> list[Position]:
        return [after for _, after in successors(state)]


def root_value(game, state, player: int, cap: float) -> tuple[int | None, int, float]:
    """(the root margin or None when capped, nodes, seconds) of the bare search."""
    budget = Budget(timeout=cap)
    try:
        value = Search(game, budget, Table(1 << 20)).value(state, player)
    except SearchLimit:
        value = None
    return value, budget.nodes, budget.seconds


def brute(pos: Position, cap: float) -> tuple[int | None, int, float]:
    budget = Budget(timeout=cap)
    try:
        value = brute_force(pos, budget=budget)
    except SearchLimit:
        value = None
    return value, budget.nodes, budget.seconds


def _s(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} / {max(values):.2f}" if values else "-"


def run(players: int, sizes: list[int], seeds: int, limit: float, cap: float) -> int | None:
    """One table for ``players``; the largest size every seed of which solved within ``limit``."""
    print(f"\n## {players} players\n")
    print("| cards left | solved | solve s (median of the solved / worst) | solve nodes (median, limit included) | brute force s (median / worst) "
          "| brute / solve | root value now: s, nodes/s (median) | root value before: s, nodes/s (median) | "
          "nodes before / now |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    largest = None
    brute_ok = before_ok = solver_ok = True
    for size in sizes:
        if not solver_ok:
            print(f"| {size} | too long (a smaller size did not solve within {limit:g} s) | | | | | | | |")
            continue
        times, nodes, brute_s, ratio, now, old, fewer = [], [], [], [], [], [], []
        done = 0
        positions = [p for p in (endgame(players, seed, size) for seed in range(seeds)) if not p.is_over]
        for pos in positions:
            result = solve(pos, timeout=limit)
            if result.solved:
                done += 1
                times.append(result.seconds)
            nodes.append(result.nodes)
            if brute_ok:
                value, _, seconds = brute(pos, cap)
                brute_ok = value is not None
                if brute_ok:
                    assert not result.solved or value == result.margin, f"{players} players, {size} left: differ"
                    brute_s.append(seconds)
                    if result.solved:
                        ratio.append(seconds / result.seconds)
            game = StickState(pos)
            value, n_now, s_now = root_value(game, game.root, pos.to_move, cap)
            if value is not None:
                now.append((s_now, n_now / max(s_now, 1e-9)))
            if before_ok:
                old_value, n_old, s_old = root_value(ModelGame(), pos, pos.to_move, cap)
                before_ok = old_value is not None
                if before_ok:
                    assert value is None or value == old_value
                    old.append((s_old, n_old / max(s_old, 1e-9)))
                    if value is not None:
                        fewer.append(n_old / max(n_now, 1))
        if done == len(positions):
            largest = size
        solver_ok = done > 0
        shown_brute = _s(brute_s) if brute_ok else f"too long (> {cap:g} s)"
        shown_ratio = f"{statistics.median(ratio):.0f}x" if brute_ok and ratio else "-"
        shown_now = _pair(now) if now else f"too long (> {cap:g} s)"
        shown_old = _pair(old) if before_ok and old else f"too long (> {cap:g} s)"
        shown_fewer = f"{statistics.median(fewer):.1f}x" if before_ok and fewer else "-"
        shown_times = _s(times) if done == len(positions) else (
            f"{_s(times).split(' / ')[0]} / > {limit:g}" if times else f"> {limit:g} / > {limit:g}")
        print(f"| {size} | {done}/{len(positions)} | {shown_times} | {statistics.median(nodes):.0f} | {shown_brute} | "
              f"{shown_ratio} | {shown_now} | {shown_old} | {shown_fewer} |", flush=True)
    print(f"\nlargest size every seed of which solved within {limit:g} s: {largest if largest else 'none'}")
    return largest


def _pair(rows: list[tuple[float, float]]) -> str:
    return f"{statistics.median(s for s, _ in rows):.2f} s, {statistics.median(r for _, r in rows):.0f}/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="endgames per size and player count")
    parser.add_argument("--sizes", default="3-10", help="cards left, as LOW-HIGH")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds the solver gets per endgame")
    parser.add_argument("--cap", type=float, default=5.0, help="seconds the brute force and the old search get")
    args = parser.parse_args()
    low, _, high = args.sizes.partition("-")
    sizes = list(range(int(low), int(high or low) + 1))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"# benchmarks/stick_solve.py  (Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {load:.1f} at the start; seeds 0..{args.seeds - 1}, "
          f"solver limit {args.limit:g} s, brute force and old search capped at {args.cap:g} s)")
    start = time.perf_counter()
    largest = {p: run(p, sizes, args.seeds, args.limit, args.cap) for p in map(int, args.players.split(","))}
    print("\n| players | largest size solved within the limit |\n|---:|---:|")
    for p, size in largest.items():
        print(f"| {p} | {size if size else 'none'} |")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{time.perf_counter() - start:.0f} s in all; load average {load:.1f} at the end")


if __name__ == "__main__":
    main()
