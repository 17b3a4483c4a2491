"""How often each Realms entry matters: seeded games between greedy players under the recommended
reading. A trick entry's situation *arises* in a trick on the trick's own cards, and *changes the
trick* when the same cards resolved under the other reading go to another player; the other
entries arise where the readings first part (other legal cards, another transition). Every game
in which the readings part is replayed from there under the other reading with the same players
and the same luck, to see whether the first trick they play differently, and the game, have
another winner. Games run in worker processes on request (``solver.pieces``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.realms.game import deal
from arbiter.model.realms.ruleset import DEFAULT, Ruleset
from arbiter.solver.pieces import Pieces, local

from ..entry import Entry
from ..frequency import frequency
from .play import Game, Trick, game_seed, play, tricks
from .situations import SITUATIONS, first_difference, trick_differs, walked

PLAYER_COUNTS = (2, 3, 4)
CHUNK = 2  # games per task handed to a worker process

Counts = dict[tuple[str, int], dict[str, int]]


PARTING = {  # in words, where the readings part for an entry that is not about one trick's cards
    "follow_colour": "a player may play other cards under the other reading",
    "match_follow": "a player may play other cards under the other reading",
    "specials_follow": "a player may play other cards under the other reading",
    "troll_bullets": "a player may play other cards under the other reading",
    "realm_follow": "a player may play other cards under the other reading",
    "first_lead": "the first trick of a game (another player leads it)",
    "halftime": "a player reaches 50 points (halftime)",
    "troll_victim": "a Troll's steal",
    "recycle": "the draw pile empties while the discard pile holds cards",
}


def alternative(entry: Entry) -> Ruleset:
    return entry.readings[1].ruleset(entry.base)


def replay(game: Game, alt: Ruleset, switch: str, k: int) -> Game:
    """``game`` from step ``k`` on, played under ``alt`` with the same players and luck."""
    if switch == "first_lead":
        return play(game.players, game.seed, alt, deal(game.players, game.seed, alt))
    return play(game.players, game.seed, alt, replace(game.steps[k][0], ruleset=alt), k)


AFTER_THE_STEP = ("halftime", "recycle", "troll_victim")  # they change what follows a step, not the trick it ends


def _first_trick(ts: list[Trick], k: int, after: bool) -> Trick | None:
    return next((t for t in ts if t.step > k or (t.step == k and not after)), None)


def measure_game(entries: list[Entry], players: int, seed: int) -> dict[str, dict[str, int]]:
    """Per entry, for one seeded game: whether its situation arose (``arises``), whether a trick
    changed winner (``changes``) and the game (``game_changes``), and trick counts."""
    game = play(players, seed, DEFAULT)
    ts = tricks(game)
    walks = [walked(t.ruling, t.plays) for t in ts]
    parted: dict[Ruleset, int | None] = {}
    replays: dict[Ruleset, Game] = {}
    out = {}
    for entry in entries:
        alt = alternative(entry)
        if alt not in parted:
            parted[alt] = first_difference(game, alt, entry.switch)
        k = parted[alt]
        got = {"tricks": len(ts), "trick_arises": 0, "trick_changes": 0}
        if entry.id in SITUATIONS:
            _, situation = SITUATIONS[entry.id]
            for t, w in zip(ts, walks, strict=True):
                if situation(w):
                    got["trick_arises"] += 1
                    got["trick_changes"] += trick_differs(DEFAULT, alt, t.ruling, t.plays)
            arises = got["trick_arises"] > 0
            changes = got["trick_changes"] > 0
        else:
            arises = k is not None
            changes = False
        game_changes = False
        if arises and k is not None:
            if alt not in replays:
                replays[alt] = replay(game, alt, entry.switch, k)
            other = replays[alt]
            game_changes = other.winner != game.winner
            if entry.id not in SITUATIONS:
                after = entry.switch in AFTER_THE_STEP
                mine, theirs = _first_trick(ts, k, after), _first_trick(tricks(other), k, after)
                changes = mine is not None and theirs is not None and mine.winner != theirs.winner
        out[entry.id] = {**got, "games": 1, "arises": int(arises), "tested": int(arises), "changes": int(changes),
                         "game_changes": int(game_changes)}
    return out


def _games(entries: list[Entry], players: int, first: int, count: int, seed: int) -> Counts:
    counts: Counts = {}
    for g in range(first, first + count):
        for id, got in measure_game(entries, players, game_seed(seed, players, g)).items():
            bucket = counts.setdefault((id, players), dict.fromkeys(got, 0))
            for key, v in got.items():
                bucket[key] += v
    return counts


def sample(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
           jobs: int = 1, pieces: Pieces | None = None) -> dict[str, dict[str, Any]]:
    """Per entry with readings: its ``frequency`` (``report.frequency``) over ``games`` seeded games
    per player count. Each game has its own seed, so the result is the same however many worker
    processes (``jobs``) or whatever ``pieces`` ran them."""
    playing = [e for e in entries if e.plays]
    tasks = [(players, first, min(CHUNK, games - first)) for players in PLAYER_COUNTS
             for first in range(0, games, CHUNK)]
    counts: Counts = {}
    runner = pieces or local(jobs)
    for (_, _, count), result in zip(tasks, runner.map(_games, [(playing, *t, seed) for t in tasks]), strict=True):
        for key, got in result.items():
            bucket = counts.setdefault(key, dict.fromkeys(got, 0))
            for k, v in got.items():
                bucket[k] += v
        if progress:
            progress(count)
    out = {}
    for entry in playing:
        settings = [{"setting": f"{n} players", **counts.get((entry.id, n), {
            "games": 0, "arises": 0, "tested": 0, "changes": 0, "game_changes": 0, "tricks": 0, "trick_arises": 0,
            "trick_changes": 0})} for n in PLAYER_COUNTS]
        games_text = (f"seeded games between greedy players ({games} for each of 2, 3 and 4 players, played to 100 "
                      "points under the recommended reading)")
        if entry.id in SITUATIONS:
            changes_text = ("Resolving each such trick again under the other reading, in {tested} of those games,")
        else:
            changes_text = ("Replaying those {tested} games from where the readings part, with the same players and "
                            "the same luck, the first trick they play differently went to another player, so")
        freq = frequency(settings, "replay", games_text, changes_text,
                         "Replayed from where the readings part with the same players and the same luck, another "
                         "player won the game in")
        if entry.id in SITUATIONS:
            freq["text"] = f"The situation: a trick in which {SITUATIONS[entry.id][0]}. " + freq["text"]
        else:
            freq["text"] = f"The situation: {PARTING[entry.switch]}. " + freq["text"]
        tricks_seen = sum(s["tricks"] for s in settings)
        freq["technical"] = {"seed": seed, "games_per_setting": games, "players": list(PLAYER_COUNTS),
                             "tricks": tricks_seen, "tricks_where_it_arose": sum(s["trick_arises"] for s in settings),
                             "tricks_whose_winner_changed": sum(s["trick_changes"] for s in settings)}
        out[entry.id] = freq
    return out
