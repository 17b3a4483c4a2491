"""Seeded play shared by the witness finder and the divergence sampler: legal turns remembered per
game, and rounds and whole Advanced games played by a policy (uniformly random legal turns, or a
reasonable player: a cheap heuristic, and the solver once the hands are small)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

from arbiter.model.red7 import Move, Position, successors
from arbiter.model.red7.cards import ALL_CARDS, cards_of, number_of, parse_cards
from arbiter.model.red7.game import DISCARD, PASS_MOVE, deal
from arbiter.model.red7.match import Match, next_round, round_seed, start
from arbiter.model.red7.ruleset import SWITCHES, Ruleset
from arbiter.solver.red7 import solve

from ..entry import Entry, Reading

MATCH_SWITCHES = ("next_round_first", "final_tie", "new_hand")  # read between rounds only, never by a turn
ROUND_ONLY = {s: SWITCHES[s][0] for s in MATCH_SWITCHES}  # a ruleset as the turns of a round see it
MAX_ROUNDS = 60  # a game ends long before this; the bound keeps a faulty engine from hanging us
SOLVE_CARDS = 6  # the solver-guided player searches once the hands hold at most this many cards
SOLVE_NODES = 1000  # and gives up (playing at random) past this many nodes
Options = list[tuple[Move, Position]]


def under(pos: Position, entry: Entry, reading: Reading) -> Position:
    return replace(pos, ruleset=reading.ruleset(entry.base))


def state(pos: Position) -> tuple:
    """Everything in a position except its ruleset: what two readings can disagree on."""
    return (pos.rule, pos.to_move, pos.hands, pos.palettes, pos.out, pos.deck, pos.scores)


class Turns:
    """Legal turns of a position, remembered for one game so that a game and its replay under
    another reading share work while they coincide. Turns are kept as Moves (step tuples) in step
    order; their text is made only for the turns actually played."""

    def __init__(self) -> None:
        self.memo: dict[tuple, Options] = {}

    def options(self, pos: Position) -> Options:
        """(Move, next position) pairs, the next positions carrying the round-only ruleset."""
        rules = pos.ruleset.with_switches(**ROUND_ONLY) if pos.ruleset.advanced else pos.ruleset
        key = (state(pos), rules)
        options = self.memo.get(key)
        if options is None:
            options = sorted(successors(replace(pos, ruleset=rules)), key=lambda o: o[0])
            self.memo[key] = options
        return options

    def moves(self, pos: Position) -> set[Move]:
        return {m for m, _ in self.options(pos)}

    def take(self, pos: Position, options: Options, k: int) -> tuple[str, Position]:
        move, nxt = options[k]
        return str(move), nxt if nxt.ruleset == pos.ruleset else replace(nxt, ruleset=pos.ruleset)


def _least(options: Options, among: list[int], rng: random.Random) -> int:
    """The index in ``among`` whose turn has the least random priority. One draw from ``rng`` per
    decision salts a hash of each turn's text, so every legal turn is equally likely, and a replay
    under another reading (the same seeded stream, one draw per turn) gives each turn the same
    priority: the two games make the same choice whenever it is legal in both, and part only where
    the reading changes what can be played. (An index drawn into a list would re-deal every choice
    as soon as the lists differ by one turn.)"""
    salt = rng.getrandbits(64).to_bytes(8, "little")
    return min(among, key=lambda k: hashlib.blake2b(str(options[k][0]).encode(), digest_size=8, key=salt).digest())


class RandomPlay:
    """Every player picks a uniformly random legal turn (coupled across readings, see ``_least``)."""

    name = "random"

    def __call__(self, pos: Position, options: Options, rng: random.Random) -> int:
        return _least(options, list(range(len(options))), rng)


class ReasonablePlay:
    """A reasonable player: once the hands hold at most SOLVE_CARDS cards, plays a forced win when
    ``solve`` finds one (within SOLVE_NODES nodes); otherwise stays in spending as few hand cards as
    it can, preferring to keep the rule (no discard), then at random; passes when it cannot stay
    in. Random choices are coupled across readings (see ``_least``)."""

    name = "reasonable"

    def __init__(self) -> None:
        self.memo: dict[tuple, frozenset[str]] = {}

    def winning(self, pos: Position) -> frozenset[str]:
        if sum(h.bit_count() for h in pos.hands) > SOLVE_CARDS:
            return frozenset()
        key = (state(pos), pos.ruleset)
        found = self.memo.get(key)
        if found is None:
            result = solve(pos, max_nodes=SOLVE_NODES)
            found = frozenset(result.winning_moves if result.solved else ())
            self.memo[key] = found
        return found

    def __call__(self, pos: Position, options: Options, rng: random.Random) -> int:
        wins = self.winning(pos)
        chosen = [k for k, (m, _) in enumerate(options) if str(m) in wins] if wins else []
        if not chosen:
            me, hand = pos.to_move, pos.hands[pos.to_move].bit_count()
            costs = {k: (hand - nxt.hands[me].bit_count(), any(v == DISCARD for v, _ in m))
                     for k, (m, nxt) in enumerate(options) if m != PASS_MOVE and not nxt.is_out(me)}
            if costs:
                cheapest = min(costs.values())
                chosen = [k for k, c in costs.items() if c == cheapest]
            else:
                chosen = [k for k, (m, _) in enumerate(options) if m == PASS_MOVE]
        return _least(options, chosen, rng)


Policy = RandomPlay | ReasonablePlay


def play_round(pos: Position, turns: Turns, rng: random.Random,
               policy: Policy | None = None) -> list[tuple[str, Position]]:
    """A round played by ``policy`` (random by default): (turn text, position after), the first
    entry being ("", the starting position)."""
    policy = policy or RandomPlay()
    path = [("", pos)]
    while not pos.is_over:
        options = turns.options(pos)
        text, pos = turns.take(pos, options, policy(pos, options, rng))
        path.append((text, pos))
    return path


def luck(seed: int, draws: int, which: int, at: int) -> random.Random:
    """The random stream of a game replayed from the point reached after ``draws`` decisions:
    its own (``which`` 0: the game's stream, advanced past them) or another, seeded by ``at``
    (``which`` 1: the baseline of chance in ``report.sample``)."""
    if which:
        return random.Random(f"red7 other luck {seed} {at}")
    rng = random.Random(seed)
    for _ in range(draws):
        rng.getrandbits(64)  # one draw per decision (``_least``)
    return rng


def rounds_of(match: Match, rng: random.Random, turns: Turns,
              policy: Policy | None = None) -> list[tuple[Match, list[str]]]:
    """A game played on from the deal of ``match``'s round: for each round from there, the Match at
    its end and the turns played."""
    rounds = []
    for _ in range(MAX_ROUNDS):
        path = play_round(match.position, turns, rng, policy)
        match = replace(match, position=path[-1][1])
        rounds.append((match, [t for t, _ in path[1:]]))
        if match.is_over:
            return rounds
        match = next_round(match)
    raise RuntimeError(f"game {match.seed} did not end within {MAX_ROUNDS} rounds")


def continue_match(match: Match, rng: random.Random, turns: Turns, policy: Policy) -> tuple[list[Match], list[int]]:
    """``rounds_of``'s round ends, with the decisions taken since the deal of the first round by
    the end of each (what a replay from a round end must skip of the random stream)."""
    rounds = rounds_of(match, rng, turns, policy)
    taken = [len(t) for _, t in rounds]
    return [m for m, _ in rounds], [sum(taken[:k + 1]) for k in range(len(taken))]


def play_match(reading: Reading, entry: Entry, players: int, seed: int, turns: Turns,
               policy: Policy | None = None) -> list[tuple[Match, list[str]]]:
    """A seeded game under ``reading``: for each round, the Match at its end and the turns played."""
    return rounds_of(start(players, seed, reading.ruleset(entry.base)), random.Random(seed), turns, policy)


def resume(players: int, seed: int, ruleset: Ruleset, banked: list[list[str]], round_number: int) -> Match:
    """A game part-way through: the cards each player banked in earlier rounds (scores are their
    face values), and round ``round_number`` dealt from the cards left, as ``next_round`` deals it."""
    masks = tuple(parse_cards(b) for b in banked)
    left = ALL_CARDS
    for m in masks:
        left &= ~m
    scores = tuple(sum(number_of(c) for c in cards_of(m)) for m in masks)
    pos = deal(players, round_seed(seed, round_number), ruleset, left, scores)
    return Match(seed, ruleset, pos, round_number, masks, ())


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
