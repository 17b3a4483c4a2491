"""Seconds for ``advise`` answers (exact and 200 samples) from first turns of 2-player full deals and
from mid-game 3- and 4-player views, Basic and Actions; against the plain baseline of one ``solve``
per first turn per deal (a fresh table each, the engine ``solve`` picks), timed on the same deals in
the same run, and against ``advise`` itself in pure Python (ARBITER_PURE_PYTHON) on the first deals.

    python benchmarks/advise.py [--samples 200] [--cap 150] [--baseline-deals 5] [--python-deals 2] [--jobs 1] [--quick]
    python benchmarks/advise.py --orders 8,10,12,14,off [--quick]

``--orders`` times instead the 200-sample answer of each view under each ``order_from`` (where the
search starts ordering children by reply count; ``off``: never), to pick advise's choice
(``SEARCH_ORDER_FROM``); it adds the 3- and 4-player first turns, where ordering matters.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from arbiter.model.red7.game import apply, deal, successors
from arbiter.model.red7.ruleset import ACTIONS, BASIC, Ruleset
from arbiter.model.red7.view import View, parse_view, view_of
from arbiter.solver.red7 import core, solve
from arbiter.solver.red7.advise import MAX_DEALS, SEARCH_ORDER_FROM, advise
from arbiter.solver.red7.game import rules_kind
from arbiter.solver.search import PURE_PYTHON_ENV


def midgame(players: int, seed: int, ruleset: Ruleset, turns: int):
    """A seeded game after ``turns`` random turns that are not passes (fewer if the round ends)."""
    pos = deal(players, seed, ruleset)
    rng = random.Random(seed)
    for _ in range(turns):
        choices = [m for m, _ in successors(pos) if str(m) != "pass"]
        if not choices:
            break
        nxt = apply(pos, str(rng.choice(choices)))
        if nxt.is_over:
            break
        pos = nxt
    return pos


def baseline(view: View, deals: int, seed: int, cap: float) -> tuple[float, int]:
    """One ``solve(child, full=False)`` per first turn of each of the first ``deals`` sampled deals."""
    rng = random.Random(seed)
    started = time.perf_counter()
    done = 0
    for _ in range(deals):
        pos = view.sample(rng)
        for _, child in successors(pos):
            left = cap - (time.perf_counter() - started)
            if left <= 0:
                return time.perf_counter() - started, done
            solve(child, full=False, timeout=left)
        done += 1
    return time.perf_counter() - started, done


def pure_python(view: View, deals: int, seed: int, cap: float) -> tuple[float, int]:
    """``advise`` on the first ``deals`` sampled deals with the Python search forced: seconds, deals done."""
    os.environ[PURE_PYTHON_ENV] = "1"
    try:
        a = advise(view, samples=deals, seed=seed, timeout=cap, auto_exact=False, stop_early=False)
    finally:
        del os.environ[PURE_PYTHON_ENV]
    assert a.engines <= {"python"}
    return a.seconds, a.deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--cap", type=float, default=150.0, help="Seconds at most per answer (then: partial).")
    ap.add_argument("--baseline-deals", type=int, default=5)
    ap.add_argument("--python-deals", type=int, default=2, help="Deals advised in pure Python (0: none).")
    ap.add_argument("--python-cap", type=float, default=40.0, help="Seconds at most for those, per view.")
    ap.add_argument("--jobs", type=int, default=1, help="advise's worker processes.")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="Only the mid-game views.")
    ap.add_argument("--orders", help="Comma-separated order_from values (integers or off) to compare instead.")
    args = ap.parse_args()
    engine = core.choose(ACTIONS)[0]
    print(f"Python {platform.python_version()}, {platform.machine()}; samples {args.samples}, cap {args.cap} s, "
          f"engine {engine}, jobs {args.jobs}, load {os.getloadavg()[0]:.1f}")
    cases = []
    if not args.quick:
        cases += [(f"2p first turn, Basic (deal {d})", view_of(deal(2, d, BASIC))) for d in (1, 2, 3)]
        cases.append(("2p first turn, Actions (deal 1)", view_of(deal(2, 1, ACTIONS))))
    cases.append(("2p worked example (docs/advise.md)", parse_view("red 0 basic | R7 O3 / Y4 | 3 / V6 | canvas G3 B1")))
    cases += [(f"{n}p mid-game, {rs_name}", view_of(midgame(n, 3, rs, turns)))
              for n, turns in ((3, 6), (4, 8)) for rs_name, rs in (("Basic", BASIC), ("Actions", ACTIONS))]
    if args.orders:
        if not args.quick:
            cases += [(f"{n}p first turn, {rs_name} (deal 1)", view_of(deal(n, 1, rs)))
                      for n, rs_name, rs in ((3, "Basic", BASIC), (3, "Actions", ACTIONS), (4, "Basic", BASIC))]
        compare_orders(cases, [None if o.strip() == "off" else int(o) for o in args.orders.split(",")], args)
        return
    print("| view | consistent deals | exact s | sampled deals | stopped | sampled s | sampled CPU s | s per deal | "
          "baseline s per deal | ratio | pure Python s per deal | ratio |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, view in cases:
        count = view.count()
        if count <= MAX_DEALS:
            a = advise(view, exact=True, timeout=args.cap, jobs=args.jobs)
            exact = f"{a.seconds:.2f}" + ("" if a.complete else f" (cut, {a.deals} deals)")
        else:
            exact = "refused"
        cpu = time.process_time()
        s = advise(view, samples=args.samples, seed=args.seed, timeout=args.cap, auto_exact=False, jobs=args.jobs)
        cpu = time.process_time() - cpu  # this process only: with --jobs > 1 the workers' time is not in it
        per = s.seconds / max(1, s.deals)
        b_s, b_n = baseline(view, min(args.baseline_deals, s.deals or 1), args.seed, args.cap)
        b_per = b_s / max(1, b_n)
        py = "-"
        if args.python_deals:
            p_s, p_n = pure_python(view, args.python_deals, args.seed, args.python_cap)
            if p_n == 0:  # not one deal within the cap: a lower bound
                py = f"> {p_s:.0f} (0 deals) | > {p_s / per if per else float('nan'):.0f}x"
            else:
                p_per = p_s / p_n
                py = f"{p_per:.4f} ({p_n} deals) | {p_per / per if per else float('nan'):.1f}x"
        print(f"| {name} | {count:.3g} | {exact} | {s.deals} | {s.stopped or '-'} | {s.seconds:.2f} | {cpu:.2f} | "
              f"{per:.4f} | {b_per:.4f} ({b_n} deals) | {b_per / per if per else float('nan'):.1f}x | {py} |",
              flush=True)


def compare_orders(cases: list[tuple[str, View]], orders: list[int | None], args: argparse.Namespace) -> None:
    """One table row per view and ``order_from``: the sampled answer's wall and CPU seconds and nodes,
    and its CPU time against the first value's (the plain baseline: the solver's default)."""
    print("| view | order_from | sampled deals | stopped | sampled s | sampled CPU s | nodes | CPU vs first |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    for name, view in cases:
        first = None
        chosen = SEARCH_ORDER_FROM[(rules_kind(view.position.ruleset), view.position.players)]
        for order in orders:
            cpu = time.process_time()
            s = advise(view, samples=args.samples, seed=args.seed, timeout=args.cap, auto_exact=False, jobs=args.jobs,
                       order_from=order)
            cpu = time.process_time() - cpu
            first = cpu if first is None else first
            mark = " (advise's)" if order == chosen else ""
            print(f"| {name} | {'off' if order is None else order}{mark} | {s.deals} | {s.stopped or '-'} | "
                  f"{s.seconds:.2f} | {cpu:.2f} | {s.nodes} | {first / cpu if cpu else float('nan'):.2f}x |", flush=True)


if __name__ == "__main__":
    main()
