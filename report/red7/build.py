"""Assemble the Red7 clarification report as one JSON-ready dict in the shared report format
(``report.render``): the catalogue's entries with their witnesses in words and their frequencies,
the change log, and the proofs appendix."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.red7.notation import position_from_json
from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces, local
from arbiter.solver.red7 import solve

from ..entry import Entry, entry_json
from ..progress import counter
from ..proved import appendix
from . import narrate, sampling, theorems, witness
from .catalogue import BY_ID, CATALOGUE, V11
from .play import SOLVE_CARDS, SOLVE_NODES

DEFAULT_GAMES = 30  # rounds per preset and player count: the committed report, ~1.5 minutes on 2 cores
DEFAULT_SEED = 7
CARDS = {  # tile colours: every text/background pair has a contrast of at least 4.5:1 (tested)
    "R": {"name": "Red", "background": "#b71c1c", "text": "#ffffff"},
    "O": {"name": "Orange", "background": "#e65100", "text": "#000000"},
    "Y": {"name": "Yellow", "background": "#fdd835", "text": "#000000"},
    "G": {"name": "Green", "background": "#1b5e20", "text": "#ffffff"},
    "B": {"name": "Blue", "background": "#0d47a1", "text": "#ffffff"},
    "I": {"name": "Indigo", "background": "#311b92", "text": "#ffffff"},
    "V": {"name": "Violet", "background": "#8e24aa", "text": "#ffffff"},
}
REALISTIC_NODES = 200_000  # budget of the exact solve shown for a position taken from a sampled game


_found: dict[tuple[str, int], tuple[dict | None, dict | None]] = {}  # witnesses depend only on entry and seed


def _witnesses(entry_id: str, seed: int) -> tuple[dict | None, dict | None]:
    entry = BY_ID[entry_id]
    if not entry.plays:
        return None, None
    return witness.find(entry, seed), witness.find_solved(entry, seed)


def find_all(entries: tuple[Entry, ...], seed: int, jobs: int,
             progress: Callable[[int, int], None] | None = None) -> dict[str, tuple[dict | None, dict | None]]:
    """Each entry's smallest witness and smallest solved witness, searched in ``jobs`` processes."""
    ids = [e.id for e in entries if (e.id, seed) not in _found]
    found = {e.id: _found[(e.id, seed)] for e in entries if (e.id, seed) in _found}
    for k, (id, result) in enumerate(zip(ids, local(jobs).map(_witnesses, [(id, seed) for id in ids]), strict=True)):
        found[id] = _found[(id, seed)] = result
        if progress:
            progress(k + 1, len(ids))
    return found


def realistic(entry: Entry, example: dict[str, Any]) -> dict[str, Any]:
    """The first sampled game position where the reading changed the solved result, with each
    reading's exact solution (as ``witness.claim_solved``, with a larger budget)."""
    pos = position_from_json(example["position"])
    outcomes = []
    for r in entry.readings:
        result = solve(replace(pos, ruleset=r.ruleset(pos.ruleset)), max_nodes=REALISTIC_NODES)
        outcomes.append({"reading": r.label, "winner": result.winner, "points": result.points,
                         "winning_moves": result.winning_moves, "line": result.line, "solved": result.solved})
    return {"kind": "solved", "from_game": {k: example[k] for k in ("preset", "players", "game", "seed", "turns")},
            "position": example["position"], "outcomes": outcomes}


def _stories(entry: Entry, smallest: dict | None, solved: dict | None, example: dict | None) -> list[dict[str, Any]]:
    stories = []
    if example is not None:
        g = example["from_game"]
        intro = (f"A position from a sampled round ({narrate.setting(g['preset'], g['players'])}) between reasonable "
                 f"players, after {len(g['turns'])} turns (game {g['game']} of the sample). Played perfectly "
                 "from here, the round ends differently under each reading.")
        stories.append(narrate.solved_story(example, entry, "From a game", intro))
    if smallest is not None:
        if smallest["kind"] == witness.ROUND_END:
            stories.append(narrate.round_end_story(smallest, entry, "A game where it matters"))
        else:
            stories.append(narrate.position_story(smallest, entry, "Smallest example"))
    if solved is not None:
        stories.append(narrate.solved_story(solved, entry, "Smallest example with best play"))
    return stories


def proofs_appendix(p: dict[str, Any]) -> dict[str, Any]:
    never = [[r, {"cards": c}] for r, c in p["never_decides"].items()]
    return appendix("Theorems and the never-decides table", theorems.PROOFS_INTRO, p,
                    {"caption": theorems.NEVER_INTRO, "head": ["rule", "never decides"], "rows": never})


def method(games: int) -> str:
    """How the frequencies were measured, said once."""
    return (f"How often each point matters was measured in seeded rounds between reasonable players: {games} rounds "
            "for every player count (2, 3 and 4) in each rule set the entry concerns (Basic, Actions, Advanced, "
            "or Advanced with Actions; the two 'losing' entries in Basic, Actions and Advanced), always the first "
            "round of a game, played under the recommended reading. A reasonable player stays in the round "
            "spending as few hand cards as possible and keeps the rule when it can; once the hands hold at most "
            f"{SOLVE_CARDS} cards in all, it plays a forced win whenever the solver finds one within "
            f"{SOLVE_NODES} positions. A point *arises* in a round when, at some turn, the readings offer the "
            "player to move different turns or a turn with a different result. Where it arose with at most "
            f"{sampling.SOLVE_CARDS} cards left in the hands, the exact solver settled the position under each "
            "reading (up to three such positions per round), and the reading *changes the result* when the round "
            "winner or the points banked differ. Points read between rounds were measured in whole Advanced "
            f"games (one for every {sampling.MATCH_SHARE} sampled rounds), replayed under the other reading with "
            "the same players. Percentages come with 95% Wilson intervals; the smaller the count, the wider the "
            "interval. The sample is kept small so that the report is rebuilt within a few minutes in CI.")


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances; the proofs
    appendix is read from ``cache`` when there (unless ``refresh``) and written to it otherwise;
    ``jobs`` worker processes search witnesses and play the sampled games, or ``pieces`` (a cluster,
    say) plays the games (the same report for any number and wherever they ran)."""
    found = find_all(entries, seed, jobs, None if progress is None else lambda k, n: progress("witnesses", k, n))
    playing = [e for e in entries if e.measured_in]
    total = games * len(sampling.PLAYER_COUNTS) * len(sampling.presets_of(playing))
    step = counter(progress, "games", total)

    freq, examples = sampling.sample(playing, games, seed, step, jobs, pieces)
    proofs = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh)
    out_entries = []
    for e in entries:
        smallest, solved = found[e.id]
        example = realistic(e, examples[e.id]) if e.id in examples else None
        item = entry_json(e)
        item["witness"] = _stories(e, smallest, solved, example)
        item["frequency"] = freq.get(e.id)
        item["technical"]["witness_search"] = witness.settings(e)
        out_entries.append(item)
    return {
        **CATALOGUE.header(),
        "command": f"arbiter report --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": k == V11} for k, v in CATALOGUE.sources.items()],
        "cards": CARDS,
        "method": method(games),
        "entries": out_entries,
        "appendices": [proofs_appendix(proofs)],
    }
