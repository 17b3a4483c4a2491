"""Seeded random play shared by the witness finder and the divergence sampler: legal turns
remembered per game, rounds and whole Advanced games played by uniformly random legal turns."""

from __future__ import annotations

import random
from dataclasses import replace

from arbiter.model.red7 import Position, successors
from arbiter.model.red7.match import Match, next_round, start
from arbiter.model.red7.ruleset import SWITCHES

from .catalogue import Entry, Reading

MATCH_SWITCHES = ("next_round_first", "final_tie")  # read between rounds only, never by a turn
ROUND_ONLY = {s: SWITCHES[s][0] for s in MATCH_SWITCHES}  # a ruleset as the turns of a round see it
MAX_ROUNDS = 60  # a game ends long before this; the bound keeps a faulty engine from hanging us
Options = list[tuple[str, Position]]


def under(pos: Position, entry: Entry, reading: Reading) -> Position:
    return replace(pos, ruleset=reading.ruleset(entry.base))


def state(pos: Position) -> tuple:
    """Everything in a position except its ruleset: what two readings can disagree on."""
    return (pos.rule, pos.to_move, pos.hands, pos.palettes, pos.out, pos.deck, pos.scores)


class Turns:
    """Legal turns of a position as (text, next position), sorted by text, remembered for one game
    so that a game and its replay under another reading share work while they coincide."""

    def __init__(self) -> None:
        self.memo: dict[tuple, Options] = {}

    def __call__(self, pos: Position) -> Options:
        rules = pos.ruleset.with_switches(**ROUND_ONLY)
        key = (state(pos), rules)
        options = self.memo.get(key)
        if options is None:
            options = sorted(((str(m), nxt) for m, nxt in successors(replace(pos, ruleset=rules))),
                             key=lambda o: o[0])
            self.memo[key] = options
        if rules != pos.ruleset:
            options = [(t, replace(nxt, ruleset=pos.ruleset)) for t, nxt in options]
        return options


def play_round(pos: Position, turns: Turns, rng: random.Random) -> list[tuple[str, Position]]:
    """A round played by uniformly random legal turns: (turn text, position after), the first
    entry being ("", the starting position)."""
    path = [("", pos)]
    while not pos.is_over:
        text, pos = rng.choice(turns(pos))
        path.append((text, pos))
    return path


def play_match(reading: Reading, entry: Entry, players: int, seed: int,
               turns: Turns) -> list[tuple[Match, list[str]]]:
    """A seeded game of random turns: for each round, the Match at its end and the turns played."""
    rng = random.Random(seed)
    match = start(players, seed, reading.ruleset(entry.base))
    rounds = []
    for _ in range(MAX_ROUNDS):
        path = play_round(match.position, turns, rng)
        match = replace(match, position=path[-1][1])
        rounds.append((match, [t for t, _ in path[1:]]))
        if match.is_over:
            return rounds
        match = next_round(match)
    raise RuntimeError(f"game {seed} did not end within {MAX_ROUNDS} rounds")


def with_reading(match: Match, entry: Entry, reading: Reading) -> Match:
    rules = reading.ruleset(entry.base)
    return replace(match, ruleset=rules, position=replace(match.position, ruleset=rules))


def after_round(match: Match, entry: Entry, reading: Reading) -> dict[str, object]:
    """What ``reading`` makes of a finished round: the game's winners, or who starts the next round."""
    m = with_reading(match, entry, reading)
    if m.is_over:
        return {"winners": m.winners}
    return {"next_first": next_round(m).position.to_move}


def differs_at_round_end(match: Match, entry: Entry) -> bool:
    return len({str(after_round(match, entry, r)) for r in entry.readings}) > 1
