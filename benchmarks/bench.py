"""What every benchmark shares, written once: the seeds of a run (``--seed``, or ``--fresh`` for seeds
nobody tuned on, printed so that the run can be repeated), the machine and its load, and runs of the
cases compared taken in turns (A, B, A, B, ...) so that a change of load hits every case alike, with
the median CPU and wall seconds of each.

    parser = argparse.ArgumentParser(); bench.add_arguments(parser, reps=3)
    args = parser.parse_args(); seed = bench.first_seed(args); bench.header("solve.py", args)
    timings = bench.interleaved({"baseline": run_baseline, "arbiter": run_arbiter}, args.reps)
    print(bench.table(timings, "baseline")); bench.footer()

A case is a function of no arguments timed in this process (``time.process_time`` and
``time.perf_counter``), or one returning ``bench.child(command)``, a child process timed by its own
CPU (user + system, from ``getrusage``) and wall seconds.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def add_arguments(parser: argparse.ArgumentParser, seed: int = 0, reps: int = 3) -> None:
    """``--seed``, ``--fresh`` and ``--reps`` (the repetitions of each case, interleaved)."""
    parser.add_argument("--seed", type=int, default=seed, help=f"first seed (default {seed}): seeds SEED, SEED+1, ...")
    parser.add_argument("--fresh", action="store_true", help="a random first seed, printed: deals nobody tuned on")
    parser.add_argument("--reps", type=int, default=reps, help=f"runs of each case, interleaved (default {reps})")


def first_seed(args: argparse.Namespace) -> int:
    """The run's first seed: ``--seed``, or with ``--fresh`` a random one (set in ``args.seed``)."""
    if getattr(args, "fresh", False):
        args.seed = random.SystemRandom().randrange(10**6, 10**9)
    return args.seed


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} (1 / 5 / 15 min)"


def machine() -> str:
    """Cores, architecture, interpreter and the compiler that built it (and, by default, the core)."""
    return (f"{os.cpu_count()} cores, {platform.machine()}, {platform.python_implementation()} "
            f"{platform.python_version()}, {platform.python_compiler()}")


def header(script: str, args: argparse.Namespace | None = None, seeds: str | None = None) -> None:
    """The first line of a run: what ran, where, on which seeds, how often, and the load."""
    parts = [f"# benchmarks/{script}", machine()]
    if args is not None and hasattr(args, "seed"):
        fresh = " (--fresh)" if getattr(args, "fresh", False) else ""
        parts.append(f"seeds {seeds or f'from {args.seed}'}{fresh}")
    if args is not None and hasattr(args, "reps"):
        parts.append(f"{args.reps} interleaved runs of each case")
    parts.append(f"{load()} at the start")
    print("; ".join(parts), flush=True)
    print(f"command: {' '.join([os.path.basename(sys.executable), *sys.argv])}", flush=True)


def footer() -> None:
    print(f"\n{load()} at the end", flush=True)


@dataclass
class Run:
    """One timed run: its CPU and wall seconds and what it returned (a child: its stdout)."""

    cpu: float
    wall: float
    result: Any = None


def timed(fn: Callable[[], Any]) -> Run:
    """``fn()`` timed in this process (its result kept); a ``Run`` it returns is taken as it is."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return result if isinstance(result, Run) else Run(cpu, wall, result)


def cached_bytecode(tmp: str) -> dict[str, str]:
    """The environment of a child that reads (and writes) its modules' bytecode, as an installed
    package does, in a cache under ``tmp``: PYTHONDONTWRITEBYTECODE=1 (set in some sessions) would
    make every process compile its modules from source again, about 0.1 s of a command's start-up
    that no installed copy pays. Run each command once first to fill the cache."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPYCACHEPREFIX": os.path.join(tmp, "pycache")}


def child(command: list[str], env: dict[str, str] | None = None, stdin: str | None = None) -> Run:
    """A child process run to its end: its own CPU seconds (user + system) and wall seconds, and its
    stdout. A failing child stops the benchmark with its last words."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command[:5])} ... failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(cpu, wall, done.stdout)


@dataclass
class Timing:
    """Every run of one case."""

    runs: list[Run] = field(default_factory=list)

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def result(self) -> Any:
        return self.runs[-1].result


def interleaved(cases: dict[str, Callable[[], Any]], reps: int, after: Callable[[str, Run], None] | None = None,
                ) -> dict[str, Timing]:
    """Each case run ``reps`` times, the cases in turn (A, B, A, B, ...); ``after(name, run)`` is
    called after each run (to check answers or print progress)."""
    timings = {name: Timing() for name in cases}
    for _ in range(reps):
        for name, fn in cases.items():
            run = timed(fn)
            timings[name].runs.append(run)
            if after is not None:
                after(name, run)
    return timings


def ratio(base: Timing | float, this: Timing | float) -> float:
    """Baseline CPU seconds over this case's (medians)."""
    b = base.cpu if isinstance(base, Timing) else base
    t = this.cpu if isinstance(this, Timing) else this
    return b / t if t > 0 else float("inf")


def table(timings: dict[str, Timing], baseline: str | None = None, note: str = "") -> str:
    """A markdown table: each case's median CPU and wall seconds (and their ranges) and the ratio of
    the baseline's median CPU seconds to the case's."""
    head = "| case | runs | CPU s (median) | CPU s (min-max) | wall s (median) |"
    rule = "|---|---:|---:|---:|---:|"
    if baseline is not None:
        head += " baseline / this, CPU |"
        rule += "---:|"
    rows = [head, rule]
    for name, t in timings.items():
        cpus = [r.cpu for r in t.runs]
        row = f"| {name} | {len(t.runs)} | {t.cpu:.3f} | {min(cpus):.3f}-{max(cpus):.3f} | {t.wall:.3f} |"
        if baseline is not None:
            row += " 1 |" if name == baseline else f" {ratio(timings[baseline], t):.1f}x{note} |"
        rows.append(row)
    return "\n".join(rows)
