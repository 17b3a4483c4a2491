"""Assemble the Red7 clarification report as one JSON-ready dict in the shared report format
(``report.render``): the catalogue's entries with their witnesses in words and their frequencies,
the change log, and the proofs appendix."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.red7 import PRESETS
from arbiter.model.red7.match import next_round, start
from arbiter.model.red7.notation import position_from_json, position_to_json
from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces, local

from .. import claims, glossary, publisher, sample, trace
from ..build import DEFAULT_SEED, Cost
from ..entry import Entry, entry_json
from ..progress import counter
from ..proved import appendix
from . import like_pass, narrate, sampling, theorems, witness
from .catalogue import BY_ID, CATALOGUE, V11
from .glossary import GLOSSARY, GLOSSARY_INTRO
from .play import SOLVE_CARDS, SOLVE_NODES, ReasonablePlay, Turns, continue_match, luck, play_round
from .sampling import GAME_PRESET
from .trace import LABELS, TRACE_INTRO, TRACES

DEFAULT_GAMES = 200  # games per setting: the committed report (docs/performance.md gives its build time)
COST = Cost(120.0, 1.5, 70.0)  # CPU seconds on one core, measured (docs/performance.md, "What a report costs")
CARDS = narrate.CARDS  # the card tiles, with the scenes that draw them


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


def replayed(entry: Entry, example: dict[str, Any]) -> dict[str, Any]:
    """The first sampled round where, played on with the same luck, the readings end the round
    differently: the position where they first part, and each reading's continuation by the same
    players with the luck ``report.sample`` replays with (the turns and the result)."""
    pos = position_from_json(example["position"])
    at = len(example["turns"])
    outcomes = []
    for r in entry.readings:
        path = play_round(replace(pos, ruleset=r.ruleset(PRESETS[example["preset"]])), Turns(),
                          luck(example["seed"], at, sample.OTHER, at), ReasonablePlay())
        end = path[-1][1]
        outcomes.append({"reading": r.label, "winner": end.winner, "scores": None if end.scores is None
                         else list(end.scores), "line": [t for t, _ in path[1:]]})
    return {"kind": "replayed", "from_game": {k: example[k] for k in ("preset", "players", "game", "seed", "turns")},
            "position": example["position"], "outcomes": outcomes}


def replayed_game(entry: Entry, example: dict[str, Any]) -> dict[str, Any]:
    """The first sampled whole game whose replays from the round end where the readings part end
    with other game winners: that round end, and each reading's rest of the game by the same
    players with the luck ``report.sample`` replays with."""
    seed, at = example["seed"], example["round"]
    ends, decisions = continue_match(start(example["players"], seed, PRESETS[GAME_PRESET]), random.Random(seed),
                                     Turns(), ReasonablePlay())
    m = ends[at]
    outcomes = []
    for r in entry.readings:
        rules = r.ruleset(entry.base)
        mine = replace(m, ruleset=rules, position=replace(m.position, ruleset=rules))
        rest = [mine] if mine.is_over else continue_match(next_round(mine), luck(seed, decisions[at], sample.OTHER, at),
                                                          Turns(), ReasonablePlay())[0]
        last = rest[-1]
        outcomes.append({"reading": r.label, "winners": last.winners, "scores": list(last.scores),
                         "rounds": last.round_number})
    return {"kind": "game", "from_game": {k: example[k] for k in ("players", "game", "seed", "round")},
            "position": position_to_json(m.position), "outcomes": outcomes}


def _stories(entry: Entry, smallest: dict | None, solved: dict | None, example: dict | None) -> list[dict[str, Any]]:
    stories = []
    if example is not None and example["kind"] == "game":
        stories.append(narrate.game_replay_story(example, entry, "From a game"))
    elif example is not None:
        stories.append(narrate.replay_story(example, entry, "From a game"))
    if smallest is not None:
        if smallest["kind"] == witness.ROUND_END:
            stories.append(narrate.round_end_story(smallest, entry, "A game where it matters"))
        else:
            stories.append(narrate.position_story(smallest, entry, "Smallest example"))
    if solved is not None:
        stories.append(narrate.solved_story(solved, entry, "Smallest example with best play"))
    return stories


def headline(entry: Entry, stories: list[dict[str, Any]], freq: dict[str, Any] | None) -> dict[str, Any]:
    """"Can change the winner": yes with an example whose computed winners differ, else the
    entry's reason (``same_in_play``) or what was searched without finding one."""
    if entry.unmodelled:
        otherwise = f"not shown: the other reading is not modelled ({entry.unmodelled})."
    elif not entry.plays:
        otherwise = "no: a point of wording; no reading plays differently."
    elif entry.same_in_play:
        otherwise = f"no: {entry.same_in_play}"
    else:
        searched = f" and {freq['games']} sampled games" if freq else ""
        otherwise = f"not shown: no example in which the winner changes turned up in the witness searches{searched}."
    return claims.headline(stories, narrate.SAY, otherwise)


