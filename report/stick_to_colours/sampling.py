"""How often each Stick to Colours entry matters, through ``report.sample``: seeded games per player
count between greedy players under the recommended reading. A point *arises* at the first decision
where the readings offer the player to move other decisions or a decision with another result, at the
end for a point of scoring (a final collection scored differently, a tie read differently), or at the
deal for the deck and the bot. From there the game is played on under each reading by the same
players with one new luck; the recommended reading's replay is the baseline of chance. The result
compared is who wins the game. The same pass keeps each entry's smallest witness candidate."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from arbiter.model.stick_to_colours import DEFAULT, Ruleset, cards
from arbiter.model.stick_to_colours.game import unrecorded
from arbiter.model.stick_to_colours.notation import position_to_json
from arbiter.solver.pieces import Pieces, local

from .. import sample
from ..entry import Entry
from ..frequency import frequency
from . import witness as w
from .play import Path, jokers_in_play, play, play_from, winners

PLAYER_COUNTS = (2, 3, 4)
CHUNK = 10  # games per piece of the sample
WITNESS_GAMES = 20  # games per setting searched for the smallest example
END_SEARCH = 300  # further games searched for an example of a point read at the end that the sample missed


def game_seed(seed: int, players: int, game: int) -> int:
    return random.Random(f"stick-to-colours frequency {seed} {players} {game}").getrandbits(48)


def players_of(entry: Entry) -> tuple[int, ...]:
    return (2,) if entry.switch in w.TWO_ONLY else PLAYER_COUNTS


def rulesets(entry: Entry) -> list[Ruleset]:
    return [r.ruleset(entry.base) for r in entry.readings]


def _size(pos, players: int, turn: int) -> tuple:
    """Order of witness positions: fewer players, fewer cards still to come, fewer cards held."""
    left = len(pos.deck) + len(pos.market) + (pos.auction is not None)
    return (players, left, sum(sum(h) for h in pos.hands), turn)


@dataclass(frozen=True)
class Played:
    """A sampled game (``path``: the deal, then each decision and the position after it), its seed
    and player count, and ``start``: for a replay, the decision it was played on from."""

    players: int
    seed: int
    path: Path
    start: int | None = None


def first_move(entry: Entry, path: Path) -> int | None:
    """The first decision where the readings offer the player to move something different."""
    rules = rulesets(entry)
    for k in range(len(path) - 1):
        pos = path[k][1]
        if w.relevant(entry.switch, pos) and w.move_difference(pos, rules) is not None:
            return k
    return None


def arises_at_end(entry: Entry, path: Path) -> bool:
    end, rules = path[-1][1], rulesets(entry)
    if w.HOW[entry.switch] == w.SCORE:
        return any(w.scores_differ(h, rules) for h in end.hands)
    return len({tuple(replace(end, ruleset=r).winners) for r in rules}) > 1


def arises_in_deal(entry: Entry, path: Path) -> bool:
    end = path[-1][1]
    if entry.switch == "deck":
        return jokers_in_play(end)  # a blue or green joker (48 cards only) ends in a collection
    return end.bot and sum(end.hands[end.players]) > 2  # two_player: the bot received a card


@dataclass(frozen=True)
class StickPlug:
    """``report.sample.Plug`` for Stick to Colours (see the module's docstring)."""

    def settings(self, entries: list[Entry]) -> list[sample.Setting]:
        return [sample.Setting(f"{n}", f"{n} players", (n,)) for n in PLAYER_COUNTS]

    def measures(self, entry: Entry, setting: sample.Setting) -> bool:
        return entry.plays and setting.params[0] in players_of(entry)

    def play(self, setting: sample.Setting, seed: int) -> Played:
        (players,) = setting.params
        return Played(players, seed, play(players, seed, DEFAULT))

    def part(self, played: Played, entry: Entry) -> int | None:
        how = w.HOW[entry.switch]
        if how == w.MOVE:
            return first_move(entry, played.path)
        if how in (w.SCORE, w.END):  # the players never read the scoring: the readings part at the end
            return len(played.path) - 1 if arises_at_end(entry, played.path) else None
        return 0 if arises_in_deal(entry, played.path) else None

    def replayable(self, entry: Entry) -> bool:
        return True

    def replay(self, played: Played, at: int, entry: Entry, k: int, luck: int) -> Played:
        rs = rulesets(entry)[k]
        other = luck == sample.OTHER
        if w.HOW[entry.switch] == w.DEAL:  # another deck, or no bot: the game from its own deal
            path = play(played.players, played.seed, rs) if not other else play_from(
                play(played.players, played.seed, rs, max_turns=0), played.seed, rs, other_luck=True)
            return Played(played.players, played.seed, path, 0)
        return Played(played.players, played.seed, play_from(played.path[:at + 1], played.seed, rs,
                                                              other_luck=other), at)

    def results(self, played: Played, entry: Entry) -> dict[str, Any]:
        return {"game": winners(played.path[-1][1])}

    def example(self, played: Played, at: int, entry: Entry, replays: list[Played]) -> dict[str, Any] | None:
        """The game and where the readings part, and each reading's end with one new luck."""
        outcomes = []
        if len(replays) < len(entry.readings):  # given the other readings' replays only: the game is the default's
            replays = [played, *replays]
        for r, g in zip(entry.readings, replays, strict=True):
            end = g.path[-1][1]
            outcomes.append({"reading": r.label, "players": played.players, "scores": list(end.scores),
                             "winners": None if winners(end) is None else list(winners(end)), "over": end.is_over})
        return {"players": played.players, "at": at, "turns": len(played.path) - 1, "changed": True,
                "outcomes": outcomes}


PLUG = StickPlug()


def candidates(entry: Entry, seed: int) -> dict[str, Any] | None:
    """The entry's smallest witness candidate among the first WITNESS_GAMES games of each setting of
    the sample (played again here, whatever the sample's size: the sample keeps counts, not games).
    A game whose candidates could not be smaller than the best so far is not searched (its player
    count is larger, where that comes first) or searched only for those that could (``_candidate``'s ``bound``)."""
    best = None
    for n in players_of(entry):
        if w.HOW[entry.switch] != w.SCORE and best is not None and best["key"][0] < n:  # its keys start with n
            break
        for g in range(WITNESS_GAMES):
            gs = witness_seed(seed, n, g)
            cand = _candidate(entry, witness_game(n, gs), n, g, None if best is None else best["key"])
            if cand is not None and (best is None or cand["key"] < best["key"]):
                best = {**cand, "seed": gs}
    return best


def witness_seed(seed: int, players: int, game: int) -> int:
    """The seed of the sample's ``game``-th game of ``players`` players."""
    return sample.game_seed(seed, sample.Setting(f"{players}", f"{players} players", (players,)), game)


@lru_cache(maxsize=4 * WITNESS_GAMES * len(PLAYER_COUNTS))
def witness_game(players: int, seed: int) -> Path:
    """``play(players, seed, DEFAULT)``, played once for every entry's witness search (not to be changed)."""
    return play(players, seed, DEFAULT)


def smallest_one_colour(entry: Entry) -> dict[str, Any] | None:
    """For a point of scoring no sampled collection showed: the smallest (then least) collection of
    one colour, its joker included, that the readings score differently (colours are symmetric)."""
    rules = rulesets(entry)
    best = None
    for counts in cards.collections(cards.KINDS, cards.one_colour()):
        if w.scores_differ(counts, rules):
            key = (sum(counts), cards.codes(counts))
            best = key if best is None or key < best else best
    return None if best is None else {"collection": best[1]}


def _candidate(entry: Entry, path: Path, players: int, g: int, bound: tuple | None = None) -> dict[str, Any] | None:
    """The game's smallest candidate; for a decision, among the positions up to the first where the
    readings differ and those after it with no deck left. Once one is found, a position whose key is
    not below ``bound`` (the best of earlier games) is not compared: it could not be chosen."""
    how = w.HOW[entry.switch]
    rules = rulesets(entry)
    end = path[-1][1]
    if how == w.MOVE:
        found = None
        for k in range(len(path) - 1):
            pos = path[k][1]
            if found is not None and pos.deck:
                continue
            if not w.relevant(entry.switch, pos):
                continue
            key = (*_size(pos, players, k), g)
            if found is not None and (key >= found["key"] or (bound is not None and key >= bound)):
                continue  # comparing the readings here (the costly part) could not give a smaller candidate
            kind = w.move_difference(pos, rules)
            if kind is None:
                continue
            if found is None or key < found["key"]:
                found = {"key": key, "kind": kind, "players": players, "game": g,
                         "turns": [t for t, _ in path[1:k + 1]], "position": position_to_json(unrecorded(pos))}
        return found
    if how == w.SCORE:
        hits = [i for i, h in enumerate(end.hands) if w.scores_differ(h, rules)]
        if not hits:
            return None
        i = min(hits, key=lambda i: (sum(end.hands[i]), i))
        return {"key": (sum(end.hands[i]), players, g), "players": players, "game": g, "seat": i,
                "collection": cards.codes(end.hands[i])}
    if how == w.END:
        if len({tuple(replace(end, ruleset=r).winners) for r in rules}) <= 1:
            return None
        return {"key": (players, g), "players": players, "game": g, "turns": [t for t, _ in path[1:]],
                "position": position_to_json(unrecorded(end))}
    return None


def search_end(entry: Entry, seed: int) -> dict[str, Any] | None:
    """For a point read at the end of a game that the sample did not reach: the first of up to
    END_SEARCH further seeded games (2 players first, a stream of their own) whose end the readings
    read differently with a winning score above 0, else the first at 0."""
    rules = rulesets(entry)
    zero = None
    for players in players_of(entry):
        for g in range(END_SEARCH):
            s = game_seed(seed, players, -1 - g)  # a stream of seeds of its own, apart from the sampled games
            path = play(players, s, DEFAULT)
            end = path[-1][1]
            if len({tuple(replace(end, ruleset=r).winners) for r in rules}) > 1:
                cand = {"key": (players, END_SEARCH + g), "players": players, "game": None, "searched": g + 1,
                        "seed": s, "turns": [t for t, _ in path[1:]], "position": position_to_json(unrecorded(end))}
                if max(end.scores) > 0:
                    return cand
                zero = zero or cand
    return zero


def sample_all(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
               jobs: int = 1, pieces: Pieces | None = None) -> sample.Sample:
    """The sample of ``games`` games per setting (see ``report.sample.run``)."""
    return sample.run(PLUG, [e for e in entries if e.plays], games, seed, CHUNK, progress, pieces or local(jobs))


def entry_frequency(entry: Entry, s: sample.Sample, games: int, seed: int) -> dict[str, Any]:
    """An entry's ``frequency`` (see ``report.frequency``) from the sample."""
    rows = sample.rows(s, entry, PLUG)
    counts_of = players_of(entry)
    who = "2-player games" if counts_of == (2,) else "games (2, 3 and 4 players)"
    games_text = f"seeded {who}, {games} per player count, between greedy players under the recommended reading"
    changes_text = ("Replaying each of those {tested} games from where the readings part under each other reading, "
                    "with the same players and new luck,")
    freq = frequency(rows, "replay", games_text, changes_text, what="game winner")
    freq["technical"] = {"seed": seed, "games_per_player_count": games, "player_counts": list(counts_of),
                         "chunk": CHUNK, "measure": w.HOW[entry.switch]}
    return freq
