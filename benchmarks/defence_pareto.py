"""CPU seconds of Realms best defence over 3 tricks on the 330-deal view of ``small_deal(0, 2, 7, 4)``
with ``solver/defence.py``'s packed ``pareto`` against the entrywise dominance test it replaced (the
baseline, the same frontiers), alternated in one process; prints each run's time, load and values.

    python benchmarks/defence_pareto.py [--seed 0] [--tricks 3] [--pile 4]
"""

from __future__ import annotations

import argparse
import os
import time

from arbiter.model.realms.view import view_of
from arbiter.solver import defence
from arbiter.solver.realms.defence import best_defence, small_deal


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tricks", type=int, default=3)
    ap.add_argument("--pile", type=int, default=4)
    args = ap.parse_args()
    view = view_of(small_deal(args.seed, 2, 7, args.pile))
    packed = defence.pareto
    for name, fn in [("packed", packed), ("entrywise", defence.pareto_entrywise), ("packed", packed)]:
        defence.pareto = fn
        t = time.process_time()
        got = best_defence(view, tricks=args.tricks, max_deals=5000)
        print(f"{name} {time.process_time() - t:.1f} s CPU, load {os.getloadavg()[0]:.1f}",
              [(m.text, m.totals[0]) for m in got.moves], flush=True)
    defence.pareto = packed


if __name__ == "__main__":
    main()
