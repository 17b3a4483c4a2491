"""Annotating games: reading records, every turn's share against advise, and the forced-win marks
against the solver."""

import json
import random

import pytest
from arbiter.model.red7.game import apply, deal, successors
from arbiter.model.red7.notation import format_text, position_to_json
from arbiter.model.red7.ruleset import ACTIONS, ADVANCED, BASIC
from arbiter.model.red7.view import view_of
from arbiter.solver.red7 import solve
from arbiter.solver.red7.advise import advise
from arbiter.solver.red7.annotate import KEPT, NONE, THREW_AWAY, GameError, annotate, read_game


def late_game(players, seed, ruleset, left):
    """A seeded random game from its deal: the position once few hand cards are left, and the rest."""
    pos = deal(players, seed, ruleset)
    rng = random.Random(seed)
    turns, start = [], None
    while not pos.is_over:
        if start is None and sum(h.bit_count() for h in pos.hands) <= left:
            start = pos
        choices = [s for s in successors(pos) if str(s[0]) != "pass"] or successors(pos)
        move, pos = rng.choice(choices)
        if start is not None:
            turns.append(str(move))
    return start, turns


def test_reads_the_three_record_forms():
    start, turns = late_game(2, 1, ACTIONS, 8)
    log = {"players": 2, "seed": 1, "rounds": [{"round": 1, "position": position_to_json(start),
                                                "turns": [{"player": 0, "move": t} for t in turns]}]}
    a = read_game(json.dumps(log))
    b = read_game(json.dumps({"position": format_text(start), "turns": turns}))
    c = read_game("\n".join([format_text(start), *turns, ""]))
    assert [(r.start, r.turns) for r in a] == [(r.start, r.turns) for r in b] == [(r.start, r.turns) for r in c]
    assert a[0].start == start and a[0].turns == turns


def test_reads_a_whole_advanced_match_log():
    from arbiter.cli.main import cli
    from click.testing import CliRunner

    log = CliRunner().invoke(cli, ["play", "--seed", "2", "--ruleset", "advanced", "--json"]).output
    rounds = read_game(log)
    assert len(rounds) == len(json.loads(log)["rounds"]) > 1
    for r in rounds:
        pos = r.start
        for t in r.turns:
            pos = apply(pos, t)
        assert pos.is_over


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("{", "not valid JSON"),
    ('{"position": "red 0 | R7 / Y4 | B2 / V6", "turns": ["play B2"]}', "round 1 turn 1: 'play B2' is not a legal"),
    ('{"position": "red 0 | R7 / Y4 | R7 / V6", "turns": []}', "round 1: bad position: players[1].hand"),
    ('{"position": "red 0 | R7 / Y4 | B2 / V6", "turns": "play R7"}', "turns must be a list"),
    ("red 0 | R7 / Y4 | B2 / V6\nplay R7\nplay X9", "turn 2: unknown card 'X9'"),
])
def test_bad_records_name_the_place(text, words):
    with pytest.raises(GameError, match=None) as e:
        read_game(text)
    assert words in str(e.value)


def test_marks_a_thrown_away_and_a_kept_forced_win():
    start = "red 0 | B5 G2 V1 / Y6 | R4 / R6"  # docs/solver.md: the wins are play G2 discard B5 / V1
    threw = annotate(read_game(f"{start}\nplay V1 discard B5\n"), samples=10)
    kept = annotate(read_game(f"{start}\nplay G2 discard B5\n"), samples=10)
    assert threw.rounds[0][1][0].forced == THREW_AWAY and kept.rounds[0][1][0].forced == KEPT


@pytest.mark.parametrize("players, seed, ruleset", [(2, 6, ACTIONS), (3, 5, ADVANCED), (2, 5, BASIC)])
def test_every_turn_agrees_with_advise_and_the_solver(players, seed, ruleset):
    start, turns = late_game(players, seed, ruleset, 3 * players)
    note = annotate(read_game(json.dumps({"position": position_to_json(start), "turns": turns})), samples=12, seed=9)
    notes = note.rounds[0][1]
    assert len(notes) == len(turns) and note.stopped is None
    pos = start
    marks = set()
    for n, t in zip(notes, turns, strict=True):
        advice = advise(view_of(pos), samples=12, seed=9)
        assert n.played.wins == advice.share(t).wins and n.best_share == advice.best.win_share
        assert n.played.win_share <= n.best_share
        result = solve(pos)
        if result.winner != pos.to_move:
            assert n.forced == NONE
        else:
            assert n.forced == (KEPT if t.lower() in {w.lower() for w in result.winning_moves} else THREW_AWAY)
        marks.add(n.forced)
        pos = apply(pos, t)
    assert THREW_AWAY in marks and KEPT in marks  # the games are not all one kind of turn


def test_annotations_are_the_same_through_the_compiled_core_and_in_python(monkeypatch):
    from arbiter.solver.red7 import core

    start, turns = late_game(3, 2, ACTIONS, 10)
    rounds = read_game(json.dumps({"position": format_text(start), "turns": turns}))
    marked = annotate(rounds, samples=10, seed=1).to_json()
    monkeypatch.setenv(core.PURE_PYTHON_ENV, "1")
    assert annotate(rounds, samples=10, seed=1).to_json() == marked
    assert len(turns) >= 3 and {t["forced_win"] for r in marked["rounds"] for t in r["turns"]} - {None}
