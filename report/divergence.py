"""How often an entry matters: seeded games per player count, played by seeded players (random,
or solver-guided) under the default reading and replayed by the same players under each other
reading; shares of games that diverge, with Wilson intervals."""

from __future__ import annotations

import math
import random
import signal
from collections import deque
from collections.abc import Callable
from itertools import islice
from typing import Any

from arbiter.model.red7 import Position
from arbiter.model.red7.match import Match, start
from arbiter.solver.pieces import Pieces, local

from .catalogue import Entry, Reading
from .play import MATCH_SWITCHES, Policy, RandomPlay, SolverPlay, Turns, after_round, play_match, play_round, under
from .witness import leader_under

PLAYER_COUNTS = (2, 3, 4)


def wilson(count: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``count`` successes out of ``total``."""
    if total == 0:
        return (0.0, 1.0)
    p = count / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(count: int, total: int) -> dict[str, Any]:
    low, high = wilson(count, total)
    return {"count": count, "games": total, "share": round(count / total, 4) if total else None,
            "low": round(low, 4), "high": round(high, 4)}


def game_seed(seed: int, players: int, game: int) -> int:
    return random.Random(f"divergence {seed} {players} {game}").getrandbits(48)


def round_divergence(entry: Entry, alt: Reading, path: list[tuple[str, Position]], turns: Turns,
                     seed: int, policy: Policy) -> dict[str, bool]:
    """Along the default game ``path``: do the readings ever differ in a legal-move set (for a
    Palette view: in who is winning)? Replayed under ``alt``: another round winner, other scores?"""
    path = [p for _, p in path]
    if alt.view:
        return {"winning": any(leader_under(p, entry, alt) != leader_under(p, entry, entry.default) for p in path)}
    moves = any(turns.moves(p) != turns.moves(under(p, entry, alt)) for p in path[:-1])
    _, other = play_round(under(path[0], entry, alt), turns, random.Random(seed), policy)[-1]
    result = {"moves": moves, "winner": path[-1].winner != other.winner}
    if entry.base.advanced:
        result["score"] = path[-1].scores != other.scores
    return result


def match_divergence(entry: Entry, alt: Reading, ends: list[Match], turns: Turns, seed: int,
                     policy: Policy) -> dict[str, bool]:
    """Over a default game's round ends: does the point arise (the readings make something else of
    a finished round)? Replayed under ``alt``: other winners of the game?"""
    other, _ = play_match(alt, entry, ends[0].players, seed, turns, policy)[-1]
    return {"arises": any(after_round(m, entry, entry.default) != after_round(m, entry, alt) for m in ends),
            "winner": ends[-1].winners != other.winners}


POLICIES = {"random": RandomPlay, "solver": SolverPlay}


Totals = dict[tuple[str, str, int], dict[str, int]]
CHUNK = 5  # games per piece of work handed to a worker: small enough for steady progress


def _games(entries: list[Entry], players: int, first: int, count: int, seed: int, policy: str) -> Totals:
    """Divergence counts over games ``first .. first + count - 1`` of ``players`` players."""
    totals: Totals = {}
    for g in range(first, first + count):
        s = game_seed(seed, players, g)
        player = POLICIES[policy]()
        by_preset: dict[str, tuple[Turns, list[tuple[str, Position]], list[Match] | None]] = {}
        for entry in entries:
            if entry.preset not in by_preset:
                turns = Turns()
                by_preset[entry.preset] = (turns, play_round(start(players, s, entry.base).position, turns,
                                                             random.Random(s), player), None)
            turns, path, ends = by_preset[entry.preset]
            for alt in entry.readings[1:]:
                if entry.switch in MATCH_SWITCHES:
                    if ends is None:
                        ends = [m for m, _ in play_match(entry.default, entry, players, s, turns, player)]
                        by_preset[entry.preset] = (turns, path, ends)
                    result = match_divergence(entry, alt, ends, turns, s, player)
                else:
                    result = round_divergence(entry, alt, path, turns, s, player)
                _add(totals, {(entry.id, alt.label, players): result})
    return totals


def _add(into: Totals, more: dict[tuple[str, str, int], dict[str, int | bool]]) -> None:
    for key, counts in more.items():
        bucket = into.setdefault(key, {})
        for k, v in counts.items():
            bucket[k] = bucket.get(k, 0) + v


def sample(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
           policy: str = "random", jobs: int = 1, pieces: Pieces | None = None) -> dict[str, dict[str, Any]]:
    """For each entry, per other reading and player count, the shares of diverging games played by
    ``policy``. Entries of one preset share each seeded default game. The games are played in
    pieces of CHUNK, by ``pieces`` (default: ``jobs`` local worker processes); every game has its
    own seed and the counts are added in order, so they are the same wherever the games ran."""
    tasks = [(players, first, min(CHUNK, games - first)) for players in PLAYER_COUNTS for first in range(0, games, CHUNK)]
    totals: Totals = {}
    runner = pieces or local(jobs)
    results = runner.map(_games, [(entries, players, first, count, seed, policy) for players, first, count in tasks])
    for (_, _, count), result in zip(tasks, results, strict=True):
        _add(totals, result)
        if progress:
            progress(count)
    out: dict[str, dict[str, Any]] = {}
    for entry in entries:
        against = [{"reading": alt.label,
                    "players": {str(p): {k: share(v, games) for k, v in totals[(entry.id, alt.label, p)].items()}
                                for p in PLAYER_COUNTS}}
                   for alt in entry.readings[1:]]
        out[entry.id] = {"policy": policy, "games": games, "seed": seed, "against": against}
    return out
