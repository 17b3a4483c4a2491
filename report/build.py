"""Assemble the Red7 clarification report as one JSON-ready dict: catalogue, witnesses (of legal
moves, winning, a turn's result or a round's end, and of the solved value), divergence shares for
random and solver-guided players, and the proofs section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces

from . import divergence, play, theorems, witness
from .catalogue import CATALOGUE, SOURCES, Entry

DEFAULT_GAMES = 200  # ~0.1 s a game (random), ~0.15 s (solver-guided), per player count: some 3 minutes
DEFAULT_SEED = 7


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "title": entry.title,
        "question": entry.question,
        "preset": entry.preset,
        "switch": entry.switch,
        "sources": [{"source": q.source, "text": q.text} for q in entry.sources],
        "readings": [{"label": r.label, "meaning": r.meaning, "switches": dict(r.switches), "view": r.view}
                     for r in entry.readings],
        "default": {"reading": entry.default.label, "reason": entry.reason},
        "notes": list(entry.notes),
    }


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances; the proofs
    section is read from ``cache`` when there (unless ``refresh``) and written to it otherwise;
    ``jobs`` local worker processes, or ``pieces`` (a cluster, say), play the sampled games (the
    same report wherever they ran)."""
    found, solved = {}, {}
    for k, entry in enumerate(entries):
        found[entry.id] = witness.find(entry, seed)
        solved[entry.id] = witness.find_solved(entry, seed)
        if progress:
            progress("witnesses", k + 1, len(entries))
    total = games * len(divergence.PLAYER_COUNTS) * len(divergence.POLICIES)
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress("games", done, total)

    shares = {policy: divergence.sample(list(entries), games, seed, step, policy, jobs, pieces) for policy in divergence.POLICIES}
    proofs = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh)
    return {
        "title": "Red7 rules clarifications",
        "command": f"arbiter report --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "player_counts": list(divergence.PLAYER_COUNTS),
        "solver_policy": (f"searched once the hands hold at most {play.SOLVE_CARDS} cards, within "
                          f"{play.SOLVE_NODES} nodes"),
        "sources": SOURCES,
        "entries": [{**entry_json(e), "witness": found[e.id], "solved_witness": solved[e.id],
                     "divergence": [shares[p][e.id] for p in divergence.POLICIES]} for e in entries],
        "proofs": proofs,
    }
