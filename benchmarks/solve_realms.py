"""The Realms part of benchmarks/solve.py (``--game realms``): seeded open-hand endgames of 2-7 tricks
for 3 and 4 players (each player holds as many cards as there are tricks, the piles are empty, so
after each trick the Draw Phase deals the recycled trick cards back by chance), solved by
``arbiter.solver.realms.solve`` against the plain ``brute_force`` (exhaustive recursion, the
baseline) in the same run, answers checked equal where both finish; median and worst seconds,
nodes, the largest size every position of which is solved within the limit; then each search
idea switched off in turn. A size is not run once the size below it was beyond the limit for
every position (the table says so).

Then the double-dummy shape proper: seeded deals (7 cards each, the rest of the deck a known draw
pile, the dealer's colour red), over 1-2 tricks, where the Draw Phase refills without chance and
interchangeable cards hold over the whole horizon: the guarantee alone, every idea on and each
off in turn, against the brute force's guarantee alone."""

from __future__ import annotations

import signal
import time

from arbiter.model.realms.game import apply, deal
from arbiter.solver.realms import ALL, Ideas, brute_force, solve
from realms import endgames

IDEAS = {"all ideas": ALL, "no table": Ideas(table=False), "no equivalence": Ideas(equivalence=False),
         "no sure-trick bounds": Ideas(bounds=False), "no zero window": Ideas(zero_window=False),
         "no dead-card skip": Ideas(skip=False), "draws one at a time": Ideas(whole_draws=False),
         "no guarantee floor": Ideas(floor=False)}


class Cut(Exception):
    pass


