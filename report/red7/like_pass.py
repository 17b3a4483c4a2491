"""Entry 18 ("losing-play") computed: does a play that leaves its player not winning end the round
as a pass would? In seeded rounds played by reasonable players, every such play open to the player
to move (a turn under ``losing_turns=plays_only`` that the recommended reading does not list) is
played on against a pass from the same position, both continued under that reading by random
players with the same luck, and solved where the hands are small. The entry's sentences about play
are written from this result (``sentences``, ``written``), and the report keeps it, data and
tables, as an appendix (``appendix``)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from arbiter.model.red7 import PRESETS, Position
from arbiter.model.red7.cards import number_of
from arbiter.model.red7.game import PASS_MOVE, PLAY, Move
from arbiter.model.red7.match import start
from arbiter.model.red7.notation import position_to_json
from arbiter.solver.pieces import local
from arbiter.solver.red7 import solve

from .play import SOLVE_CARDS, RandomPlay, ReasonablePlay, Turns, play_round

ENTRY = "losing-play"
READING = ("losing_turns", "plays_only")  # the reading under which such a play is a turn
SETTINGS = ("basic", "advanced", "actions", "advanced+actions")  # the rule sets tried, without actions first
PLAYER_COUNTS = (2, 3, 4)
ROUNDS = 4  # seeded first rounds per rule set and player count: fixed, so the result is the same for any --games
SOLVE_NODES = 20_000  # each solve of a small position gives up past this many nodes (then it is not counted)
ACTION_SETTINGS = ("actions", "advanced+actions")


def losing_plays(pos: Position) -> list[tuple[Move, Position]]:
    """The turns the reading adds at ``pos``: legal under ``losing_turns=plays_only`` and not under
    the recommended reading, each leaving its player out."""
    me, rules = pos.to_move, pos.ruleset.with_switches(**dict([READING]))
    usual = {m for m, _ in Turns().options(pos)}
    return [(m, nxt) for m, nxt in Turns().options(replace(pos, ruleset=rules))
            if m not in usual and m != PASS_MOVE and nxt.is_out(me)]


def played_numbers(move: Move) -> str:
    """The numbers of the cards a turn plays to the Palette, in order ("1", "5 then 7")."""
    return " then ".join(str(number_of(card)) for verb, card in move if verb == PLAY)


def last_played(move: Move) -> int:
    """The number of the last card a turn plays (after a 5's, the card whose action ends the chain)."""
    return [number_of(card) for verb, card in move if verb == PLAY][-1]


def _outcome(pos: Position, turn: str, luck: str, turns: Turns) -> dict[str, Any]:
    """The round played on from ``pos`` (after ``turn``) by random players with the seeded ``luck``
    (they choose from the turns' texts alone: the reasonable players' solver counts every hand,
    the out player's too, so it would part the two rounds on its own); and,
    when its hands hold at most SOLVE_CARDS cards, what best play gives from there."""
    path = play_round(pos, turns, random.Random(luck), RandomPlay())
    end = path[-1][1]
    scores = None if end.scores is None else list(end.scores)
    out: dict[str, Any] = {"turn": turn, "winner": end.winner, "scores": scores, "line": [t for t, _ in path[1:]],
                           "solved": None}
    if sum(h.bit_count() for h in pos.hands) <= SOLVE_CARDS and not pos.is_over:
        s = solve(pos, max_nodes=SOLVE_NODES, full=False)
        if s.solved:
            out["solved"] = {"winner": s.winner, "points": s.points}
    elif pos.is_over:
        out["solved"] = {"winner": pos.winner, "points": None}
    return out


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same round for every player: the same turns after, the same winner and scores."""
    return all(a[k] == b[k] for k in ("winner", "scores", "line"))


def _setting(preset: str, n: int, seed: int, rounds: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One rule set and player count of ``compute``: its counts, and the first witness of each last
    number played whose round ended otherwise."""
    rules = PRESETS[preset].with_switches(**dict([READING]))
    row = {"preset": preset, "players": n, "rounds": rounds, "positions": 0, "plays": 0, "same": 0,
           "other_winner": 0, "solved": 0, "solved_same": 0, "differ": {}}
    witnesses: dict[str, dict[str, Any]] = {}
    for k in range(rounds):
        game = seed * 1000 + k
        turns = Turns()
        path = play_round(start(n, game, PRESETS[preset]).position, turns, random.Random(game), ReasonablePlay())
        for at, (_, pos) in enumerate(path[:-1]):
            found = losing_plays(pos)
            if not found:
                continue
            row["positions"] += 1
            luck = f"red7 like-pass {game} {at}"
            after_pass = dict(Turns().options(replace(pos, ruleset=rules)))[PASS_MOVE]
            passed = _outcome(replace(after_pass, ruleset=rules), "pass", luck, turns)
            for move, nxt in found:
                played = _outcome(replace(nxt, ruleset=rules), str(move), luck, turns)
                row["plays"] += 1
                row["other_winner"] += played["winner"] != passed["winner"]
                if _same(played, passed):
                    row["same"] += 1
                else:
                    key = str(last_played(move))
                    row["differ"][key] = row["differ"].get(key, 0) + 1
                    witnesses.setdefault(key, {
                        "preset": preset, "players": n, "game": game, "numbers": played_numbers(move),
                        "turns": [t for t, _ in path[1:at + 1]], "position": position_to_json(pos),
                        "luck": luck, "outcomes": [played, passed]})
                if played["solved"] is not None and passed["solved"] is not None:
                    row["solved"] += 1
                    row["solved_same"] += played["solved"] == passed["solved"]
    row["differ"] = dict(sorted(row["differ"].items()))
    return row, [witnesses[key] for key in sorted(witnesses)]


def compute(seed: int, rounds: int = ROUNDS, jobs: int = 1) -> dict[str, Any]:
    """For each rule set and player count (in ``jobs`` processes), ``rounds`` seeded first rounds
    (game seeds ``seed * 1000 + k``) played by reasonable players under the recommended reading: at
    each position where the reading opens a losing play, each such play and a pass played on alike;
    the counts, and the first witness of each (setting, last number played) whose round ends otherwise."""
    settings = [(preset, n, seed, rounds) for preset in SETTINGS for n in PLAYER_COUNTS]
    done = list(local(jobs).map(_setting, settings))
    return {"entry": ENTRY, "reading": "=".join(READING), "seed": seed, "rounds": rounds,
            "settings": [row for row, _ in done], "witnesses": [w for _, found in done for w in found]}


def totals(result: dict[str, Any], presets: tuple[str, ...]) -> dict[str, Any]:
    """The counts of ``presets`` added up, with the played numbers whose rounds ended otherwise."""
    rows = [r for r in result["settings"] if r["preset"] in presets]
    differ: dict[str, int] = {}
    for r in rows:
        for key, count in r["differ"].items():
            differ[key] = differ.get(key, 0) + count
    counted = ("positions", "plays", "same", "other_winner", "solved", "solved_same")
    return {k: sum(r[k] for r in rows) for k in counted} | {"differ": dict(sorted(differ.items()))}


# What the action of the last card a losing play plays still does for the player going out (rules text).
ACTIONS = {1: "take a card from an opponent's Palette", 3: "draw from the deck",
           7: "move a card of their Palette to the Canvas or the deck"}


def _either(items: list[str], word: str = "or") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


def sentences(result: dict[str, Any]) -> dict[str, str]:
    """The entry's sentences about play, from the result: ``answer`` (after the rule's own sentence)
    and ``recommendation`` (its last sentence). A count that refutes a sentence changes it."""
    plain = totals(result, tuple(p for p in SETTINGS if p not in ACTION_SETTINGS))
    acts = totals(result, ACTION_SETTINGS)
    where = f"seeded rounds (appendix “{TITLE}”)"
    if plain["plays"] and plain["plays"] == plain["same"]:
        answer = "Without the Action rule such a play ended the round as a pass did in every case found"
        without = (f"Without the Action rule such a play and a pass ended the round the same way for every player in "
                   f"all {plain['plays']:,} cases found in {where}: the same turns after, the same winner and "
                   "(Advanced) the same points")
    else:
        answer = "Even without the Action rule such a play sometimes ended the round otherwise than a pass"
        without = (f"Without the Action rule such a play ended the round otherwise than a pass in "
                   f"{plain['plays'] - plain['same']:,} of {plain['plays']:,} cases found in {where}")
    numbers = sorted(int(k) for k in acts["differ"])
    if numbers:
        does = [ACTIONS.get(k, f"carry out the {k}'s action") for k in numbers]
        answer += (f"; with it, a losing {_either([str(k) for k in numbers])} sometimes ended it otherwise, as its "
                   "action still happens.")
        with_ = (f"; with it, {acts['plays'] - acts['same']:,} of {acts['plays']:,} such plays ended it otherwise "
                 f"({acts['other_winner']:,} with another winner), each playing a {_either([str(k) for k in numbers])} "
                 f"last: a player going out would still {_either(does)}.")
    else:
        answer += f"; so did it with the Action rule, in the {acts['plays']:,} cases found."
        with_ = f"; with it, none of the {acts['plays']:,} such plays found ended it otherwise."
    return {"answer": answer, "recommendation": without + with_}


def written(item: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The entry's JSON (``entry_json``) with its sentences about play added from the result."""
    said = sentences(result)
    return {**item, "answer": f"{item['answer']} {said['answer']}",
            "recommendation": f"{item['recommendation']} {said['recommendation']}"}


TITLE = "A losing play against a pass (entry 18)"
INTRO = ("What entry 18 says of play is computed here (`report/red7/like_pass.py`). For each rule set and player "
         "count, {rounds} seeded first rounds (game seeds {seed}000 on) were played by reasonable players under the "
         "recommended reading. At each position where `losing_turns=plays_only` opens a play that leaves its "
         "player out, each such play and a pass were played on from there under that reading by random players "
         "with the same luck (they choose from the turns' texts alone), and solved where the hands hold at most "
         "{cards} cards: a play *ends the round as a pass* when the turns after it, the round's winner and the "
         "scores are the same; *solved alike* counts the cases where best play gives the same winner and points "
         "after both.")


def appendix(result: dict[str, Any]) -> dict[str, Any]:
    """The result as a report appendix: the counts per setting, and each witness."""
    rows = [[r["preset"], str(r["players"]), str(r["positions"]), str(r["plays"]), str(r["same"]),
             str(r["other_winner"]), f"{r['solved_same']} of {r['solved']}",
             ", ".join(f"{k}: {c}" for k, c in r["differ"].items()) or "-"] for r in result["settings"]]
    def told(o: dict[str, Any]) -> str:
        return f"{o['turn']}: winner {o['winner']}" + ("" if o["scores"] is None else f", scores {o['scores']}")

    seen = [[w["preset"], str(w["players"]), str(w["game"]), w["numbers"], " / ".join(told(o) for o in w["outcomes"])]
            for w in result["witnesses"]]
    return {"id": "like-pass", "title": TITLE,
            "intro": INTRO.format(rounds=result["rounds"], seed=result["seed"], cards=SOLVE_CARDS),
            "tables": [{"caption": "Losing plays against a pass, per setting",
                        "head": ["rule set", "players", "positions", "losing plays", "end as a pass",
                                 "another winner", "solved alike", "ended otherwise, by the last number played"],
                        "rows": rows},
                       {"caption": "The first of each that ended otherwise (game seed; the play, then the pass)",
                        "head": ["rule set", "players", "game", "numbers played", "outcomes"], "rows": seen}],
            "data": result}
