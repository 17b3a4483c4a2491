"""How often each Red7 entry matters between reasonable players: seeded games per preset and player
count, played under the default reading; where the readings offer the mover something different the
situation *arises*, and where that position is small enough the solver tells whether the reading
*changes* its result (round winner, points banked). Games run in worker processes on request."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.red7 import PRESETS, Position, Ruleset
from arbiter.model.red7.fast import leader
from arbiter.model.red7.match import Match, start
from arbiter.model.red7.notation import position_to_json
from arbiter.solver.pieces import Pieces, local
from arbiter.solver.red7 import solve

from ..entry import Entry
from ..frequency import frequency
from .catalogue import VIEWS
from .play import MATCH_SWITCHES, ReasonablePlay, Turns, after_round, play_match, play_round, state

PLAYER_COUNTS = (2, 3, 4)
PRESET_NAMES = {"basic": "Basic", "actions": "Actions", "advanced": "Advanced", "advanced+actions": "Advanced with Actions"}
SOLVE_CARDS = 6  # a position where the point arises is solved once the hands hold at most this many cards
SOLVE_NODES = 3000  # per solve; past it the position is not counted as tested
MAX_SOLVES = 3  # arising positions solved per game and entry (the first ones small enough)
MATCH_SHARE = 4  # whole Advanced games for the between-rounds entries: one for every 4 sampled rounds
CHUNK = 5  # games per task handed to a worker process

Counts = dict[tuple[str, str, int], dict[str, Any]]


def game_seed(seed: int, preset: str, players: int, game: int) -> int:
    return random.Random(f"frequency {seed} {preset} {players} {game}").getrandbits(48)


def rulesets(entry: Entry, preset: str) -> list[Ruleset]:
    return [r.ruleset(PRESETS[preset]) for r in entry.readings]


def _viewed_leader(pos: Position, entry: Entry, view: str | None) -> int | None:
    see = VIEWS[view] if view and pos.rule == entry.rule else (lambda m: m)
    return leader(pos.rule, [see(p) for p in pos.palettes], pos.out, pos.ruleset)


def arises(entry: Entry, pos: Position, rules: list[Ruleset], turns: Turns) -> bool:
    """Whether the readings offer the player to move something different here: other turns, or a
    turn with another result (for a Palette view: another player winning)."""
    if any(r.view for r in entry.readings):
        return len({_viewed_leader(pos, entry, r.view) for r in entry.readings}) > 1
    seen = None
    for rs in rules:
        got = {m: state(nxt) for m, nxt in turns.options(replace(pos, ruleset=rs))}
        if seen is not None and got != seen:
            return True
        seen = got
    return False


def solved(pos: Position, rs: Ruleset, memo: dict) -> tuple[int | None, int | None] | None:
    key = (state(pos), rs)
    if key not in memo:
        result = solve(replace(pos, ruleset=rs), max_nodes=SOLVE_NODES, full=False)
        memo[key] = (result.winner, result.points) if result.solved else None
    return memo[key]


def _round_entry(entry: Entry, preset: str, path: list[tuple[str, Position]], turns: Turns,
                 memo: dict) -> tuple[dict[str, int], dict[str, Any] | None]:
    rules = rulesets(entry, preset)
    counts = {"arises": 0, "tested": 0, "changes": 0}
    example = None
    solves = 0
    for k, (_, pos) in enumerate(path[:-1]):
        big = sum(h.bit_count() for h in pos.hands) > SOLVE_CARDS
        if big and counts["arises"]:
            continue  # already arisen; only positions the solver can settle are still of interest
        if not arises(entry, pos, rules, turns):
            continue
        counts["arises"] = 1
        if any(r.view for r in entry.readings):
            break  # a Palette view has no ruleset the solver could play
        if big:
            continue
        values = [solved(pos, rs, memo) for rs in rules]
        if None in values:
            continue
        counts["tested"] = 1
        solves += 1
        if len(set(values)) > 1:
            counts["changes"] = 1
            example = {"turns": [t for t, _ in path[1:k + 1]], "position": position_to_json(pos)}
            break
        if solves == MAX_SOLVES:
            break
    return counts, example


def _match_entry(entry: Entry, ends: list[Match], players: int, s: int, turns: Turns,
                 player: ReasonablePlay) -> dict[str, int]:
    default, *others = entry.readings
    arose = any(after_round(m, entry, default) != after_round(m, entry, r) for m in ends for r in others)
    changed = False
    if arose:
        for alt in others:
            other, _ = play_match(alt, entry, players, s, turns, player)[-1]
            changed |= ends[-1].winners != other.winners
    return {"arises": int(arose), "tested": int(arose), "changes": int(changed)}


def _games(entries: list[Entry], preset: str, players: int, first: int, count: int, seed: int) -> tuple[Counts, dict]:
    """Counts (and first examples where the solved result changed) over games ``first`` ..
    ``first + count - 1`` of one setting."""
    counts: Counts = {}
    examples: dict[str, dict[str, Any]] = {}
    memo: dict = {}
    for g in range(first, first + count):
        s = game_seed(seed, preset, players, g)
        player = ReasonablePlay()
        turns = Turns()
        path = None
        ends = None
        for entry in entries:
            if preset not in entry.measured_in:
                continue
            if entry.switch in MATCH_SWITCHES:
                if g % MATCH_SHARE:
                    continue
                if ends is None:
                    ends = [m for m, _ in play_match(entry.default, entry, players, s, turns, player)]
                got = _match_entry(entry, ends, players, s, turns, player)
            else:
                if path is None:
                    path = play_round(start(players, s, PRESETS[preset]).position, turns, random.Random(s), player)
                got, example = _round_entry(entry, preset, path, turns, memo)
                if example and entry.id not in examples:
                    examples[entry.id] = {"preset": preset, "players": players, "game": g, "seed": s, **example}
            bucket = counts.setdefault((entry.id, preset, players), {"games": 0, "arises": 0, "tested": 0,
                                                                      "changes": 0})
            bucket["games"] += 1
            for k, v in got.items():
                bucket[k] += v
    return counts, examples


def _merge(into: tuple[Counts, dict], more: tuple[Counts, dict]) -> None:
    counts, examples = into
    for key, got in more[0].items():
        bucket = counts.setdefault(key, dict.fromkeys(got, 0))
        for k, v in got.items():
            bucket[k] += v
    for id, ex in more[1].items():
        if id not in examples or (ex["players"], ex["game"]) < (examples[id]["players"], examples[id]["game"]):
            examples[id] = ex


def presets_of(entries: list[Entry]) -> list[str]:
    return [p for p in PRESETS if any(p in e.measured_in for e in entries)]


def sample(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
           jobs: int = 1, pieces: Pieces | None = None) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """Per entry: its ``frequency`` (see ``report.frequency``) over ``games`` rounds per preset it
    is measured in and player count, and the first game position where the reading changed the
    solved result (by preset order, fewest players, earliest game). The rounds are played in pieces
    of CHUNK by ``pieces`` (default: ``jobs`` local worker processes); every round has its own
    seed, so the result is the same wherever they ran."""
    tasks = [(preset, players, first, min(CHUNK, games - first))
             for preset in presets_of(entries) for players in PLAYER_COUNTS for first in range(0, games, CHUNK)]
    total: tuple[Counts, dict] = ({}, {})
    runner = pieces or local(jobs)
    for (_, _, _, count), result in zip(tasks, runner.map(_games, [(entries, *task, seed) for task in tasks]),
                                        strict=True):
        _merge(total, result)
        if progress:
            progress(count)
    counts, examples = total
    out = {}
    for entry in entries:
        if not entry.measured_in:
            continue
        settings = [{"setting": f"{PRESET_NAMES[p]}, {n} players", **counts.get((entry.id, p, n), {
            "games": 0, "arises": 0, "tested": 0, "changes": 0})} for p in entry.measured_in for n in PLAYER_COUNTS]
        view = any(r.view for r in entry.readings)
        match = entry.switch in MATCH_SWITCHES
        presets = " and ".join(PRESET_NAMES[p] for p in entry.measured_in)
        what = "whole games" if match else "rounds"
        games_text = (f"{what} of {presets} ({settings[0]['games']} per player count, 2 to 4 players) between "
                      "reasonable players")
        if match:
            measure, changes_text = "replay", "Replaying each of those {tested} games with the same players under the other reading,"
        elif view:
            measure, changes_text = None, ""
        else:
            measure = "solved"
            changes_text = (f"In the {{tested}} games where it arose with at most {SOLVE_CARDS} cards left in the "
                            "hands, so that the solver could settle the position exactly,")
        freq = frequency(settings, measure, games_text, changes_text)
        freq["technical"] = {"seed": seed, "rounds_per_setting": games, "solve_cards": SOLVE_CARDS,
                             "solve_nodes": SOLVE_NODES, "max_solves": MAX_SOLVES,
                             "match_games_per_setting": -(-games // MATCH_SHARE) if match else None}
        out[entry.id] = freq
    return out, examples
