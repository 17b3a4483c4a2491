"""How often each Red7 entry matters, measured by ``report.sample``: seeded rounds (the first round
of a game) per rule set and player count, and whole Advanced games for the points read between
rounds, played by reasonable players under the recommended reading. An entry's situation *arises*
where the readings first offer the player to move different turns (or a turn with another
result); the round (or game) is replayed from there under the other reading with the same luck,
and under the same reading with other luck, the baseline of chance."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from arbiter.model.red7 import PRESETS, Position, Ruleset
from arbiter.model.red7.fast import leader
from arbiter.model.red7.match import Match, next_round, start
from arbiter.model.red7.notation import position_to_json
from arbiter.solver.pieces import Pieces, local

from .. import sample
from ..entry import Entry
from ..frequency import frequency
from .catalogue import VIEWS
from .play import (
    MATCH_SWITCHES,
    SOLVE_CARDS,
    SOLVE_NODES,
    ReasonablePlay,
    Turns,
    after_round,
    continue_match,
    luck,
    play_round,
    state,
)

PLAYER_COUNTS = (2, 3, 4)
PRESET_NAMES = {"basic": "Basic", "actions": "Actions", "advanced": "Advanced", "advanced+actions": "Advanced with Actions"}
GAME = "game"  # the settings of whole Advanced games, for the points read between rounds
GAME_PRESET = "advanced"  # the rule set of those games
CHUNK = 10  # games per piece handed to a worker process


def rulesets(entry: Entry, preset: str) -> list[Ruleset]:
    return [r.ruleset(PRESETS[preset]) for r in entry.readings]


def _viewed_leader(pos: Position, entry: Entry, view: str | None) -> int | None:
    see = VIEWS[view] if view and pos.rule == entry.rule else (lambda m: m)
    return leader(pos.rule, [see(p) for p in pos.palettes], pos.out, pos.ruleset)


def viewed(entry: Entry) -> bool:
    """A reading given as a Palette view (no ruleset plays it), so its games cannot be replayed."""
    return any(r.view for r in entry.readings)


def arises(entry: Entry, pos: Position, rules: list[Ruleset], turns: Turns) -> bool:
    """Whether the readings offer the player to move something different here: other turns, or a
    turn with another result (for a Palette view: another player winning)."""
    if viewed(entry):
        return len({_viewed_leader(pos, entry, r.view) for r in entry.readings}) > 1
    seen = None
    for rs in rules:
        got = {m: state(nxt) for m, nxt in turns.options(replace(pos, ruleset=rs))}
        if seen is not None and got != seen:
            return True
        seen = got
    return False


@dataclass
class Played:
    """A sampled round (``path``: (turn, position after) from the deal) or whole game (``ends``:
    the Match at the end of each round, ``decisions``: the decisions taken by then), with the
    seeded players and turn memo its replays share."""

    setting: sample.Setting
    seed: int
    path: list[tuple[str, Position]] | None = None
    ends: list[Match] | None = None
    decisions: list[int] | None = None
    turns: Turns | None = None
    player: ReasonablePlay | None = None


def round_result(pos: Position) -> tuple[int | None, tuple[int, ...] | None]:
    """A finished round's result: who won it and, in Advanced, the scores (the points banked)."""
    return pos.winner, pos.scores


