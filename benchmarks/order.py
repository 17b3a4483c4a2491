"""Where move ordering pays: the CPU seconds of the same searches under each ``order_from`` (the hand
cards in all from which the Red7 search counts replies to order children; ``off``: never), per rules
(Basic, Actions) and player count, the values interleaved (``bench.py``); the baseline is the
solver's table (``game.ORDER_FROM``) or, with ``--advise``, advise's (``advise.SEARCH_ORDER_FROM``).

The searches: ``solve`` of seeded full deals (2 players: full answers under Basic, as a batch gives
them, the winner only under Actions; 3-4 players: the winner only), each stopped at ``--max-nodes``;
with ``--advise``, advise's answer for the first turn of seeded full deals (``--samples`` deals).

    python benchmarks/order.py [--seed 0 | --fresh] [--deals 8] [--reps 1] [--values 6,8,10,12,14,16,off]
        [--configs basic-2,basic-3,...] [--advise --samples 50]
"""

from __future__ import annotations

import argparse

import bench
from arbiter.model.red7.game import deal
from arbiter.model.red7.ruleset import ACTIONS, BASIC
from arbiter.model.red7.view import view_of
from arbiter.solver.red7 import solve
from arbiter.solver.red7.advise import SEARCH_ORDER_FROM, advise
from arbiter.solver.red7.game import ORDER_FROM

RULES = {"basic": BASIC, "actions": ACTIONS}


def _value(text: str) -> int | None:
    return None if text == "off" else int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.add_arguments(parser, seed=0, reps=1)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--values", default="6,8,10,12,14,16,off")
    parser.add_argument("--configs", default="basic-2,basic-3,basic-4,actions-2,actions-3,actions-4")
    parser.add_argument("--max-nodes", type=int, default=10_000_000, help="solve: nodes at most per deal")
    parser.add_argument("--advise", action="store_true", help="time advise's first-turn answers instead")
    parser.add_argument("--samples", type=int, default=50, help="--advise: sampled deals per answer")
    args = parser.parse_args()
    seed = bench.first_seed(args)
    seeds = list(range(seed, seed + args.deals))
    bench.header("order.py", args, f"{seeds[0]}..{seeds[-1]}")
    table = SEARCH_ORDER_FROM if args.advise else ORDER_FROM
    what = f"advise, {args.samples} samples, first turns" if args.advise else "solve"
    for config in args.configs.split(","):
        kind, players = config.split("-")
        players = int(players)
        rs = RULES[kind]
        current = table[(kind, players)]
        values = [_value(v) for v in args.values.split(",")]
        if current not in values:
            values.append(current)
        positions = [deal(players, s, rs) for s in seeds]
        full = players == 2 and not rs.actions

        def work(order: int | None, positions=positions, full=full, rs=rs, players=players) -> list:
            if args.advise:
                return [advise(view_of(p), samples=args.samples, seed=0, auto_exact=False, stop_early=False,
                               order_from=order).nodes for p in positions]
            fixed = {k: order for k in ORDER_FROM}
            return [solve(p, full=full, max_nodes=args.max_nodes, order_from=fixed).nodes for p in positions]

        cases = {("off" if v is None else str(v)) + (" (table)" if v == current else ""): (lambda v=v: work(v))
                 for v in values}
        t = bench.interleaved(cases, args.reps)
        base = next(name for name in t if name.endswith("(table)"))
        print(f"\n## {what}: {kind}, {players} players, deals {seeds[0]}..{seeds[-1]}\n")
        print("| order_from | CPU s (median) | wall s (median) | nodes | table / this, CPU |")
        print("|---:|---:|---:|---:|---:|")
        for name, timing in t.items():
            nodes = sum(timing.result)
            capped = "" if args.advise or all(n < args.max_nodes for n in timing.result) else " (a deal capped)"
            print(f"| {name} | {timing.cpu:.3f} | {timing.wall:.3f} | {nodes}{capped} | {bench.ratio(t[base], timing):.2f}x |",
                  flush=True)
        best = min(t, key=lambda name: t[name].cpu)
        print(f"\nfastest: {best}")
    bench.footer()


if __name__ == "__main__":
    main()
