"""CPU seconds of ``advise`` on a 2-player first turn, 200 sampled deals, for every game (issue 27's
targets: Realms and Stick to Colours under 2 s), Red7 Basic beside them as the baseline measured in
the same run. Seeded deals, interleaved rounds; prints a table.

    python benchmarks/advise_seats.py [--seeds 3] [--rounds 2]
"""

from __future__ import annotations

import argparse
import time

from arbiter.model.realms.game import deal as realms_deal
from arbiter.model.realms.view import view_of as realms_view
from arbiter.model.red7.game import deal as red7_deal
from arbiter.model.red7.view import view_of as red7_view
from arbiter.model.stick_to_colours import deal as stick_deal
from arbiter.model.stick_to_colours.view import start_view
from arbiter.solver.realms.advise import advise as realms_advise
from arbiter.solver.red7.advise import advise as red7_advise
from arbiter.solver.stick_to_colours.advise import advise as stick_advise

GAMES = {
    "red7 basic (baseline)": lambda seed: red7_advise(red7_view(red7_deal(2, seed)), samples=200, stop_early=False),
    "realms": lambda seed: realms_advise(realms_view(realms_deal(2, seed)), samples=200, stop_early=False),
    "stick-to-colours": lambda seed: stick_advise(start_view(stick_deal(2, seed)), samples=200, stop_early=False),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    cpu: dict[str, list[float]] = {g: [] for g in GAMES}
    for _ in range(args.rounds):
        for seed in range(args.seeds):
            for name, run in GAMES.items():  # interleaved: every game in each round
                t = time.process_time()
                run(seed)
                cpu[name].append(time.process_time() - t)
    base = sum(cpu["red7 basic (baseline)"]) / len(cpu["red7 basic (baseline)"])
    print("| game | mean CPU s (200 deals) | max | ratio to baseline |")
    print("|---|---|---|---|")
    for name, xs in cpu.items():
        mean = sum(xs) / len(xs)
        print(f"| {name} | {mean:.2f} | {max(xs):.2f} | {mean / base:.2f} |")


if __name__ == "__main__":
    main()
