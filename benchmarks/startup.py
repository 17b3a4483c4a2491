"""CPU seconds to start ``arbiter`` (``python benchmarks/startup.py [--runs N]``): ``--version``,
``show POS`` and ``prove --only beats-order`` as child processes, best of N, against the bare
interpreter (``python -c pass``) and the interpreter importing what every command used to import
(z3, hypothesis, networkx, pytest), all in the same run."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys

POSITION = "red 0 | R1 O2 / G4 | B5 / V7"
CASES = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "import z3, hypothesis, networkx, pytest": [sys.executable, "-c", "import z3, hypothesis, networkx, pytest"],
    "arbiter --version": [sys.executable, "-m", "arbiter.cli", "--version"],
    "arbiter show POS": [sys.executable, "-m", "arbiter.cli", "show", POSITION],
    "arbiter prove --only beats-order": [sys.executable, "-m", "arbiter.cli", "prove", "--only", "beats-order"],
}


def cpu_seconds(command: list[str]) -> float:
    """User + system CPU of one child process run to its end."""
    before = os.times()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, best of {args.runs}")
    best = {name: min(cpu_seconds(cmd) for _ in range(args.runs)) for name, cmd in CASES.items()}
    base = best["python -c pass (baseline)"]
    print(f"{'command':40} {'cpu s':>7} {'over baseline s':>16}")
    for name, seconds in best.items():
        print(f"{name:40} {seconds:7.3f} {seconds - base:16.3f}")


if __name__ == "__main__":
    main()
