"""Time the Realms theorem catalogue theorem by theorem (``python benchmarks/prove_realms.py [--only ID]``).

Prints one row per theorem (status, expected, seconds) and the total; then the card table of the
default reading (which cards can win, with canonical witnesses) against its plain baseline measured
in the same run: one z3 query per card over every trick size (with the same canonical witness
search), where ``proofs.realms.deciding`` first scans the two-card tricks with the reference
evaluator and asks z3 only about the cards no two-card trick is won by. Both tables are checked equal.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import z3
from arbiter.model.realms.cards import DECK_SIZE
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.model.realms.spec import trick_spec
from arbiter.proofs.realms import deciding
from arbiter.proofs.realms import encoding as E
from arbiter.proofs.realms.theorems import run_catalogue


def plain_table() -> list[dict | None]:
    """Per card, the canonical trick it wins (z3 for every card, smallest size first) or None."""
    sp = trick_spec(DEFAULT)
    out = []
    for c in range(DECK_SIZE):
        found = None
        for k in deciding.SIZES:
            t, dom = E.trick(k)
            s = z3.SimpleSolver()
            w = E.winner(sp, t)
            s.add(dom, w >= 0, deciding.card_at(t, w) == c)
            if s.check() == z3.sat:
                found = deciding.canonical(s, t)
                break
        out.append(found)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="a theorem id or id prefix (e.g. realms/never-wins)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the card-table comparison")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, z3 {z3.get_version_string()}, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"{'theorem':46} {'status':15} {'expected':15} {'seconds':>8}")
    results = run_catalogue(args.only, lambda r, done, total: print(
        f"{r.id:46} {r.status:15} {r.expected:15} {r.seconds:8.2f}", flush=True))
    print(f"total {sum(r.seconds for r in results):.1f} s for {len(results)} theorems")
    if args.no_baseline:
        return
    deciding.table.cache_clear()
    start = time.perf_counter()
    table = deciding.table(DEFAULT)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    plain = plain_table()
    base = time.perf_counter() - start
    same = [c.witness["cards"] if c.wins else None for c in table] == [p and p["cards"] for p in plain]
    print(f"\ncard table, default reading: {sum(c.wins for c in table)} of {DECK_SIZE} cards win; "
          f"tables equal: {same}")
    print(f"{'plain z3 s':>11} {'scan + z3 + replay s':>21} {'ratio':>7}")
    print(f"{base:11.2f} {ours:21.2f} {base / ours:6.2f}x")


if __name__ == "__main__":
    main()