@dataclass(frozen=True)
class Red7Plug:
    """``report.sample.Plug`` for Red7 (see the module's docstring)."""

    def settings(self, entries: list[Entry]) -> list[sample.Setting]:
        rounds = [p for p in PRESETS if any(p in e.measured_in and e.switch not in MATCH_SWITCHES for e in entries)]
        out = [sample.Setting(f"{p}/{n}", f"{PRESET_NAMES[p]}, {n} players", (p, n))
               for p in rounds for n in PLAYER_COUNTS]
        if any(e.switch in MATCH_SWITCHES and e.measured_in for e in entries):
            out += [sample.Setting(f"{GAME}/{n}", f"Advanced games, {n} players", (GAME, n)) for n in PLAYER_COUNTS]
        return out

    def measures(self, entry: Entry, setting: sample.Setting) -> bool:
        kind = setting.params[0]
        if entry.switch in MATCH_SWITCHES:
            return kind == GAME and bool(entry.measured_in)
        return kind in entry.measured_in

    def play(self, setting: sample.Setting, seed: int) -> Played:
        kind, players = setting.params
        turns, player = Turns(), ReasonablePlay()
        if kind == GAME:
            ends, decisions = continue_match(start(players, seed, PRESETS[GAME_PRESET]), random.Random(seed), turns,
                                             player)
            return Played(setting, seed, ends=ends, decisions=decisions, turns=turns, player=player)
        pos = start(players, seed, PRESETS[kind]).position
        path = play_round(pos, turns, random.Random(seed), player)
        return Played(setting, seed, path=path, turns=turns, player=player)

    def part(self, played: Played, entry: Entry) -> int | None:
        if played.ends is not None:
            default, *others = entry.readings
            return next((k for k, m in enumerate(played.ends)
                         if any(after_round(m, entry, default) != after_round(m, entry, r) for r in others)), None)
        rules = rulesets(entry, played.setting.params[0])
        return next((k for k, (_, pos) in enumerate(played.path[:-1]) if arises(entry, pos, rules, played.turns)),
                    None)

    def replayable(self, entry: Entry) -> bool:
        return not viewed(entry)

    def replay(self, played: Played, at: int, entry: Entry, k: int, which: int) -> Played:
        reading = entry.readings[k]
        if played.ends is not None:
            m = played.ends[at]
            m = replace(m, ruleset=reading.ruleset(entry.base), position=replace(m.position,
                                                                                 ruleset=reading.ruleset(entry.base)))
            rng = luck(played.seed, played.decisions[at], which, at)
            rest, _ = ([m], []) if m.is_over else continue_match(next_round(m), rng, played.turns, played.player)
            return replace(played, ends=played.ends[:at] + rest)
        pos = replace(played.path[at][1], ruleset=reading.ruleset(PRESETS[played.setting.params[0]]))
        rest = play_round(pos, played.turns, luck(played.seed, at, which, at), played.player)
        return replace(played, path=played.path[:at] + rest)

    def results(self, played: Played, entry: Entry) -> dict[str, Any]:
        if played.ends is not None:
            return {"game": tuple(played.ends[-1].winners)}
        return {"round": round_result(played.path[-1][1])}

    def example(self, played: Played, at: int, entry: Entry, replays: list[Played]) -> dict[str, Any] | None:
        """A game where the readings' replays end differently: for a round, the turns to where the
        readings part and the position there; for a whole game, the round at whose end they part
        (the build plays the replays again to tell them)."""
        preset, players = played.setting.params
        if played.path is None:
            return {"preset": preset, "players": players, "round": at}
        return {"preset": preset, "players": players, "turns": [t for t, _ in played.path[1:at + 1]],
                "position": position_to_json(played.path[at][1])}


PLUG = Red7Plug()


def sample_all(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
               jobs: int = 1, pieces: Pieces | None = None) -> sample.Sample:
    """The sample of ``games`` games per setting (see ``report.sample.run``)."""
    return sample.run(PLUG, entries, games, seed, CHUNK, progress, pieces or local(jobs))


def entry_frequency(entry: Entry, s: sample.Sample, games: int, seed: int) -> dict[str, Any]:
    """An entry's ``frequency`` (see ``report.frequency``) from the sample."""
    rows = sample.rows(s, entry, PLUG)
    match = entry.switch in MATCH_SWITCHES
    if match:
        games_text = f"whole Advanced games between reasonable players ({games} per player count, 2 to 4 players)"
        what = "game winner"
    else:
        presets = " and ".join(PRESET_NAMES[p] for p in entry.measured_in)
        games_text = (f"rounds of {presets} between reasonable players ({games} per rule set and player count, 2 to "
                      "4 players)")
        what = "round result" if any(PRESETS[p].advanced for p in entry.measured_in) else "round winner"
    if viewed(entry):
        freq = frequency(rows, None, games_text, "")
        freq["text"] += (" Its other reading is a way of counting, not a rule the engine can play, so the rounds were "
                         "not replayed.")
    else:
        freq = frequency(rows, "replay", games_text,
                         "Replaying each of those {tested} from where the readings first part, under the other "
                         "reading with the same players and new luck,", what=what)
    freq["technical"] = {"seed": seed, "games_per_setting": games, "chunk": CHUNK, "solve_cards": SOLVE_CARDS,
                         "solve_nodes": SOLVE_NODES}
    return freq
