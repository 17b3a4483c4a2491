"""Time the z3 theorem catalogue theorem by theorem (``python benchmarks/prove.py [--only ID]``).

Prints one row per theorem (status, expected, seconds) and the total; then the theorems about turns
(``proofs/red7/turns.py``) against their plain baseline, the same walk of the engine's turns with no fact
checked (so the ratio is what checking the facts adds to enumerating the turns); then the baseline: the
theorems over the rules whose combinators give z3 a shortcut count (Red, Blue, Indigo) proved again
with the plain encoding (every count a sum over member Booleans, ``encoding.plain_counts``), with the
ratio. ``max-count/indigo`` is left out of the baseline: its plain form ran for ~700 s once and did
not finish in 20 minutes another time. The deciding table is left out too (it is cached in-process).
"""

from __future__ import annotations

import argparse
import platform
import time

from arbiter.model.red7.game import successors
from arbiter.proofs.red7 import encoding, turns
from arbiter.proofs.red7.theorems import Theorem, run, select

BASELINE = ("no-ties/red", "monotone/red", "always-winner/red", "no-ties/blue", "monotone/blue", "always-winner/blue",
            "max-banked/blue", "no-ties/indigo", "monotone/indigo", "always-winner/indigo", "max-banked/indigo")


def _timed(theorem: Theorem) -> tuple[str, float]:
    result = run(theorem)
    return result.status, result.seconds


def _turns() -> None:
    """The walk of the turn theorems' scope with every fact checked, against the bare walk."""
    start = time.perf_counter()
    positions = moves = 0
    for r in turns.positions():
        positions += 1
        moves += len(successors(r.position))
    bare = time.perf_counter() - start
    turns.forget()
    start = time.perf_counter()
    verdicts = turns.check()
    checked = time.perf_counter() - start
    held = sum(v.witness is None for v in verdicts.values())
    print(f"\nturn theorems: {held} of {len(verdicts)} facts held on {positions} positions, {moves} turns")
    print(f"{'walk only s':>12} {'walk + facts s':>15} {'ratio':>7}")
    print(f"{bare:12.2f} {checked:15.2f} {checked / bare:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="a theorem id or id prefix (e.g. max-count)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the plain-encoding comparison")
    args = parser.parse_args()
    chosen = select(args.only)
    print(f"python {platform.python_version()}, {platform.machine()}")
    print(f"{'theorem':28} {'status':15} {'expected':15} {'seconds':>8}")
    total = 0.0
    seconds: dict[str, float] = {}
    for theorem in chosen:
        status, seconds[theorem.id] = _timed(theorem)
        total += seconds[theorem.id]
        print(f"{theorem.id:28} {status:15} {theorem.expected:15} {seconds[theorem.id]:8.1f}", flush=True)
    print(f"{'total':60} {total:8.1f}")
    if args.only is None:
        _turns()
    compared = [t for t in chosen if t.id in BASELINE]
    if args.no_baseline or not compared:
        return
    print(f"\n{'baseline: plain counts':28} {'shortcut s':>10} {'plain s':>10} {'ratio':>7}")
    fast_total = plain_total = 0.0
    for theorem in compared:
        with encoding.plain_counts():
            status, plain = _timed(theorem)
        assert status == theorem.expected, f"{theorem.id}: the plain encoding gave {status}"
        fast_total += seconds[theorem.id]
        plain_total += plain
        print(f"{theorem.id:28} {seconds[theorem.id]:10.2f} {plain:10.2f} {plain / seconds[theorem.id]:6.1f}x",
              flush=True)
    print(f"{'total':28} {fast_total:10.2f} {plain_total:10.2f} {plain_total / fast_total:6.1f}x")


if __name__ == "__main__":
    main()
