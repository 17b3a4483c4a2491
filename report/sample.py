"""Frequencies that measure the reading, not noise, for every game: seeded games per setting played
by the game's players under the recommended reading; for each entry, where its readings first part
(the situation *arises*), the game is replayed from there under each reading with one other luck:
the reading *changes* a result when another reading's replay ends differently from the game, and
the same reading's replay is the *baseline*, what chance alone changes; the reading's own effect
is the difference, exactly zero where the reading changes nothing. A game plugs in a ``Plug``; the games run in pieces
(``solver.pieces``), each piece's counts digested so that a test can replay a slice of a committed
edition and compare (``recheck``)."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from arbiter.solver.pieces import Pieces, local

from .entry import Entry

SAME, OTHER = 0, 1  # the luck of a replay: the game's own, or the other one every replay of the sample draws


@dataclass(frozen=True)
class Setting:
    """A game setting the games are played in: ``key`` for the counts, ``name`` for readers,
    ``params`` what the game's ``Plug.play`` needs (say, a rule set and a player count)."""

    key: str
    name: str
    params: tuple


class Plug(Protocol):
    """What a game provides to be sampled. ``name`` says what was played in words (the report's
    method); ``settings`` the settings, each with the entries it measures (``measures``); ``play``
    a seeded game under the recommended reading; ``part`` where an entry's readings first part in
    it (None: they never do); ``replay`` the game again from there under the entry's reading ``k``
    with the given luck (SAME or OTHER); ``results`` what a game's result is at each of the
    entry's levels (primary first: ``("round",)``, ``("trick", "game")``). ``example`` (may
    return None) keeps what a report shows of a game where the reading changed the result. A plug
    may also have ``replayable(entry)``: False for an entry whose other readings cannot be played
    (a reading that is only a way of counting), whose games then count where it arises only."""

    def settings(self, entries: Sequence[Entry]) -> list[Setting]: ...
    def measures(self, entry: Entry, setting: Setting) -> bool: ...
    def play(self, setting: Setting, seed: int) -> Any: ...
    def part(self, played: Any, entry: Entry) -> Any: ...
    def replay(self, played: Any, at: Any, entry: Entry, k: int, luck: int) -> Any: ...
    def results(self, played: Any, entry: Entry) -> dict[str, Any]: ...
    def example(self, played: Any, at: Any, entry: Entry, replays: list[Any]) -> dict[str, Any] | None: ...


def game_seed(seed: int, setting: Setting, game: int) -> int:
    return random.Random(f"sample {seed} {setting.key} {game}").getrandbits(48)


def prefix(level: int, levels: Sequence[str]) -> str:
    """The count keys of a result level: the primary level's are ``changes``, ``baseline`` and
    ``both``; a later level's carry its name (``game_changes``)."""
    return "" if level == 0 else f"{levels[level]}_"


def measure(plug: Plug, played: Any, entry: Entry) -> tuple[dict[str, int], dict[str, Any] | None]:
    """One game's counts for one entry (``games``, ``arises``, ``tested`` and, per result level,
    ``changes``, ``baseline``, ``both``) and an example where, with the same luck, another reading's
    replay ends with another primary result than the default reading's (``example`` is given the
    replays, the default reading's first)."""
    results = plug.results(played, entry)
    levels = list(results)
    counts = {"games": 1, "arises": 0, "tested": 0}
    for k in range(len(levels)):
        counts.update(dict.fromkeys((prefix(k, levels) + x for x in ("changes", "baseline", "both")), 0))
    at = plug.part(played, entry)
    if at is None:
        return counts, None
    counts["arises"] = 1
    replayable = getattr(plug, "replayable", None)
    if replayable is not None and not replayable(entry):
        return counts, None
    counts["tested"] = 1
    # Every replay from the point where the readings part draws the same other luck: the default
    # reading's replay is the baseline of chance, and where the reading changes nothing the others
    # are that very game, so the effect (changes minus baseline) of chance alone is exactly zero.
    chance = plug.replay(played, at, entry, 0, OTHER)
    others = [plug.replay(played, at, entry, k, OTHER) for k in range(1, len(entry.readings))]
    got = [plug.results(r, entry) for r in others]
    luck = plug.results(chance, entry)
    for k, level in enumerate(levels):
        changed = any(g[level] != results[level] for g in got)
        base = luck[level] != results[level]
        p = prefix(k, levels)
        counts[p + "changes"], counts[p + "baseline"], counts[p + "both"] = int(changed), int(base), int(changed and base)
    example = None
    if any(g[levels[0]] != luck[levels[0]] for g in got):
        example = plug.example(played, at, entry, [chance, *others])
    return counts, example


def digest(counts: dict[str, dict[str, int]]) -> str:
    return hashlib.sha256(json.dumps(counts, sort_keys=True).encode()).hexdigest()[:16]


