"""Seconds to start ``arbiter`` (``python benchmarks/startup.py [--runs N]``): ``--version``, ``-h``,
``show POS``, ``solve POS`` (one small position) and ``prove --only beats-order`` as child
processes, best of N, CPU (user + system) and wall, against the bare interpreter (``python -c
pass``) and the interpreter importing what every command used to import (z3, hypothesis,
networkx, pytest), all in the same run. The children read their modules' bytecode from a cache
(filled by a first run), as an installed package does, even where PYTHONDONTWRITEBYTECODE is set;
``--no-cache`` runs them as the environment is."""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

import bench

POSITION = "red 0 | R1 O2 / G4 | B5 / V7"
CASES = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "import z3, hypothesis, networkx, pytest": [sys.executable, "-c", "import z3, hypothesis, networkx, pytest"],
    "arbiter --version": [sys.executable, "-m", "arbiter.cli", "--version"],
    "arbiter -h": [sys.executable, "-m", "arbiter.cli", "-h"],
    "arbiter show POS": [sys.executable, "-m", "arbiter.cli", "show", POSITION],
    "arbiter solve POS": [sys.executable, "-m", "arbiter.cli", "solve", POSITION],
    "arbiter prove --only beats-order": [sys.executable, "-m", "arbiter.cli", "prove", "--only", "beats-order"],
}


def seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(user + system CPU, wall) of one child process run to its end."""
    before, start = os.times(), time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    wall, after = time.perf_counter() - start, os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the best is shown)")
    parser.add_argument("--no-cache", action="store_true", help="run the children with the environment as it is")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ) if args.no_cache else bench.cached_bytecode(tmp)
        print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, best of "
              f"{args.runs}, load average {load:.1f}, bytecode {'as the environment is' if args.no_cache else 'cached'}")
        for command in CASES.values():
            seconds(command, env)  # fills the cache
        best = {}
        for name, command in CASES.items():
            runs = [seconds(command, env) for _ in range(args.runs)]
            best[name] = (min(r[0] for r in runs), min(r[1] for r in runs))
    base = best["python -c pass (baseline)"]
    print(f"{'command':40} {'cpu s':>7} {'wall s':>7} {'cpu over baseline':>18}")
    for name, (cpu, wall) in best.items():
        print(f"{name:40} {cpu:7.3f} {wall:7.3f} {cpu - base[0]:18.3f}")


if __name__ == "__main__":
    main()