def capped(fn, seconds: float):
    """(fn(), seconds), or (None, seconds) when it ran past ``seconds`` (stopped by an alarm)."""
    def alarm(*_):
        raise Cut

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.perf_counter()
    try:
        value = fn()
    except Cut:
        value = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return value, time.perf_counter() - start


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[len(xs) // 2]


def _cell(times: list[float], cut: int, cap: float) -> tuple[str, str]:
    """Median and worst seconds of a row's runs, or what a cut run means for them."""
    if cut == len(times):
        return f"> {cap:.0f} (all cut)", f"> {cap:.0f}"
    if cut:
        return f"{_median(times):.3f}" if cut <= len(times) // 2 else f"> {cap:.0f}", f"> {cap:.0f} ({cut} cut)"
    return f"{_median(times):.4f}", f"{max(times):.4f}"


def endgame_table(count: int, seed: int, limit: float, cap: float, sizes: range) -> dict[int, int]:
    """The main table; returns, per player count, the largest size solved within ``limit`` throughout."""
    print(f"\n## Realms open-hand endgames ({count} seeded positions a row, solver limit {limit:.0f} s, "
          f"brute force cut at {cap:.0f} s)\n")
    print("| players | tricks | solved in limit | solver median s | solver worst s | median nodes | "
          "guarantee only median s | brute force median s | brute force worst s | brute / solver (medians) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    largest = {}
    for players in (3, 4):
        solver_out = brute_out = False
        for tricks in sizes:
            if solver_out:
                print(f"| {players} | {tricks} | not run: no position of a smaller size solved in {limit:.0f} s "
                      "| | | | | | | |")
                continue
            times, nodes, solved, quick, brute, cut = [], [], 0, [], [], 0
            for pos in endgames(players, tricks, count, seed):
                r = solve(pos, tricks, timeout=limit)
                times.append(r.seconds)
                nodes.append(r.nodes)
                solved += r.solved
                if r.solved:
                    quick.append(solve(pos, tricks, timeout=limit, expected=False).seconds)
                if brute_out:
                    continue
                answer, seconds = capped(lambda pos=pos, tricks=tricks: brute_force(pos, tricks), cap)
                brute.append(seconds)
                if answer is None:
                    cut += 1
                elif r.solved:
                    assert answer[0] == r.guaranteed and abs(answer[1] - r.expected) < 1e-9, "the solvers disagree"
            if solved == count:
                largest[players] = tricks
            solver_out = solved == 0
            med, worst = (f"{_median(times):.4f}", f"{max(times):.4f}") if solved == count else \
                (f"{_median(times):.3f}" if solved > count // 2 else f"> {limit:.0f}", f"> {limit:.0f}")
            if brute_out:
                b_med = b_worst = "not run (cut at a smaller size)"
                ratio = "-"
            else:
                b_med, b_worst = _cell(brute, cut, cap)
                ratio = f"{_median(brute) / _median(times):.1f}x" if not cut and solved == count else \
                    ("> " + f"{cap / _median(times):.0f}x" if cut == count and solved == count else "-")
                brute_out = cut == count
            q = f"{_median(quick):.4f}" if quick else "-"
            print(f"| {players} | {tricks} | {solved}/{count} | {med} | {worst} | {_median(nodes)} | {q} | {b_med} | "
                  f"{b_worst} | {ratio} |", flush=True)
    return largest


def ideas_table(count: int, seed: int, limit: float, cases: list[tuple[int, int]]) -> None:
    print(f"\n## Each idea off in turn (same positions, {count} a row; full answer: guarantee, expectation, "
          "line, dead cards)\n")
    print("| players | tricks | ideas | total nodes | total s | nodes / all ideas | s / all ideas |")
    print("|---:|---:|---|---:|---:|---:|---:|")
    for players, tricks in cases:
        positions = endgames(players, tricks, count, seed)
        base = None
        for name, ideas in IDEAS.items():
            rs = [solve(pos, tricks, timeout=limit, ideas=ideas) for pos in positions]
            n, s = sum(r.nodes for r in rs), sum(r.seconds for r in rs)
            note = "" if all(r.solved for r in rs) else f" ({sum(not r.solved for r in rs)} stopped at {limit:.0f} s)"
            if base is None:
                base = (n, s)
                answers = [(r.guaranteed, r.expected) for r in rs]
            elif all(r.solved for r in rs):
                assert [(r.guaranteed, r.expected) for r in rs] == answers or all(
                    a[0] == b[0] and abs(a[1] - b[1]) < 1e-9 for a, b in zip(answers, [(r.guaranteed, r.expected)
                                                                                     for r in rs], strict=True))
            print(f"| {players} | {tricks} | {name}{note} | {n} | {s:.2f} | {n / base[0]:.2f} | {s / base[1]:.2f} |",
                  flush=True)


def known_pile_table(count: int, limit: float, cap: float) -> None:
    print(f"\n## Seeded deals with a known pile (seeds 0..{count - 1}, 7 cards each, ruling red): the guarantee "
          f"alone, solver limit {limit:.0f} s, brute force cut at {cap:.0f} s\n")
    print("| players | tricks | ideas | solved | total nodes | median s | worst s | brute force median s |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|")
    for players, tricks in ((3, 1), (3, 2), (4, 1), (4, 2)):
        positions = [apply(deal(players, seed), "ruling=red") for seed in range(count)]
        brute, cut = [], 0
        answers = []
        for pos in positions:
            answer, seconds = capped(lambda pos=pos, tricks=tricks: brute_force(pos, tricks, expected=False), cap)
            brute.append(seconds)
            cut += answer is None
            answers.append(None if answer is None else answer[0])
        b_med, _ = _cell(brute, cut, cap)
        for name, ideas in IDEAS.items():
            rs = [solve(pos, tricks, timeout=limit, ideas=ideas, expected=False) for pos in positions]
            for r, want in zip(rs, answers, strict=True):
                assert not r.solved or want is None or r.guaranteed == want, "the solvers disagree"
            solved = sum(r.solved for r in rs)
            times = [r.seconds for r in rs]
            med, worst = (f"{_median(times):.3f}", f"{max(times):.3f}") if solved == count else \
                (f"{_median(times):.3f}" if solved > count // 2 else f"> {limit:.0f}", f"> {limit:.0f}")
            print(f"| {players} | {tricks} | {name} | {solved}/{count} | {sum(r.nodes for r in rs)} | {med} | {worst} | "
                  f"{b_med if name == 'all ideas' else ''} |", flush=True)


def main(args) -> None:
    parts = args.realms_parts.split(",")
    if "endgames" in parts:
        largest = endgame_table(args.realms_positions, args.realms_seed, args.realms_limit, args.realms_cap,
                                range(2, args.realms_max_tricks + 1))
        for players in (3, 4):
            print(f"\nlargest size solved within {args.realms_limit:.0f} s for every position, {players} players: "
                  f"{largest.get(players, 'none')} tricks")
    if "ideas" in parts:
        ideas_table(args.realms_positions, args.realms_seed, args.realms_limit, [(3, 2), (4, 2)])
    if "known" in parts:
        known_pile_table(args.realms_positions, args.realms_limit, args.realms_cap)


def add_arguments(parser) -> None:
    parser.add_argument("--realms-positions", type=int, default=4, help="Realms: seeded positions per row")
    parser.add_argument("--realms-seed", type=int, default=1)
    parser.add_argument("--realms-limit", type=float, default=10.0, help="Realms: seconds per solve")
    parser.add_argument("--realms-cap", type=float, default=10.0, help="Realms: seconds before a brute force is cut")
    parser.add_argument("--realms-max-tricks", type=int, default=7)
    parser.add_argument("--realms-parts", default="endgames,ideas,known", help="Realms: which tables")
