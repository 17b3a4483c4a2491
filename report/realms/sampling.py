"""How often each Realms entry matters, through ``report.sample``: seeded games between greedy
players per player count (and per ruleset an entry is read under, when that is not the default),
played under the recommended reading. An entry about how a trick is won *arises* at the first trick
whose cards show its situation, the others where the readings first part (other legal cards,
another transition); from there the game is replayed under each reading with one other luck,
the recommended reading's replay being the baseline of chance. The results compared are the
winner of that trick and the winner of the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from arbiter.model.realms.game import deal
from arbiter.model.realms.notation import position_to_json
from arbiter.model.realms.ruleset import DEFAULT, Ruleset
from arbiter.solver.pieces import Pieces, local

from .. import sample
from ..entry import Entry
from ..frequency import frequency
from .play import Game, Trick, play, tricks
from .situations import SITUATIONS, first_difference, walked

PLAYER_COUNTS = (2, 3, 4)
CHUNK = 10  # games per piece of the sample

PARTING = {  # in words, where the readings part for an entry that is not about one trick's cards
    "follow_colour": "a player may play other cards under the other reading",
    "match_follow": "a player may play other cards under the other reading",
    "specials_follow": "a player may play other cards under the other reading",
    "troll_bullets": "a player may play other cards under the other reading",
    "realm_follow": "a player may play other cards under the other reading",
    "purple_follows": "a player may play other cards under the other reading",
    "nominated_links": "a player may play other cards, or the trick ends otherwise, under the other reading",
    "first_lead": "the first trick of a game (another player leads it)",
    "halftime": "a player reaches 50 points (halftime)",
    "troll_victim": "a Troll's steal",
    "recycle": "the draw pile empties while the discard pile holds cards",
}
AFTER_THE_STEP = ("halftime", "recycle", "troll_victim")  # they change what follows a step, not the trick it ends


@dataclass(frozen=True)
class At:
    """Where an entry's readings part in a game: the step a replay starts from, and whether the
    trick compared is the first to end after that step (not the one it is part of)."""

    step: int
    after: bool = False


def setting_name(players: int, base: Ruleset) -> str:
    return f"{players} players" + ("" if base == DEFAULT else f", {str(base).removeprefix('default,')}")


def first_trick(game: Game, at: At) -> Trick | None:
    return next((t for t in tricks(game) if t.step > at.step or (t.step == at.step and not at.after)), None)


@dataclass
class RealmsPlug:
    """``report.sample.Plug`` for Realms (see the module's docstring)."""

    def settings(self, entries: list[Entry]) -> list[sample.Setting]:
        bases: list[Ruleset] = []
        for e in entries:
            if e.plays and e.base not in bases:
                bases.append(e.base)
        bases.sort(key=lambda b: b != DEFAULT)
        return [sample.Setting(f"{'default' if b == DEFAULT else str(b)}/{n}", setting_name(n, b), (n, b))
                for b in bases for n in PLAYER_COUNTS]

    def measures(self, entry: Entry, setting: sample.Setting) -> bool:
        return entry.plays and setting.params[1] == entry.base

    def play(self, setting: sample.Setting, seed: int) -> Game:
        players, base = setting.params
        return play(players, seed, base)

    def part(self, played: Game, entry: Entry) -> At | None:
        if entry.id in SITUATIONS:
            _, situation = SITUATIONS[entry.id]
            t = next((t for t in tricks(played) if situation(walked(t.ruling, t.plays, entry.base))), None)
            return None if t is None else At(t.start)
        parted = [first_difference(played, r.ruleset(entry.base), entry.switch) for r in entry.readings[1:]]
        found = [k for k in parted if k is not None]
        return At(min(found), entry.switch in AFTER_THE_STEP) if found else None

    def replayable(self, entry: Entry) -> bool:
        return True

    def replay(self, played: Game, at: At, entry: Entry, k: int, luck: int) -> Game:
        rs = entry.readings[k].ruleset(entry.base)
        other = luck == sample.OTHER
        if entry.switch == "first_lead":
            return replace(play(played.players, played.seed, rs, deal(played.players, played.seed, rs), 0, other),
                           first=0)
        return play(played.players, played.seed, rs, replace(played.steps[at.step][0], ruleset=rs), at.step, other)

    def results(self, played: Game, entry: Entry) -> dict[str, Any]:
        if played.first:  # a replay from where the readings part
            at: At | None = At(played.first, entry.switch in AFTER_THE_STEP)
        elif entry.switch == "first_lead":  # the game itself, or a replay from a deal under the other reading
            at = At(0)
        else:
            at = self.part(played, entry)
        t = None if at is None else first_trick(played, at)
        return {"trick": None if t is None else t.winner, "game": played.winner}

    def example(self, played: Game, at: At, entry: Entry, replays: list[Game]) -> dict[str, Any] | None:
        """The position where the readings part, and what each reading's replay (with one other
        luck, the recommended reading's first) makes of the next trick and of the game."""
        outcomes = []
        for r, g in zip(entry.readings[len(entry.readings) - len(replays):], replays, strict=True):
            t = first_trick(g, at)
            outcomes.append({"reading": r.label, "trick": None if t is None else t.winner, "game": g.winner,
                             "plays": [] if t is None else [[c, x] for c, x in t.plays],
                             "players": [] if t is None else list(t.players),
                             "ruling": None if t is None else t.ruling})
        return {"players": played.players, "step": at.step, "after": at.after,
                "position": position_to_json(played.steps[at.step][0]), "outcomes": outcomes}


PLUG = RealmsPlug()


def sample_all(entries: list[Entry], games: int, seed: int, progress: Callable[[int], None] | None = None,
               jobs: int = 1, pieces: Pieces | None = None) -> sample.Sample:
    """The sample of ``games`` games per setting (see ``report.sample.run``)."""
    return sample.run(PLUG, [e for e in entries if e.plays], games, seed, CHUNK, progress, pieces or local(jobs))


def entry_frequency(entry: Entry, s: sample.Sample, games: int, seed: int) -> dict[str, Any]:
    """An entry's ``frequency`` (see ``report.frequency``) from the sample."""
    rows = sample.rows(s, entry, PLUG)
    under = "" if entry.base == DEFAULT else f" under {str(entry.base).removeprefix('default,')}"
    games_text = (f"seeded games between greedy players ({games} for each of 2, 3 and 4 players, played to 100 "
                  f"points under the recommended reading{under})")
    changes_text = ("Replaying each of those {tested} games from the start of that trick under the other reading, "
                    "with the same players and new luck,") if entry.id in SITUATIONS else (
                    "Replaying each of those {tested} games from where the readings part under the other reading, "
                    "with the same players and new luck,")
    freq = frequency(rows, "replay", games_text, changes_text,
                     "Of those games, the other reading's replay had another game winner in",
                     what="trick winner", game_what="game winner")
    where = (f"a trick in which {SITUATIONS[entry.id][0]}" if entry.id in SITUATIONS else PARTING[entry.switch])
    freq["text"] = f"The situation: {where}. " + freq["text"]
    freq["technical"] = {"seed": seed, "games_per_setting": games, "chunk": CHUNK, "players": list(PLAYER_COUNTS),
                         "base": str(entry.base)}
    return freq
