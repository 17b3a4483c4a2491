"""CPU and wall seconds of ``arbiter check --budget 20`` (``python benchmarks/check.py [--runs N]
[--seed S]``) on the project's own engine (every op) and on the sample JavaScript engine (leader and
qualifying), against a plain baseline measured in the same run, interleaved: the same engine
answering every vector request of those ops piped to it (what any check must at least spend: the
engine's start and answers). CPU is of the check and the engine together (user + system)."""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINES = {"arbiter engine": ([sys.executable, "-m", "arbiter.cli", "engine"], None),
           "node red7.js": (["node", str(ROOT / "examples" / "engines" / "red7.js")], ("leader", "qualifying"))}


def seconds(command: list[str], stdin: Path | None = None) -> tuple[float, float]:
    """(user + system CPU of the child and its children, wall) of one run."""
    before, start = os.times(), time.perf_counter()
    with open(stdin or os.devnull, "rb") as feed:
        subprocess.run(command, stdin=feed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                       check=True)
    wall, after = time.perf_counter() - start, os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="rounds (the best of each is shown)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from arbiter.checker import vectors
    from arbiter.checker.red7 import PLUGIN

    load = os.getloadavg()[0]
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, best of {args.runs}, "
          f"seed {args.seed}, load average {load:.1f} at the start")
    engines = {k: v for k, v in ENGINES.items() if shutil.which(v[0][0])}
    with tempfile.TemporaryDirectory() as tmp:
        feeds = {}
        for name, (command, ops) in engines.items():
            cases = vectors.cases(PLUGIN, ops)
            feeds[name] = Path(tmp) / f"{len(feeds)}.jsonl"
            feeds[name].write_text("".join(json.dumps({"id": k, **c["request"]}) + "\n"
                                           for k, c in enumerate(cases) if not c.get("edge_case")))
        runs: dict[str, list[tuple[float, float]]] = {}
        for _ in range(args.runs):  # interleaved: each round runs every case once
            for name, (command, _ops) in engines.items():
                runs.setdefault(f"{name}: vectors piped (baseline)", []).append(seconds(command, feeds[name]))
                check = [sys.executable, "-m", "arbiter.cli", "check", "--engine", " ".join(command), "--budget", "20",
                         "--seed", str(args.seed)]
                runs.setdefault(f"{name}: check --budget 20", []).append(seconds(check))
    print(f"{'run':48} {'cpu s':>7} {'wall s':>7} {'cpu / baseline':>15}")
    for name, times in runs.items():
        cpu, wall = min(t[0] for t in times), min(t[1] for t in times)
        base = min(t[0] for t in runs[name.split(":")[0] + ": vectors piped (baseline)"])
        print(f"{name:48} {cpu:7.2f} {wall:7.2f} {cpu / base:14.1f}x")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
