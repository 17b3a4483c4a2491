"""How often each Stick to Colours entry matters: seeded games per player count between greedy
players under the recommended reading; where the readings would differ the point *arises*, and the
game replayed under each other reading tells whether it *changes the winner*. The same pass keeps
each entry's witness candidates: positions, collections and games taken from those games."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.stick_to_colours import DEFAULT, Ruleset
from arbiter.model.stick_to_colours.cards import codes
from arbiter.model.stick_to_colours.notation import position_to_json
from arbiter.solver.pieces import Pieces, local

from ..entry import Entry
from ..frequency import frequency
from . import witness as w
from .catalogue import BY_ID
from .play import jokers_in_play, play, play_from, winners

PLAYER_COUNTS = (2, 3, 4)
CHUNK = 4  # games per piece of work handed to a worker process
END_SEARCH = 300  # further games searched for an example of a point read at the end that the sample missed

Counts = dict[tuple[str, int], dict[str, int]]


def game_seed(seed: int, players: int, game: int) -> int:
    return random.Random(f"stick-to-colours frequency {seed} {players} {game}").getrandbits(48)


def players_of(entry: Entry) -> tuple[int, ...]:
    return (2,) if entry.switch in w.TWO_ONLY else PLAYER_COUNTS


def rulesets(entry: Entry) -> list[Ruleset]:
    return [r.ruleset(entry.base) for r in entry.readings]


def _size(pos, players: int, game: int, turn: int) -> tuple:
    """Order of witness positions: fewer players, fewer cards still to come, fewer cards held."""
    left = len(pos.deck) + len(pos.market) + (pos.auction is not None)
    return (players, left, sum(sum(h) for h in pos.hands), game, turn)


def _outcome(end) -> dict[str, Any]:
    return {"scores": list(end.scores), "winners": None if winners(end) is None else list(winners(end)),
            "over": end.is_over}


def _arises(entry: Entry, rules: list[Ruleset], path, end, players: int, g: int,
            best: tuple | None) -> tuple[bool, dict[str, Any] | None]:
    """Whether the point arose in this game (under the default reading), and a witness candidate:
    the first position where it did, or a smaller one with the deck empty."""
    how = w.HOW[entry.switch]
    if how == w.MOVE:
        found = None
        first = None
        for k in range(len(path) - 1):
            pos = path[k][1]
            if found is not None and (pos.deck or (best is not None and _size(pos, players, g, k) >= best)):
                continue
            if not w.relevant(entry.switch, pos):
                continue
            kind = w.move_difference(pos, rules)
            if kind is None:
                continue
            first = k if first is None else first
            key = _size(pos, players, g, k)
            if found is None or key < found["key"]:
                found = {"key": key, "kind": kind, "players": players, "game": g,
                         "turns": [t for t, _ in path[1:k + 1]], "position": position_to_json(pos)}
                best = key if best is None or key < best else best
        return first, found
    if how == w.SCORE:
        hits = [i for i, h in enumerate(end.hands) if w.scores_differ(h, rules)]
        cand = None
        if hits:
            i = min(hits, key=lambda i: (sum(end.hands[i]), i))
            cand = {"key": (sum(end.hands[i]), players, g), "players": players, "game": g, "seat": i,
                    "collection": codes(end.hands[i])}
        return bool(hits), cand
    if how == w.END:
        hit = len({tuple(replace(end, ruleset=r).winners) for r in rules}) > 1
        return hit, ({"key": (players, g), "players": players, "game": g, "turns": [t for t, _ in path[1:]],
                      "position": position_to_json(end)} if hit else None)
    if entry.switch == "deck":
        return jokers_in_play(end), None  # the candidate is the game itself (see _games)
    return end.bot and sum(end.hands[players]) > 2, None  # two_player: the bot received a card


def _games(ids: list[str], players: int, first: int, count: int, seed: int) -> tuple[Counts, dict, dict]:
    """Counts, witness candidates and first changed games over games ``first`` .. ``first+count-1``."""
    counts: Counts = {}
    cands: dict[str, dict] = {}
    changed_games: dict[str, dict] = {}
    for g in range(first, first + count):
        s = game_seed(seed, players, g)
        path = play(players, s, DEFAULT)
        end = path[-1][1]
        for id in ids:
            entry = BY_ID[id]
            if players not in players_of(entry):
                continue
            rules = rulesets(entry)
            best = cands[id]["key"] if id in cands else None
            arose, cand = _arises(entry, rules, path, end, players, g, best)
            start = arose if w.HOW[entry.switch] == w.MOVE else 0  # where the readings first differ
            arose = arose is not None if w.HOW[entry.switch] == w.MOVE else bool(arose)
            if cand is not None and (id not in cands or cand["key"] < cands[id]["key"]):
                cands[id] = cand
            how = w.HOW[entry.switch]
            outcomes = None
            if arose or how == w.DEAL:
                if how in (w.SCORE, w.END):  # the players never read the scoring: the same game, rescored
                    ends = [replace(end, ruleset=r) for r in rules]
                elif how == w.DEAL:  # another deal: the whole game from it
                    ends = [end] + [play(players, s, r)[-1][1] for r in rules[1:]]
                else:
                    ends = [end] + [play_from(path[:start + 1], s, r)[-1][1] for r in rules[1:]]
                outcomes = [_outcome(e) for e in ends]
            change = outcomes is not None and any(o["winners"] != outcomes[0]["winners"] for o in outcomes[1:])
            bucket = counts.setdefault((id, players), {"games": 0, "arises": 0, "tested": 0, "changes": 0})
            bucket["games"] += 1
            bucket["arises"] += arose
            bucket["tested"] += 1  # every game is settled: replayed, or the same game when the point never arose
            bucket["changes"] += change
            game = None
            if outcomes is not None:
                game = {"players": players, "game": g, "seed": s, "turns": len(path) - 1, "changed": change,
                        "outcomes": [{"reading": r.label, **o} for r, o in zip(entry.readings, outcomes, strict=True)]}
            if change and id not in changed_games:
                changed_games[id] = game
            if how == w.DEAL and arose and id not in cands:
                cands[id] = {"key": (players, g), **game}
    return counts, cands, changed_games


def search_end(entry: Entry, seed: int) -> dict[str, Any] | None:
    """For a point read at the end of a game that the sample did not reach: the first of up to
    END_SEARCH further seeded games (2 players first, a stream of their own) whose end the readings
    read differently with a winning score above 0, else the first at 0."""
    rules = rulesets(entry)
    zero = None
    for players in players_of(entry):
        for g in range(END_SEARCH):
            s = game_seed(seed, players, -1 - g)  # negative game numbers: not among the sampled games
            path = play(players, s, DEFAULT)
            end = path[-1][1]
            if len({tuple(replace(end, ruleset=r).winners) for r in rules}) > 1:
                cand = {"key": (players, -1 - g), "players": players, "game": -1 - g,
                        "turns": [t for t, _ in path[1:]], "position": position_to_json(end)}
                if max(end.scores) > 0:
                    return cand
                zero = zero or cand
    return zero


def _merge(total: tuple[Counts, dict, dict], more: tuple[Counts, dict, dict]) -> None:
    counts, cands, changed = total
    for key, got in more[0].items():
        bucket = counts.setdefault(key, dict.fromkeys(got, 0))
        for k, v in got.items():
            bucket[k] += v
    for id, c in more[1].items():
        if id not in cands or c["key"] < cands[id]["key"]:
            cands[id] = c
    for id, ex in more[2].items():
        if id not in changed or (ex["players"], ex["game"]) < (changed[id]["players"], changed[id]["game"]):
            changed[id] = ex


def sample(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
           jobs: int = 1, pieces: Pieces | None = None) -> tuple[dict[str, dict], dict[str, dict], dict[str, dict]]:
    """Per entry: its ``frequency`` over ``games`` seeded games per player count it concerns, its
    smallest witness candidate, and the first game (fewest players, earliest) whose winner changed.
    Games are played in pieces of CHUNK by ``pieces`` (default ``jobs`` local processes); every game
    has its own seed, so the result is the same wherever they ran."""
    ids = [e.id for e in entries if e.plays]
    tasks = [(players, first, min(CHUNK, games - first)) for players in PLAYER_COUNTS
             for first in range(0, games, CHUNK)]
    total: tuple[Counts, dict, dict] = ({}, {}, {})
    runner = pieces or local(jobs)
    for (_, _, count), result in zip(tasks, runner.map(_games, [(ids, *t, seed) for t in tasks]), strict=True):
        _merge(total, result)
        if progress:
            progress(count)
    counts, cands, changed = total
    out = {}
    for entry in entries:
        if not entry.plays:
            continue
        counts_of = players_of(entry)
        settings = [{"setting": f"{n} players", **counts.get((entry.id, n), {"games": 0, "arises": 0, "tested": 0,
                                                                                "changes": 0})} for n in counts_of]
        others = "the other reading" if len(entry.readings) == 2 else "each other reading"
        who = "2-player games" if counts_of == (2,) else "games (2, 3 and 4 players)"
        games_text = f"seeded {who}, {games} per player count, between greedy players"
        changes_text = ("Replaying each of the {tested} games with the same seeded players under " + others
                        + " (where the point never arose the replay is the same game),")
        freq = frequency(settings, "replay", games_text, changes_text)
        freq["technical"] = {"seed": seed, "games_per_player_count": games, "player_counts": list(counts_of),
                             "measure": w.HOW[entry.switch]}
        out[entry.id] = freq
    return out, cands, changed
