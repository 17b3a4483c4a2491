"""A search for real Red7 positions where the sampled win share of ``advise`` ranks two turns the wrong
way round compared with the exact best-defence value (``solver/defence.py``), and why.

Over seeded short rounds (``small_deal``: a few cards a hand, one a Palette, a small deck; the mover's
view), every turn gets three values over all the consistent deals:

- **sampled**: ``advise`` with 200 samples, seed 0: these views have fewer consistent deals than
  that, so it is the exact win share (every deal solved with all cards known);
- **vector**: Frank & Basin's vector minimaxing (``Defence(local=True)``): one step chosen at each
  information set for all its states, so no strategy fusion, but each choice made for every state of
  the set, though the defence may steer some of those deals elsewhere (non-locality);
- **exact**: the best-defence value (the best strategy that uses only what the seat sees).

A pair of turns A, B is *misranked* when sampled(A) > sampled(B) but exact(A) < exact(B). It is
put down to **strategy fusion** when vector minimaxing already ranks the pair right, and to
**non-locality** when it ranks it wrong too. For A, the first information set after it where the
deals the seat could win with all cards known need different steps (the fusion itself) is printed.

    python benchmarks/misranked.py [--seeds 60] [--start 0] [--sizes 2,3,1 2,3,2 2,2,3] [--rulesets basic actions]

Each position found is printed as its view text, then the values and the evidence; docs/advise.md
("Where the sampled share ranks turns wrongly") quotes positions found by this search, and
tests/solver/test_misranked.py replays them.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from arbiter.model.red7.cards import card_code, codes
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.view import format_view, view_of
from arbiter.solver import defence
from arbiter.solver.red7.advise import advise
from arbiter.solver.red7.defence import best_defence, rules, small_deal


def hidden(state: Any, me: int) -> str:
    """The cards the seat does not see in a state: the other hands (and the deck, top first, where it is drawn)."""
    pos = state.start if hasattr(state, "start") else state
    parts = [f"player {i} {' '.join(codes(h)) or '-'}" for i, h in enumerate(pos.hands) if i != me]
    if pos.ruleset.actions or pos.ruleset.advanced:
        parts.append("deck " + (" ".join(card_code(c) for c in pos.deck) or "-"))
    return ", ".join(parts)


def evidence(view: Any, step: str) -> list[str]:
    """The fusion after ``step`` (``defence.fusion``) as lines: what the seat saw, then each state
    alike to it with the steps that keep it winnable with all cards known."""
    pos = view.position
    found = defence.fusion(rules(view.me, pos.ruleset, pos.players), list(view.deals()), step)
    if found is None:
        return ["no fusion within the depth searched"]
    lines = [(f"after {' / '.join(t for t in found.path if t)}: {len(found.states)} deals look alike to the seat; "
             f"{found.winnable} can be won with all cards known, one step wins {found.best_step} of them at most:")]
    for k, st in enumerate(found.states):
        wins = [s for s, ks in found.winning.items() if k in ks]
        lines.append(f"    {hidden(st, view.me)}: " + (", ".join(wins) if wins else "lost whatever it plays"))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=60)
    ap.add_argument("--start", type=int, default=0, help="the first seed")
    ap.add_argument("--sizes", nargs="+", default=["2,3,1", "2,3,2", "2,2,3"])
    ap.add_argument("--rulesets", nargs="+", default=["basic", "actions", "advanced"])
    ap.add_argument("--max-deals", type=int, default=120)
    args = ap.parse_args()
    started = time.process_time()
    found = views = 0
    kinds: dict[str, int] = {}
    for size in args.sizes:
        players, hand, deck = map(int, size.split(","))
        for rs in args.rulesets:
            for seed in range(args.start, args.start + args.seeds):
                view = view_of(small_deal(seed, players, hand, deck, Ruleset.parse(rs)))
                if view.count() > args.max_deals:
                    continue
                views += 1
                exact = best_defence(view, max_deals=args.max_deals)
                sampled = advise(view, samples=200, seed=0)
                assert sampled.exact  # fewer consistent deals than samples: the sampled share is exact
                sample = {m.move: m.wins for m in sampled.moves}
                ii = {m.move: m.wins for m in exact.moves}
                pairs = [(a, b) for a in ii for b in ii if sample.get(a, 0) > sample.get(b, 0) and ii[a] < ii[b]]
                if not pairs:
                    continue
                pos = view.position
                vector = defence.values(rules(view.me, pos.ruleset, pos.players), list(view.deals()), local=True)
                found += 1
                print(f"## {size} {rs} seed {seed}: {format_view(view)}")
                print(f"   {exact.deals} consistent deals; turn: sampled / vector / exact deals won")
                for m in exact.moves:
                    print(f"     {m.text:<28} {sample.get(m.move, 0):>3} / {vector[m.move]:>3} / {ii[m.move]:>3}")
                for a, b in pairs:
                    kind = "strategy fusion" if vector[a] < vector[b] else "non-locality"
                    kinds[kind] = kinds.get(kind, 0) + 1
                    print(f"   misranked: {a} over {b} ({kind})")
                for a in sorted({a for a, _ in pairs}):
                    print(f"   fusion after {a}:")
                    for line in evidence(view, next(m.text for m in exact.moves if m.move == a)):
                        print("     " + line)
    print(f"{found} positions misranked of {views} views searched; pairs by kind: {kinds}; "
          f"{time.process_time() - started:.0f} s CPU, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
