"""Time the z3 theorem catalogue theorem by theorem (``python benchmarks/prove.py [--only ID]``).

Prints one row per theorem (status, expected, seconds) and the total. There is no plain baseline to
run beside it: the claims quantify over all 2^49 Palettes per player, beyond any enumeration.
"""

from __future__ import annotations

import argparse
import platform
import time

from arbiter.proofs.theorems import catalogue, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", help="a theorem id or id prefix (e.g. max-count)")
    args = parser.parse_args()
    chosen = [t for t in catalogue() if args.only is None or t.id == args.only or t.id.startswith(args.only + "/")]
    print(f"python {platform.python_version()}, {platform.machine()}")
    print(f"{'theorem':28} {'status':15} {'expected':15} {'seconds':>8}")
    total = 0.0
    for theorem in chosen:
        start = time.perf_counter()
        result = run(theorem)
        seconds = time.perf_counter() - start
        total += seconds
        print(f"{theorem.id:28} {result.status:15} {theorem.expected:15} {seconds:8.1f}", flush=True)
    print(f"{'total':60} {total:8.1f}")


if __name__ == "__main__":
    main()
