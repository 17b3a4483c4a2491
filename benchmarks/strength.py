"""How strong is a hint? Bots of each level (``solver/bots.py``: random, greedy, sampled, exact) play
each other in seeded 2-player games of every game, each pair from both seats, and the win rates are
written with 95% Wilson intervals into docs/advise.md (between the ``strength`` markers) and printed.

- Red7: whole rounds (Basic, 7 cards a hand) and short rounds (``small_deal``: Advanced, 3 cards a
  hand, 2 in the deck, so that a view has at most 20 consistent deals and the exact bot plays best
  defence at every turn; only the round's win counts);
- Realms: whole games to 100 points (the sampled bot's horizon: the trick in progress); and short
  late rounds (``realms-small``: ``small_deal``, hands of 7 and 3 cards in the pile, the rest face
  up in the discard pile; the first 2 tricks, won by whoever takes more of them, a tie shared), whose
  views have 120 consistent deals at most, so that the exact bot plays best defence at each decision;
- Stick to Colours: whole 2-player games with the bot collection (a shared victory split equally among its winners, the bot collection among them);
  and short late games (``small_deal``: 2 cards dealt and 3 taken face up by each collection, 3 on
  the market, the deck empty), whose views (from the position's record) have 6 consistent deals or a
  few times that, so that the exact bot plays best defence wherever it finishes in its 5 s.

The exact level plays best defence only where the game has it and the view is small; elsewhere it
is the sampled bot (so its pairs are not played where it never differs). Bots see only their own
seat (``Seen``). The seeds are the games' deals; every bot's random choice is seeded by the game's
seed and the step.

    python benchmarks/strength.py [--games 20] [--only red7-small ...] [--no-write]

With ``--only`` the settings named replace their own tables in docs/advise.md (the rest is kept).
"""

from __future__ import annotations

import argparse
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arbiter.model.realms.game import Position as RealmsPosition
from arbiter.model.realms.game import deal as realms_deal
from arbiter.model.red7.game import deal as red7_deal
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.steps import parts
from arbiter.model.stick_to_colours import deal as stick_deal
from arbiter.solver import bots
from arbiter.solver.realms.bots import GAME as REALMS
from arbiter.solver.realms.defence import small_deal as realms_small
from arbiter.solver.red7.bots import GAME as RED7
from arbiter.solver.red7.defence import small_deal
from arbiter.solver.search import TIMEOUT_CLOCK_ENV
from arbiter.solver.stats import wilson
from arbiter.solver.stick_to_colours.bots import GAME as STICK
from arbiter.solver.stick_to_colours.defence import small_deal as stick_small

DOC = Path(__file__).resolve().parent.parent / "docs" / "advise.md"
START, END = "<!-- strength: written by benchmarks/strength.py -->", "<!-- end of strength -->"
BASIC, ADVANCED = Ruleset.parse("basic"), Ruleset.parse("advanced")

# name: (game, deal of a seed, the levels that play, what a game is, deals per pair as a multiple of --games)
SETTINGS: dict[str, tuple[bots.Game, Callable[[int], Any], tuple[str, ...], str, int]] = {
    "red7": (RED7, lambda seed: red7_deal(2, seed, BASIC), ("random", "greedy", "sampled"),
             "Red7, one round, Basic, 7 cards a hand", 1),
    "red7-small": (RED7, lambda seed: small_deal(seed, 2, 3, 2, ADVANCED), bots.LEVELS,
                   "Red7, short rounds: Advanced, 3 cards a hand, 2 in the deck (the round's win only)", 5),
    "realms": (REALMS, lambda seed: realms_deal(2, seed), ("random", "greedy", "sampled"),
               "Realms, a whole 2-player game to 100 points", 1),
    "realms-small": (REALMS, lambda seed: realms_small(seed, 2, hand=7, pile=3), bots.LEVELS,
                     ("Realms, short late rounds: hands of 7, 3 cards in the pile, the first 2 tricks (more "
                      "tricks wins, a tie shared)"), 1),
    "stick-to-colours": (STICK, lambda seed: stick_deal(2, seed), ("random", "greedy", "sampled"),
                         "Stick to Colours, a whole 2-player game with the bot collection", 1),
    "stick-small": (STICK, lambda seed: stick_small(seed, 2, hand=2, won=3, market=3, deck=0), bots.LEVELS,
                    ("Stick to Colours, short late games: 2 cards dealt and 3 taken face up a collection, 3 on "
                     "the market, the deck empty (the bot collection scores)"), 1),
}


# settings played for a few tricks only (Realms): the tricks, after which the more tricks won wins
TRICKS = {"realms-small": 2}


def _trick_ended(before: Any, after: Any) -> bool:
    return isinstance(after, RealmsPosition) and bool(parts(before)[0].trick) and not after.trick


