"""Seeded play for the frequency sampling: the reasonable player plays a forced win when one exists
and otherwise stays in as cheaply as it can; the sample is the same in worker processes."""

import random

from arbiter.model.red7.notation import parse_text
from arbiter.report.red7.play import RandomPlay, ReasonablePlay, Turns, play_round
from arbiter.solver.red7 import solve

# docs/solver.md: player 0 forces the round with either of two turns out of four.
FORCED = "red 0 | B5 G2 V1 / Y6 | R4 / R6"


def test_solver_player_plays_a_winning_turn_when_it_has_one():
    pos = parse_text(FORCED)
    options = Turns().options(pos)
    wins = set(solve(pos).winning_moves)
    for seed in range(20):
        k = ReasonablePlay()(pos, options, random.Random(seed))
        assert str(options[k][0]) in wins


def test_solver_player_wins_the_round_it_can_force():
    pos = parse_text(FORCED)
    for seed in range(10):
        assert play_round(pos, Turns(), random.Random(seed), ReasonablePlay())[-1][1].winner == 0


def test_random_player_plays_every_legal_turn_in_step_order():
    pos = parse_text(FORCED)
    options = Turns().options(pos)
    assert [m for m, _ in options] == sorted(m for m, _ in options)
    picked = {RandomPlay()(pos, options, random.Random(seed)) for seed in range(200)}
    assert picked == set(range(len(options)))


def test_random_player_is_uniform():
    pos = parse_text("red 0 | B5 G2 V1 O3 / Y6 | R4 Y4 / R6")
    options = Turns().options(pos)
    draws = 4000
    counts = [0] * len(options)
    for seed in range(draws):
        counts[RandomPlay()(pos, options, random.Random(seed))] += 1
    expected = draws / len(options)
    assert all(0.75 * expected < c < 1.25 * expected for c in counts), counts


def test_choices_are_coupled_across_readings():
    """Dropping turns that were not chosen (as another reading might) leaves the choice alone; an
    index drawn into the list would change it as soon as the list changes."""
    pos = parse_text("red 0 | B5 G2 V1 O3 / Y6 | R4 Y4 / R6")
    options = Turns().options(pos)
    for seed in range(300):
        for player in (RandomPlay(), ReasonablePlay()):
            chosen = options[player(pos, options, random.Random(seed))][0]
            fewer = [o for k, o in enumerate(options) if o[0] == chosen or (k + seed) % 3]
            assert fewer[player(pos, fewer, random.Random(seed))][0] == chosen


def test_reasonable_player_stays_in_with_the_fewest_cards():
    # Player 0 can stay in by playing R5 alone (one card) or by playing and discarding (two): the
    # cheap turn is chosen; with no forced win found (hands too large) it never passes.
    pos = parse_text("red 0 | R5 B2 G3 V3 O6 Y4 I3 / O7 | R1 O1 Y1 G1 B1 I1 V1 / R6")
    options = Turns().options(pos)
    for seed in range(30):
        move, nxt = options[ReasonablePlay()(pos, options, random.Random(seed))]
        assert str(move) != "pass" and not nxt.is_out(0)
        assert pos.hands[0].bit_count() - nxt.hands[0].bit_count() == 1
        assert "discard" not in str(move)


def test_sample_in_worker_processes_equals_the_serial_sample():
    from arbiter.report.red7.catalogue import BY_ID
    from arbiter.report.red7.sampling import sample_all

    entries = [BY_ID["nobody-qualifies"], BY_ID["action1-eligibility"]]
    steps = []
    serial = sample_all(entries, 7, 3)
    parallel = sample_all(entries, 7, 3, steps.append, jobs=2)
    assert (parallel.counts, parallel.examples, parallel.digests) == (serial.counts, serial.examples, serial.digests)
    assert sum(steps) == 7 * 3 * 2  # every game of every player count and preset reported once


_serial_piece = None


def _dying_piece(plug, entries, setting, first, count, seed):
    # A worker that dies mid-run (as by a crash or the OOM killer), every time it reaches game 10.
    if first == 10:
        import os
        os._exit(1)
    return _serial_piece(plug, entries, setting, first, count, seed)


def test_a_worker_that_keeps_dying_stops_the_sample_with_a_message(monkeypatch):
    import pytest
    from arbiter.report import sample
    from arbiter.report.red7 import sampling
    from arbiter.report.red7.catalogue import BY_ID

    global _serial_piece
    _serial_piece = sample.piece
    monkeypatch.setattr(sample, "piece", _dying_piece)
    with pytest.raises(RuntimeError, match="worker processes died 3 times before piece . of . was done"):
        sampling.sample_all([BY_ID["nobody-qualifies"]], 20, 3, jobs=2)


def test_a_replay_with_the_same_luck_is_the_same_round():
    """The sampler's replays: from any point of a sampled round, the recommended reading with the
    round's own luck plays the same turns to the same end (so a replay with other luck differs from
    the round by luck alone, and the reading's replays with that luck by the reading alone)."""
    from arbiter.model.red7 import PRESETS
    from arbiter.model.red7.match import start
    from arbiter.report.red7.play import luck

    for seed in range(5):
        pos = start(3, seed, PRESETS["actions"]).position
        path = play_round(pos, Turns(), random.Random(seed), ReasonablePlay())
        for at in (0, len(path) // 2):
            again = play_round(path[at][1], Turns(), luck(seed, at, 0, at), ReasonablePlay())
            assert [t for t, _ in again] == [""] + [t for t, _ in path[at + 1:]]
