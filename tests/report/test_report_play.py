"""Seeded play for the divergence sampling: the solver-guided player plays a forced win when one
exists, and plays like the random player otherwise."""

import random

from arbiter.model.red7.notation import parse_text
from arbiter.report.play import RandomPlay, SolverPlay, Turns, play_round
from arbiter.solver import solve

# docs/solver.md: player 0 forces the round with either of two turns out of four.
FORCED = "red 0 | B5 G2 V1 / Y6 | R4 / R6"


def test_solver_player_plays_a_winning_turn_when_it_has_one():
    pos = parse_text(FORCED)
    options = Turns().options(pos)
    wins = set(solve(pos).winning_moves)
    for seed in range(20):
        k = SolverPlay()(pos, options, random.Random(seed))
        assert str(options[k][0]) in wins


def test_solver_player_wins_the_round_it_can_force():
    pos = parse_text(FORCED)
    for seed in range(10):
        assert play_round(pos, Turns(), random.Random(seed), SolverPlay())[-1][1].winner == 0


def test_random_player_plays_every_legal_turn_in_step_order():
    pos = parse_text(FORCED)
    options = Turns().options(pos)
    assert [m for m, _ in options] == sorted(m for m, _ in options)
    picked = {RandomPlay()(pos, options, random.Random(seed)) for seed in range(200)}
    assert picked == set(range(len(options)))