def piece(plug: Plug, entries: Sequence[Entry], setting: Setting, first: int, count: int,
          seed: int) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, Any]], str]:
    """Games ``first`` .. ``first + count - 1`` of a setting: counts per entry id, the first example
    per entry (with the game's number), and the digest of the counts."""
    counts: dict[str, dict[str, int]] = {}
    examples: dict[str, dict[str, Any]] = {}
    measured = [e for e in entries if plug.measures(e, setting)]
    for g in range(first, first + count):
        played = plug.play(setting, game_seed(seed, setting, g))
        for e in measured:
            got, example = measure(plug, played, e)
            bucket = counts.setdefault(e.id, dict.fromkeys(got, 0))
            for k, v in got.items():
                bucket[k] += v
            if example is not None and e.id not in examples:
                examples[e.id] = {"setting": setting.key, "game": g, "seed": game_seed(seed, setting, g), **example}
    return counts, examples, digest(counts)


@dataclass(frozen=True)
class Sample:
    """Counts per (entry id, setting key), the first example per entry (settings in order, then
    game order), and the digest of every piece, ``{setting key: [digest, ...]}``."""

    counts: dict[tuple[str, str], dict[str, int]]
    examples: dict[str, dict[str, Any]]
    digests: dict[str, list[str]]
    settings: list[Setting]
    chunk: int


def tasks(settings: list[Setting], games: int, chunk: int) -> list[tuple[Setting, int, int]]:
    return [(s, first, min(chunk, games - first)) for s in settings for first in range(0, games, chunk)]


def run(plug: Plug, entries: Sequence[Entry], games: int, seed: int, chunk: int,
        progress: Callable[[int], None] | None = None, runner: Pieces | None = None) -> Sample:
    """``games`` seeded games per setting, in pieces of ``chunk`` games run by ``runner`` (default:
    here); the same sample wherever and in how many processes they ran."""
    settings = plug.settings(entries)
    todo = tasks(settings, games, chunk)
    counts: dict[tuple[str, str], dict[str, int]] = {}
    examples: dict[str, dict[str, Any]] = {}
    digests: dict[str, list[str]] = {s.key: [] for s in settings}
    order = {s.key: k for k, s in enumerate(settings)}
    results = (runner or local(1)).map(piece, [(plug, list(entries), s, first, n, seed) for s, first, n in todo])
    for (setting, _, n), (got, found, dig) in zip(todo, results, strict=True):
        digests[setting.key].append(dig)
        for id, c in got.items():
            bucket = counts.setdefault((id, setting.key), dict.fromkeys(c, 0))
            for k, v in c.items():
                bucket[k] += v
        for id, ex in found.items():
            if id not in examples or (order[ex["setting"]], ex["game"]) < (order[examples[id]["setting"]],
                                                                           examples[id]["game"]):
                examples[id] = ex
        if progress:
            progress(n)
    return Sample(counts, examples, digests, settings, chunk)


def rows(sample: Sample, entry: Entry, plug: Plug) -> list[dict[str, Any]]:
    """An entry's per-setting rows as ``report.frequency.frequency`` reads them."""
    out = []
    for s in sample.settings:
        if plug.measures(entry, s):
            out.append({"setting": s.name, **sample.counts.get((entry.id, s.key), {"games": 0, "arises": 0,
                                                                                   "tested": 0})})
    return out


def record(sample: Sample, games: int, seed: int) -> dict[str, Any]:
    """What a report keeps of its sample so that a test can replay a slice of it and recompute its
    figures: the inputs, every piece's digest, and the counts per entry and setting."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for (id, key), c in sorted(sample.counts.items()):
        counts.setdefault(id, {})[key] = c
    return {"games": games, "seed": seed, "chunk": sample.chunk, "digests": sample.digests, "counts": counts}


def recorded(plug: Plug, entries: Sequence[Entry], rec: dict[str, Any]) -> Sample:
    """The Sample a ``record`` keeps (without its examples), to recompute the figures from."""
    counts = {(id, key): c for id, by in rec["counts"].items() for key, c in by.items()}
    return Sample(counts, {}, rec["digests"], plug.settings(entries), rec["chunk"])


def recheck(plug: Plug, entries: Sequence[Entry], recorded: dict[str, Any], pick: Callable[[int, int], bool],
            runner: Pieces | None = None) -> list[str]:
    """Play again the pieces ``pick(setting index, piece index)`` chooses of a recorded sample and
    name each whose counts digest differently (an empty list: the slice is in step)."""
    settings = plug.settings(entries)
    todo = [(k, j, s, first, n) for k, s in enumerate(settings)
            for j, (_, first, n) in enumerate(tasks([s], recorded["games"], recorded["chunk"])) if pick(k, j)]
    got = (runner or local(1)).map(piece, [(plug, list(entries), s, first, n, recorded["seed"])
                                          for _, _, s, first, n in todo])
    out = []
    for (_, j, s, first, n), (_, _, dig) in zip(todo, got, strict=True):
        want = recorded["digests"].get(s.key, [])
        if j >= len(want) or want[j] != dig:
            out.append(f"{s.name}, games {first}-{first + n - 1}: digest {dig} is not the recorded one")
    return out