def match(game: bots.Game, start: Any, levels: tuple[str, str], seed: int,
          tricks: int | None = None) -> tuple[float, float, dict[str, int]]:
    """One game, seat 0 playing ``levels[0]`` and seat 1 ``levels[1]``: each seat's share of the win
    (a shared victory split), and how the exact bot decided (best defence or sampled). With
    ``tricks`` (Realms), the game stops after that many tricks and the seat with the higher score wins."""
    counts = {"defence": 0, "other": 0}

    def chooser(level: str) -> bots.Chooser:
        def choose(seen: bots.Seen, k: int) -> str:
            if level == "exact":
                step, by_defence = bots.exact_choice(game, seen, bots.bot_rng(seed, k))
                counts["defence" if by_defence else "other"] += 1
                return step
            return bots.BOTS[level](game, seen, bots.bot_rng(seed, k))
        return choose

    last = start
    ended = 0
    for event in bots.play(game, start, {0: chooser(levels[0]), 1: chooser(levels[1])}, seed):
        last = event.after
        if tricks is not None:
            ended += _trick_ended(event.before, event.after)
            if ended == tricks:
                top = max(last.scores)
                winners = [i for i in (0, 1) if last.scores[i] == top]
                return (1 / len(winners) if 0 in winners else 0.0), (1 / len(winners) if 1 in winners else 0.0), counts
    winners = [w for w in game.winners(last) if w in (0, 1)]
    total = len(game.winners(last))
    return (1 / total if 0 in winners else 0.0), (1 / total if 1 in winners else 0.0), counts


def run(name: str, games: int, only: list[tuple[str, str]] | None = None) -> tuple[list[str], float]:
    game, deal, levels, what, scale = SETTINGS[name]
    games *= scale
    started = time.process_time()
    rows = []
    pairs = [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:] if only is None or (a, b) in only]
    pairs.sort(key=lambda p: "exact" not in p)  # the exact level's first: the costly ones, printed as done
    for a, b in pairs:
        won_a = won_b = 0.0
        played = 0
        used = {"defence": 0, "other": 0}
        for seed in range(games):
            for seats in ((a, b), (b, a)):  # each deal from both seats
                s0, s1, counts = match(game, deal(seed), seats, seed, TRICKS.get(name))
                wa, wb = (s0, s1) if seats[0] == a else (s1, s0)
                won_a, won_b, played = won_a + wa, won_b + wb, played + 1
                for k in used:
                    used[k] += counts[k]
        lo, hi = wilson(round(won_a), played)
        note = ""
        if "exact" in (a, b):
            total = used["defence"] + used["other"]
            note = f"; exact played best defence at {used['defence']} of its {total} decisions"
        rows.append(f"| {a} vs {b} | {played} | {won_a:g} | {won_b:g} | {100 * won_a / played:.0f}% "
                    f"[{100 * lo:.0f}, {100 * hi:.0f}]{note} |")
        print(rows[-1], f"({time.process_time() - started:.0f} s CPU so far)", flush=True)
    seconds = time.process_time() - started
    head = [f"**{what}** ({games} deals, each from both seats; {seconds:.0f} s CPU):", "",
            "| A vs B | games | A won | B won | A's win rate [95%] |", "|---|---|---|---|---|"]
    return head + rows + [""], seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20,
                    help="deals per pair, each played from both seats (5 times as many for the short Red7 rounds)")
    ap.add_argument("--only", choices=list(SETTINGS), nargs="*")
    ap.add_argument("--no-write", action="store_true", help="print the tables only")
    ap.add_argument("--pairs", nargs="*", metavar="A:B", help="play only these pairs (e.g. sampled:exact)")
    args = ap.parse_args()
    os.environ.setdefault(TIMEOUT_CLOCK_ENV, "cpu")  # a bot's 5 s are CPU seconds: the load does not decide
    lines = [(f"Measured with `python benchmarks/strength.py --games {args.games}` (load "
             f"{os.getloadavg()[0]:.1f} at the start). A's wins and B's do not add up to the games where "
             "a Stick to Colours game went to the bot collection; a shared victory is split equally among its winners, the bot collection among them."), ""]
    tables = {}
    for name in args.only or SETTINGS:
        table, _ = run(name, args.games, [tuple(p.split(":")) for p in args.pairs] if args.pairs else None)
        print("\n".join(table), flush=True)
        lines += table
        tables[SETTINGS[name][3]] = table
    if args.no_write:
        return
    text = DOC.read_text(encoding="utf-8")
    if args.only:
        DOC.write_text(_replaced(text, tables), encoding="utf-8")
        return
    block = "\n".join([START, *lines, END])
    if START in text:
        text = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: block, text, flags=re.DOTALL)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    DOC.write_text(text, encoding="utf-8")


def _replaced(text: str, tables: dict[str, list[str]]) -> str:
    """The page with each setting's table (its bold title to the blank line after it) replaced, or
    added at the end of the strength block."""
    for what, table in tables.items():
        block = "\n".join(table)
        pattern = re.escape(f"**{what}**") + r".*?\n\n"
        if re.search(pattern, text, flags=re.DOTALL):
            text = re.sub(pattern, lambda _, new=block: new + "\n", text, count=1, flags=re.DOTALL)
        else:
            text = text.replace(END, block + "\n" + END)
    return text


if __name__ == "__main__":
    main()
