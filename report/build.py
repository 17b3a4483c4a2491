"""Assemble the Red7 clarification report as one JSON-ready dict: catalogue, witnesses,
divergence shares and the proofs section."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import divergence, theorems, witness
from .catalogue import CATALOGUE, SOURCES, Entry

DEFAULT_GAMES = 2000
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
          progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances."""
    found = {}
    for k, entry in enumerate(entries):
        found[entry.id] = witness.find(entry, seed)
        if progress:
            progress("witnesses", k + 1, len(entries))
    total = games * len(divergence.PLAYER_COUNTS)
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress("games", done, total)

    shares = divergence.sample(list(entries), games, seed, step)
    if progress:
        progress("proofs", 0, 1)
    proofs = theorems.section()
    if progress:
        progress("proofs", 1, 1)
    return {
        "title": "Red7 rules clarifications",
        "command": f"arbiter report --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "player_counts": list(divergence.PLAYER_COUNTS),
        "sources": SOURCES,
        "entries": [{**entry_json(e), "witness": found[e.id], "divergence": shares[e.id]} for e in entries],
        "proofs": proofs,
    }
