"""Realms open-hand solver against the issue 26 targets: seeded positions solved by the search as it
was (old: the expectation without the scout, ``Ideas(scout=False)``, the code of main before it;
``--old last_trick`` for the round before, the horizon's last trick searched position by position)
and as it is, interleaved (old, new, old, new), CPU seconds per solve.

Known pile: ``apply(deal(players, seed), "ruling=red")`` (7-card hands, the rest a known draw
pile), the guarantee and dead cards (``expected=False``), 3 and 5 tricks. Empty piles:
``benchmarks/realms.py`` ``endgames`` (each player holds as many cards as there are tricks; the
Draw Phase deals the recycled trick cards back by chance), the full answer, 4 tricks. A solve is
stopped by a limit of CPU seconds (``--limit``; ARBITER_TIMEOUT_CLOCK=cpu, so that the machine's
load does not decide which solves are cut; ``--wall`` for the old wall-clock limit) and counted as
not solved.

``--base DIR`` times another checkout (DIR: its root, e.g. ``git worktree add /tmp/base main``; the
Realms solver is pure Python, so nothing needs building) as the old search instead: every idea of
its own, in a worker process of this interpreter that imports ``arbiter`` from DIR, timed there
around each solve, interleaved with this checkout's position by position like ``--old``.

Run: python benchmarks/realms_targets.py [--seeds N] [--seed S] [--limit SECONDS] [--base DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace

from arbiter.model.realms.game import apply, deal
from arbiter.model.realms.notation import format_text
from arbiter.solver.realms import ALL, Ideas, solve
from arbiter.solver.search import TIMEOUT_CLOCK_ENV
from realms import endgames

OLDS = {"scout": Ideas(scout=False), "last_trick": Ideas(last_trick=False)}


def _run(pos, tricks, ideas, expected, limit):
    start = time.process_time()
    r = solve(pos, tricks, timeout=limit, ideas=ideas, expected=expected)
    return time.process_time() - start, r


# Run in the worker of ``--base``: one JSON line per solve in (position text, tricks, expected, limit),
# one out (CPU seconds of the solve, and its answer).
IN_BASE = """
import json, sys, time
from arbiter.model.realms.notation import parse_text
import arbiter.solver.realms
from arbiter.solver.realms import solve
print(json.dumps(arbiter.solver.realms.__file__), flush=True)
for line in sys.stdin:
    text, tricks, expected, limit = json.loads(line)
    pos = parse_text(text)
    start = time.process_time()
    r = solve(pos, tricks, timeout=limit, expected=expected)
    t = time.process_time() - start
    print(json.dumps([t, r.solved, r.guaranteed, r.dead_cards, r.expected]), flush=True)
"""


class Base:
    """A worker process solving with the checkout at ``root``: ``arbiter`` imported from there (a
    link named ``arbiter`` to it, first on the path, ahead of this checkout's editable install)."""

    def __init__(self, root: str) -> None:
        root = os.path.abspath(root)
        if not os.path.isfile(os.path.join(root, "solver", "realms", "__init__.py")):
            raise SystemExit(f"--base {root}: not a checkout (no solver/realms/__init__.py)")
        self.links = tempfile.TemporaryDirectory()
        os.symlink(root, os.path.join(self.links.name, "arbiter"))
        env = dict(os.environ, PYTHONPATH=self.links.name)
        self.proc = subprocess.Popen([sys.executable, "-c", IN_BASE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd=self.links.name)
        line = self.proc.stdout.readline()
        self.solver = json.loads(line) if line else None
        if self.solver is None or not self.solver.startswith(self.links.name):
            raise SystemExit(f"--base: the worker did not import arbiter from {root} (got {self.solver})")

    def run(self, pos, tricks, expected, limit):
        self.proc.stdin.write(json.dumps([format_text(pos), tricks, expected, limit]) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("--base: the worker stopped (its error is above)")
        t, solved, guaranteed, dead_cards, expected_ = json.loads(line)
        return t, SimpleNamespace(solved=solved, guaranteed=guaranteed, dead_cards=dead_cards, expected=expected_)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()
        self.links.cleanup()


def _summary(rows):
    done = sorted(t for t, r in rows if r.solved)
    if not done:
        return "none solved"
    med = sorted(t if r.solved else float("inf") for t, r in rows)[len(rows) // 2]
    median = "cut" if med == float("inf") else f"{med:.2f} s"
    return f"median {median}, max solved {done[-1]:.2f} s, solved {len(done)}/{len(rows)}"


def _cell(run) -> str:
    t, r = run
    return f"{t:.2f}" if r.solved else "cut"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="the endgames' seed (known piles use seeds 0..N-1)")
    parser.add_argument("--limit", type=float, default=30.0, help="seconds a solve may take (CPU unless --wall)")
    parser.add_argument("--old", choices=sorted(OLDS), default="scout", help="the idea switched off in the old search")
    parser.add_argument("--only", choices=("all", "known", "empty"), default="all", help="the cases run")
    parser.add_argument("--base", metavar="DIR", help="the old search is the checkout at DIR (all its ideas)")
    parser.add_argument("--wall", action="store_true", help="the limit is wall-clock time, not CPU time")
    args = parser.parse_args()
    if not args.wall:
        os.environ[TIMEOUT_CLOCK_ENV] = "cpu"
    base = Base(args.base) if args.base else None
    print(f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"load {os.getloadavg()[0]:.1f}, limit {args.limit:.0f} s {'wall' if args.wall else 'CPU'} per solve, "
          f"old: {f'the checkout {os.path.abspath(args.base)}' if base else f'{args.old}=False'}, seed {args.seed}")
    old_ideas = OLDS[args.old]
    cases = []
    for players in (3, 4) if args.only != "empty" else ():
        for tricks in (3, 5):
            cases.append((f"known pile, {players} players, {tricks} tricks", tricks, False,
                          [apply(deal(players, s), "ruling=red") for s in range(args.seeds)]))
    for players in (3, 4) if args.only != "known" else ():
        cases.append((f"empty piles, {players} players, 4 tricks", 4, True, endgames(players, 4, args.seeds, args.seed)))
    for name, tricks, expected, positions in cases:
        old, new = [], []
        for pos in positions:
            old.append(base.run(pos, tricks, expected, args.limit) if base
                       else _run(pos, tricks, old_ideas, expected, args.limit))
            new.append(_run(pos, tricks, ALL, expected, args.limit))
            (_, a), (_, b) = old[-1], new[-1]
            if a.solved and b.solved:
                assert (a.guaranteed, a.dead_cards) == (b.guaranteed, b.dead_cards), "old and new disagree"
                assert a.expected is None or abs(a.expected - b.expected) < 1e-9, "old and new disagree"
        print(f"{name}: old {_summary(old)}; new {_summary(new)}; CPU s per position, old / new: "
              f"{' '.join(f'{_cell(o)}/{_cell(n)}' for o, n in zip(old, new, strict=True))}", flush=True)
    if base:
        base.close()
    print(f"# load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
