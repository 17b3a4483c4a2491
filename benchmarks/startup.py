"""Seconds to start ``arbiter`` (``python benchmarks/startup.py [--runs N] [--base PYTHON]``):
``--version``, ``-h``, ``show POS``, ``solve POS`` (one small position), ``advise VIEW`` (a small
Red7 view, one deal) and ``prove --only beats-order`` as child processes, best of N, CPU (user +
system) and wall, against the bare interpreter (``python -c pass``) and the interpreter importing
what every command used to import (z3, hypothesis, networkx, pytest), all in the same run, the
commands taken in turns. ``--base`` (the interpreter of another checkout, built) runs its
``arbiter`` on the same commands, in the same turns. The children read their modules' bytecode from a cache
(filled by a first run), as an installed package does, even where PYTHONDONTWRITEBYTECODE is set;
``--no-cache`` runs them as the environment is."""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time

import bench

POSITION = "red 0 | R1 O2 / G4 | B5 / V7"
VIEW = "red 0 basic | R1 O2 G4 / G2 | 3 / Y5 | deck 2"
CASES = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "import z3, hypothesis, networkx, pytest": [sys.executable, "-c", "import z3, hypothesis, networkx, pytest"],
    "arbiter --version": [sys.executable, "-m", "arbiter.cli", "--version"],
    "arbiter -h": [sys.executable, "-m", "arbiter.cli", "-h"],
    "arbiter show POS": [sys.executable, "-m", "arbiter.cli", "show", POSITION],
    "arbiter solve POS": [sys.executable, "-m", "arbiter.cli", "solve", POSITION],
    "arbiter advise VIEW --samples 1 --json": [sys.executable, "-m", "arbiter.cli", "advise", VIEW, "--samples", "1",
                                               "--json"],
    "arbiter prove --only beats-order": [sys.executable, "-m", "arbiter.cli", "prove", "--only", "beats-order"],
}


def seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(user + system CPU, wall) of one child process run to its end."""
    # getrusage, not os.times: the latter counts in clock ticks (10 ms), the size of the differences here
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the best is shown)")
    parser.add_argument("--no-cache", action="store_true", help="run the children with the environment as it is")
    parser.add_argument("--base", help="the Python of another checkout (built): its arbiter on the same commands")
    args = parser.parse_args()
    cases = dict(CASES)
    if args.base:
        cases |= {f"base: {name}": [args.base, *command[1:]] for name, command in CASES.items()
                  if name.startswith("arbiter")}
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ) if args.no_cache else bench.cached_bytecode(tmp)
        print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, best of "
              f"{args.runs}, load average {load:.1f}, bytecode {'as the environment is' if args.no_cache else 'cached'}")
        for command in cases.values():
            seconds(command, env)  # fills the cache
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for _ in range(args.runs):  # in turns, so that a change of load hits every command alike
            for name, command in cases.items():
                runs[name].append(seconds(command, env))
        best = {name: (min(r[0] for r in got), min(r[1] for r in got)) for name, got in runs.items()}
    bare = best["python -c pass (baseline)"][0]
    print(f"{'command':50} {'cpu s':>7} {'wall s':>7} {'cpu over baseline':>18}")
    for name, (cpu, wall) in best.items():
        print(f"{name:50} {cpu:7.3f} {wall:7.3f} {cpu - bare:18.3f}")
    print(f"base: {args.base}; " if args.base else "", end="")
    print(f"load average {os.getloadavg()[0] if hasattr(os, 'getloadavg') else float('nan'):.1f} at the end")


if __name__ == "__main__":
    main()
