"""Bridge: arbiter's double-dummy table against DDS's (endplay, the ``dds`` extra) on seeded deals,
in the same run, interleaved per deal (DDS then arbiter, CPU time each): whether every table
agrees, and the CPU medians and ratio. ``--cards K`` solves, for each seed, the ending where every
hand holds K cards (reached by seeded random play from the deal; 13: the full deal).

Run: python benchmarks/bridge_dds.py [--deals N] [--seed S] [--cards K ...] [--log FILE]
DDS counts a short ending's tricks as if the missing ones were declarer's; its figures are
shifted back by 13 - K before comparing.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

from arbiter.model.bridge import game
from arbiter.model.bridge.notation import deal_text
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="first seed; deals use seed, seed+1, ...")
    parser.add_argument("--cards", type=int, nargs="+", default=[13])
    parser.add_argument("--log", help="append one line per deal here (seed, cards, agree, DDS s, arbiter s, nodes)")
    args = parser.parse_args()
    if core is None:
        print("the compiled bridge core is not built; this measures the Python search", file=sys.stderr)
    load = os.getloadavg()
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start; deals {args.deals} from "
          f"seed {args.seed}; CPU seconds (process_time), DDS then arbiter per deal")
    print(f"{'cards':>5} {'deals':>6} {'agree':>6} {'DDS med':>9} {'arbiter med':>12} {'med ratio':>10} "
          f"{'ratio of meds':>14} {'arbiter max':>12}")
    failed = False
    for cards in args.cards:
        dds_s, ours_s, ratios, agree = [], [], [], 0
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
            if args.log:
                with open(args.log, "a") as log:
                    log.write(f"{seed} {cards} {ours == theirs} {t_dds:.4f} {t_ours:.4f} {nodes}\n")
        med_d, med_o = statistics.median(dds_s), statistics.median(ours_s)
        print(f"{cards:>5} {args.deals:>6} {agree:>6} {med_d:>9.4f} {med_o:>12.4f} {statistics.median(ratios):>10.1f} "
              f"{med_o / max(med_d, 1e-6):>14.1f} {max(ours_s):>12.3f}")
    load = os.getloadavg()
    print(f"# load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
