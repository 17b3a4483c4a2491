"""Time the Stick to Colours theorem catalogue theorem by theorem (``python benchmarks/stick_prove.py``).

Prints one row per theorem (status, expected, seconds), the total and the CPU time; then the turn
theorems' walk against its plain baseline, the same walk of the engine's decisions with no fact checked
(so the ratio is what checking the facts adds to enumerating the decisions), and the load average.
"""

from __future__ import annotations

import os
import platform
import time

from arbiter.model.stick_to_colours.game import successors
from arbiter.proofs.stick_to_colours import theorems, turns


def main() -> None:
    print(f"Python {platform.python_version()}, {platform.machine()}, load before {os.getloadavg()[0]:.1f}")
    cpu, wall = time.process_time(), time.perf_counter()
    print(f"{'theorem':40} {'status':15} {'expected':15} {'seconds':>8}")
    for r in theorems.run_catalogue():
        print(f"{r.id:40} {r.status:15} {r.expected:15} {r.seconds:8.2f}")
    print(f"total {time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU")
    start = time.perf_counter()
    moves = sum(len(successors(r.position)) for r in turns.positions())
    bare = time.perf_counter() - start
    turns.forget()
    start = time.perf_counter()
    turns.verdicts()
    checked = time.perf_counter() - start
    print(f"turn walk: {moves} decisions, bare {bare:.1f} s, with the facts {checked:.1f} s "
          f"({checked / bare:.2f}x the bare walk)")
    print(f"load after {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
