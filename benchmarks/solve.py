"""Benchmark of the endgame solver (seeded): 2-player full deals (Basic, then Actions with a known
deck) against plain memoised minimax over the reference rules on the same deals in the same run,
then the largest 3- and 4-player hands solved within the time limit, with peak memory.

    python benchmarks/solve.py [--deals 8] [--action-deals 4] [--baseline-cap 60] [--limit 10]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import tracemalloc
from random import Random

from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.ruleset import ACTIONS, BASIC
from arbiter.solver import reference, solve

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


def baseline(pos: Position, cap: float, stop_at_win: bool) -> tuple[int | None, float, int]:
    """(winner or None when capped, seconds, states memoised)."""
    memo = CappedMemo(cap)
    start = time.perf_counter()
    try:
        winner = reference.memo_winner(pos, memo, stop_at_win)
    except OutOfTime:
        winner = None
    return winner, time.perf_counter() - start, len(memo)


def two_player(ruleset, deals: int, cap: float, full_deals: int) -> None:
    print(f"\n## 2 players, full deals (7 cards in hand, 1 in each Palette), {ruleset}, seeds 0..{deals - 1}\n")
    print("| seed | winner | solver s | nodes | nodes/s | any-minimax s | ratio | plain minimax s | ratio |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    times, nodes, quick, plain = [], [], [], []
    for seed in range(deals):
        pos = deal(2, seed, ruleset)
        result = solve(pos, full=False, timeout=cap)
        if not result.solved:
            print(f"| {seed} | ? | >{result.seconds:.0f} (cap) | {result.nodes} | - | - | - | - | - |", flush=True)
            continue
        w1, t1, _ = baseline(pos, cap, stop_at_win=True)
        assert w1 in (None, result.winner), f"seed {seed}: baseline says {w1}, solver {result.winner}"
        times.append(result.seconds)
        nodes.append(result.nodes)
        quick.append((t1, w1 is not None))
        row = (f"| {seed} | {result.winner} | {result.seconds:.2f} | {result.nodes} | "
               f"{result.nodes / result.seconds:,.0f} | {_capped(t1, w1)} | {_ratio(t1, w1, result.seconds)} |")
        if seed < full_deals:
            w2, t2, _ = baseline(pos, cap, stop_at_win=False)
            assert w2 in (None, result.winner)
            plain.append((t2, w2 is not None, result.seconds))
            row += f" {_capped(t2, w2)} | {_ratio(t2, w2, result.seconds)} |"
        else:
            row += " - | - |"
        print(row, flush=True)
    if not times:
        print("\nno deal solved within the cap")
        return
    total_quick = sum(t for t, _ in quick)
    print(f"\nsolver: median {statistics.median(times):.2f} s, worst {max(times):.2f} s, "
          f"median nodes {statistics.median(nodes):.0f}, {sum(nodes) / sum(times):,.0f} nodes/s")
    capped = "" if all(ok for _, ok in quick) else " (at least: some runs hit the cap)"
    print(f"ratio against minimax stopping at the first winning turn: {total_quick / sum(times):.1f}x{capped}")
    if plain:
        capped = "" if all(ok for _, ok, _ in plain) else " (at least: some runs hit the cap)"
        ratio = sum(t for t, _, _ in plain) / sum(s for _, _, s in plain)
        print(f"ratio against plain memoised minimax on seeds 0..{len(plain) - 1}: {ratio:.1f}x{capped}")


def _capped(t: float, winner: int | None) -> str:
    return f"{t:.2f}" if winner is not None else f">{t:.0f} (cap)"


def _ratio(t: float, winner: int | None, solver: float) -> str:
    return f"{t / solver:.1f}x" if winner is not None else f">{t / solver:.0f}x"


def smaller_hands(players: int, size: int, seed: int) -> Position:
    """A seeded deal with ``size`` of each player's 7 hand cards kept."""
    pos = deal(players, seed)
    rng = Random(seed)
    hands = []
    for h in pos.hands:
        cards = [c for c in range(49) if h >> c & 1]
        hands.append(sum(1 << c for c in rng.sample(cards, size)))
    return Position(pos.rule, pos.to_move, tuple(hands), pos.palettes, 0, pos.deck, pos.ruleset)


def many_players(deals: int, limit: float) -> None:
    print(f"\n## 3 and 4 players, Basic, {deals} deals per size, limit {limit:.0f} s per deal\n")
    print("| players | hand | solved | median s | worst s | median nodes | peak memory MB | winners |")
    print("|---:|---:|---:|---:|---:|---:|---:|---|")
    for players in (3, 4):
        largest = None
        for size in (4, 5, 6, 7):
            times, nodes, winners, peak, solved = [], [], [], 0, 0
            for seed in range(deals):
                pos = smaller_hands(players, size, seed)
                result = solve(pos, full=False, timeout=limit)
                times.append(result.seconds)
                nodes.append(result.nodes)
                winners.append("?" if not result.solved else "-" if result.winner is None else str(result.winner))
                if result.solved:
                    solved += 1
                    tracemalloc.start()  # a second run under tracemalloc, so it does not slow the timed one
                    solve(pos, full=False)
                    peak = max(peak, tracemalloc.get_traced_memory()[1])
                    tracemalloc.stop()
            print(f"| {players} | {size} | {solved}/{deals} | {statistics.median(times):.2f} | {max(times):.2f} | "
                  f"{statistics.median(nodes):.0f} | {peak / 2**20:.1f} | {' '.join(winners)} |", flush=True)
            if solved < deals:
                break
            largest = size
        print(f"\n{players} players: largest hand solved on every deal within {limit:.0f} s: {largest}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--action-deals", type=int, default=4)
    parser.add_argument("--full-deals", type=int, default=2, help="deals also run with plain (unpruned) minimax")
    parser.add_argument("--baseline-cap", type=float, default=60.0, help="seconds before a baseline run is cut")
    parser.add_argument("--many-deals", type=int, default=3)
    parser.add_argument("--limit", type=float, default=10.0)
    args = parser.parse_args()
    print(f"# benchmarks/solve.py  (Python {platform.python_version()}, {platform.machine()})")
    two_player(BASIC, args.deals, args.baseline_cap, args.full_deals)
    two_player(ACTIONS, args.action_deals, args.baseline_cap, 0)
    many_players(args.many_deals, args.limit)


if __name__ == "__main__":
    main()