def proofs_appendix(p: dict[str, Any]) -> dict[str, Any]:
    never = [[r, {"cards": c}] for r, c in p["never_decides"].items()]
    return appendix("Theorems and the never-decides table", theorems.PROOFS_INTRO, p,
                    {"caption": theorems.NEVER_INTRO, "head": ["rule", "never decides"], "rows": never})


def method(games: int) -> str:
    """What was played and how it was measured, said once."""
    return (f"What was played: for each point about a round, {games} seeded rounds (the first round of a game) for "
            "every player count (2, 3 and 4) in each rule set the entry concerns (Basic, Actions, Advanced, or "
            f"Advanced with Actions); for the three points read between rounds, {games} whole Advanced games for "
            "every player count. Every game was played under the recommended reading by reasonable players: each "
            "stays in the round spending as few hand cards as it can and keeps the rule when it can, choosing at "
            f"random among equally cheap turns; once the hands hold at most {SOLVE_CARDS} cards in all, it plays a "
            f"forced win whenever the solver finds one within {SOLVE_NODES} positions. A point *arises* in a game "
            "at the first turn where the readings offer the player to move different turns or a turn with a "
            "different result (for the points read between rounds: the first round end they read differently). "
            "From there the game is played on twice more: under the other reading with the same players and the "
            "same luck, drawn afresh from that point (every random choice ranks the turns by one salted draw, so "
            "the two games choose alike wherever a turn is legal in both), and under the recommended reading with "
            "that same luck. The reading *changes the result* when the first replay ends with another round winner "
            "than the game did (in Advanced: other points banked; for a whole game: another game winner); the "
            "second replay is the *baseline*, what the new luck alone changes, and the reading's own effect is the "
            "first share minus the second (a paired difference with Newcombe's 95% interval). Where the reading "
            "changes nothing the two replays are the same game, so chance alone reads as zero. Shares come with "
            "95% Wilson intervals.")


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances; the proofs
    appendix is read from ``cache`` when there (unless ``refresh``) and written to it otherwise;
    ``jobs`` worker processes search witnesses and play the sampled games, or ``pieces`` (a cluster,
    say) plays the games (the same report for any number and wherever they ran)."""
    found = find_all(entries, seed, jobs, None if progress is None else lambda k, n: progress("witnesses", k, n))
    playing = [e for e in entries if e.measured_in]
    total = games * len(sampling.PLUG.settings(playing))
    step = counter(progress, "games", total)

    sampled = sampling.sample_all(playing, games, seed, step, jobs, pieces)
    like = like_pass.compute(seed, jobs=jobs) if any(e.id == like_pass.ENTRY for e in entries) else None
    proofs = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh,
                              jobs=jobs)
    out_entries = []
    for e in entries:
        smallest, solved = found[e.id]
        found_in = sampled.examples.get(e.id)
        example = None if found_in is None else (replayed_game if "round" in found_in else replayed)(e, found_in)
        item = entry_json(e) if e.id != like_pass.ENTRY else like_pass.written(entry_json(e), like)
        item["witness"] = _stories(e, smallest, solved, example)
        item["frequency"] = sampling.entry_frequency(e, sampled, games, seed) if e.measured_in else None
        item["headline"] = headline(e, item["witness"], item["frequency"])
        item["technical"]["witness_search"] = witness.settings(e)
        out_entries.append(item)
    numbers = {e.id: e.number for e in entries}
    return {
        **CATALOGUE.header(),
        "command": f"arbiter report --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": k == V11} for k, v in CATALOGUE.sources.items()],
        "cards": CARDS,
        "method": method(games),
        "first_page": publisher.first_page(out_entries),
        "entries": out_entries,
        "sampling": sample.record(sampled, games, seed),
        "appendices": [proofs_appendix(proofs), *([like_pass.appendix(like)] if like else []),
                       glossary.appendix(GLOSSARY, GLOSSARY_INTRO),
                       trace.appendix("Traceability: every sentence of every source", TRACE_INTRO, TRACES, LABELS,
                                      numbers)],
    }
