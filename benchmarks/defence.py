"""CPU seconds of the exact best-defence value (``advise --best-defence``) on small Red7 views, against
the plain baseline measured in the same run on the same views: ``advise --exact`` (the win share,
every deal solved with all cards known). Issue 27's target: views with up to 4 unseen cards and 3
cards a hand under 10 s. Larger views show where the frontiers stop being quick. Seeded short
rounds (``small_deal``), the mover's view, every size interleaved in each round; prints a table.

    python benchmarks/defence.py [--game red7|stick-to-colours|realms] [--seeds 8] [--first-seed 0] [--rounds 2]
                                 [--sizes target|all] [--tricks 2]

``--first-seed S`` runs seeds S..S+N-1 (N = ``--seeds``); each view's CPU seconds are printed as it ends.

Stick to Colours (``--game stick-to-colours``): the dealer's view of seeded late games (``small_view``),
the best-defence margin against the margin with all cards known, the same way.

Realms (``--game realms``): the leader's view of seeded late rounds (``small_deal``), the tricks made
sure of over ``--tricks`` tricks (default 2) against ``advise --exact --tricks`` (all hands known).
Hands of 7 and a pile that lasts the horizon (2 cards a trick after the first), so that no draw
reshuffles the discard pile (those draws are too many to search: docs/advise.md, Best defence).
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RULESETS = ("basic", "actions", "advanced", "advanced+actions")
# (players, hand, deck): 4 unseen cards (the other hands and the deck) with 3 or 2 cards a hand are
# the target; the larger sizes are beyond it (5 to 8 unseen cards).
TARGET = [(2, 3, 1), (2, 2, 2), (3, 2, 0)]
LARGER = [(2, 3, 2), (2, 3, 3), (2, 4, 2), (3, 2, 2), (2, 4, 4)]
# Stick to Colours (players, hand, won, market, deck) of ``small_view``: the other collections' 2 dealt
# cards unseen (6 deals), with a deck card (30 deals) or 3 players beyond.
STICK_TARGET = [(2, 2, 2, 3, 0), (2, 2, 3, 2, 0), (2, 2, 3, 3, 0)]
STICK_LARGER = [(2, 2, 2, 3, 1), (3, 2, 2, 3, 0)]
# Realms (players, hand, pile) of ``small_deal``: the other hand of 7 and the pile unseen; over 2
# tricks a pile of 2 (36 deals) or 3 (120); over 3 tricks a pile of 4 (330 deals).
REALMS_TARGET = {2: [(2, 7, 2)], 3: [(2, 7, 4)]}
REALMS_LARGER = {2: [(2, 7, 3)], 3: []}


@dataclass(frozen=True)
class Bench:
    """One game's side: its sizes, rulesets, the view of a seeded size, its two values, the size's title."""

    target: list
    larger: list
    rulesets: tuple
    view: Callable[[int, tuple, str], Any]
    advise: Callable[..., Any]
    best_defence: Callable[..., Any]
    title: str


def _red7() -> Bench:
    from arbiter.model.red7.ruleset import Ruleset
    from arbiter.model.red7.view import view_of
    from arbiter.solver.red7.advise import advise
    from arbiter.solver.red7.defence import best_defence, small_deal

    return Bench(TARGET, LARGER, RULESETS, lambda seed, size, rs: view_of(small_deal(seed, *size, Ruleset.parse(rs))),
                 advise, best_defence, "players, hand, deck")


def _stick() -> Bench:
    from arbiter.model.stick_to_colours.ruleset import Ruleset
    from arbiter.solver.stick_to_colours.advise import advise
    from arbiter.solver.stick_to_colours.defence import best_defence, small_view

    return Bench(STICK_TARGET, STICK_LARGER, ("default",),
                 lambda seed, size, rs: small_view(seed, *size, ruleset=Ruleset.parse(rs)), advise, best_defence,
                 "players, hand, won, market, deck")


def _realms(tricks: int) -> Bench:
    from arbiter.model.realms.view import view_of
    from arbiter.solver.realms.advise import advise
    from arbiter.solver.realms.defence import best_defence, small_deal

    return Bench(REALMS_TARGET.get(tricks, []), REALMS_LARGER.get(tricks, []), (f"default, {tricks} tricks",),
                 lambda seed, size, rs: view_of(small_deal(seed, *size)),
                 lambda view, **kw: advise(view, tricks=tricks, max_deals=5000, **kw),
                 lambda view, **kw: best_defence(view, tricks=tricks, **kw), "players, hand, pile")


GAMES = {"red7": _red7, "stick-to-colours": _stick, "realms": _realms}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=sorted(GAMES), default="red7")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--sizes", choices=("target", "all"), default="target")
    ap.add_argument("--tricks", type=int, default=2, help="Realms: the horizon in tricks")
    args = ap.parse_args()
    bench = _realms(args.tricks) if args.game == "realms" else GAMES[args.game]()
    sizes = bench.target + (bench.larger if args.sizes == "all" else [])
    rows: dict[tuple, dict[str, list[float]]] = {}
    deals: dict[tuple, list[int]] = {}
    gaps: dict[tuple, set[int]] = {}
    for _ in range(args.rounds):
        for size in sizes:
            for rs in bench.rulesets:
                key = (*size, rs)
                cpu = rows.setdefault(key, {"defence": [], "exact": []})
                for seed in range(args.first_seed, args.first_seed + args.seeds):
                    view = bench.view(seed, size, rs)
                    t = time.process_time()
                    plain = bench.advise(view, exact=True)
                    cpu["exact"].append(time.process_time() - t)
                    t = time.process_time()
                    got = bench.best_defence(view, max_deals=5000)
                    cpu["defence"].append(time.process_time() - t)
                    print(f"seed {seed}, {key}: best defence {cpu['defence'][-1]:.2f} CPU s, exact {cpu['exact'][-1]:.2f} "
                          f"CPU s, {got.deals} deals, load {os.getloadavg()[0]:.1f}", flush=True)
                    assert got.stopped is None and got.deals == plain.deals
                    deals.setdefault(key, []).append(got.deals)
                    if any(m.totals[0] < m.totals[1] for m in got.moves):
                        gaps.setdefault(key, set()).add(seed)
    print(f"load {os.getloadavg()[0]:.1f}; {args.seeds} seeds x {args.rounds} rounds per row")
    print(f"| {bench.title} | ruleset | deals | best defence mean / max CPU s | exact (all cards known) mean CPU s "
          "| ratio | views with a gap |")
    print("|---|---|---|---|---|---|---|")
    for key, cpu in rows.items():
        d = cpu["defence"]
        e = cpu["exact"]
        mean_d, mean_e = sum(d) / len(d), sum(e) / len(e)
        n = deals[key]
        print(f"| {', '.join(map(str, key[:-1]))} | {key[-1]} | {min(n)}-{max(n)} | {mean_d:.3f} / {max(d):.3f} | "
              f"{mean_e:.3f} | {mean_d / mean_e:.1f} | {len(gaps.get(key, ()))} of {args.seeds} |")


if __name__ == "__main__":
    main()
