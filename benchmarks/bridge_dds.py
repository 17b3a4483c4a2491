"""Bridge: arbiter's double-dummy table against DDS's (endplay, the ``dds`` extra) on seeded deals,
in the same run, interleaved per deal (DDS then arbiter, CPU time each): whether every table
agrees, and the CPU medians and ratio. ``--cards K`` solves, for each seed, the ending where every
hand holds K cards (reached by seeded random play from the deal; 13: the full deal).

Run: python benchmarks/bridge_dds.py [--deals N] [--seed S] [--cards K ...] [--log FILE] [--baseline SO]
``--baseline SO``: a compiled core built from another checkout (its ``_bridgecore*.so``), timed in
the same run after arbiter's on each deal (same tables asked for), so old and new meet the same load.
DDS counts a short ending's tricks as if the missing ones were declarer's; its figures are
shifted back by 13 - K before comparing.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import sys
import time

from arbiter.model.bridge import game
from arbiter.model.bridge.notation import deal_text
from arbiter.solver import bridge
from arbiter.solver.bridge import core, dd_table
from endplay.dds import calc_dd_table
from endplay.types import Deal


def ending(seed: int, cards: int) -> game.Position:
    pos = game.deal(seed=seed)
    rng = random.Random(seed)
    while pos.hands[0].bit_count() > cards or pos.trick:
        pos = game.successor(pos, rng.choice(game.legal_moves(pos)).card)
    return pos


def dds_table(hands: tuple[int, ...]) -> list[list[int]]:
    table = calc_dd_table(Deal(deal_text(hands))).to_list()
    short = 13 - hands[0].bit_count()
    return [[t - short for t in row] for row in table]


def cpu(fn, *args):
    start = time.process_time()
    out = fn(*args)
    return out, time.process_time() - start


def load_core(path: str):
    """The compiled core in ``path`` (a ``_bridgecore*.so``), loaded beside the installed one."""
    spec = importlib.util.spec_from_file_location("baseline._bridgecore", path)
    if spec is None or not os.path.isfile(path):
        raise SystemExit(f"--baseline: no compiled core at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def table_with(module, hands: tuple[int, ...]):
    """``dd_table`` through another compiled core."""
    saved = bridge.core
    bridge.core = module
    try:
        return dd_table(hands, compiled=True)
    finally:
        bridge.core = saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="first seed; deals use seed, seed+1, ...")
    parser.add_argument("--cards", type=int, nargs="+", default=[13])
    parser.add_argument("--log", help="append one line per deal here (seed, cards, agree, DDS s, arbiter s, nodes"
                                      "[, baseline s, baseline nodes])")
    parser.add_argument("--baseline", metavar="SO", help="a compiled core from another checkout, timed too")
    args = parser.parse_args()
    base = load_core(args.baseline) if args.baseline else None
    if core is None:
        print("the compiled bridge core is not built; this measures the Python search", file=sys.stderr)
    load = os.getloadavg()
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start; deals {args.deals} from "
          f"seed {args.seed}; CPU seconds (process_time), DDS then arbiter{' then baseline' if base else ''} per deal")
    head = (f"{'cards':>5} {'deals':>6} {'agree':>6} {'DDS med':>9} {'arbiter med':>12} {'med ratio':>10} "
            f"{'ratio of meds':>14} {'arbiter max':>12}")
    if base:
        head += f" {'base agree':>10} {'base med':>9} {'base ratio':>10} {'base max':>9} {'base/new med':>12}"
    print(head)
    failed = False
    for cards in args.cards:
        dds_s, ours_s, ratios, agree = [], [], [], 0
        base_s, base_ratios, speedups, base_agree = [], [], [], 0
        for seed in range(args.seed, args.seed + args.deals):
            hands = ending(seed, cards).hands
            theirs, t_dds = cpu(dds_table, hands)
            (ours, nodes), t_ours = cpu(dd_table, hands)
            agree += ours == theirs
            if ours != theirs:
                failed = True
                print(f"seed {seed} cards {cards}: arbiter {ours} DDS {theirs}", file=sys.stderr)
            dds_s.append(t_dds)
            ours_s.append(t_ours)
            ratios.append(t_ours / max(t_dds, 1e-6))
            extra = ""
            if base:
                (old, old_nodes), t_old = cpu(table_with, base, hands)
                base_agree += old == theirs
                base_s.append(t_old)
                base_ratios.append(t_old / max(t_dds, 1e-6))
                speedups.append(t_old / max(t_ours, 1e-6))
                extra = f" {t_old:.4f} {old_nodes}"
            if args.log:
                with open(args.log, "a") as log:
                    log.write(f"{seed} {cards} {ours == theirs} {t_dds:.4f} {t_ours:.4f} {nodes}{extra}\n")
        med_d, med_o = statistics.median(dds_s), statistics.median(ours_s)
        line = (f"{cards:>5} {args.deals:>6} {agree:>6} {med_d:>9.4f} {med_o:>12.4f} {statistics.median(ratios):>10.1f} "
                f"{med_o / max(med_d, 1e-6):>14.1f} {max(ours_s):>12.3f}")
        if base:
            line += (f" {base_agree:>10} {statistics.median(base_s):>9.4f} {statistics.median(base_ratios):>10.1f} "
                     f"{max(base_s):>9.3f} {statistics.median(speedups):>12.2f}")
        print(line, flush=True)
    load = os.getloadavg()
    print(f"# load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
