"""The solver against the plain brute-force minimax of ``arbiter.solver.red7.reference`` (reference rules,
no table, no ordering), and the shape of its answers: winning moves, lines, dead cards."""

from __future__ import annotations

import functools

import pytest
from arbiter.model.red7.cards import codes
from arbiter.model.red7.game import apply, banked_set, points, successors
from arbiter.model.red7.ruleset import ACTIONS, ADVANCED, ADVANCED_ACTIONS, BASIC
from arbiter.solver.red7 import reference, solve
from hypothesis import given
from solver_positions import small_positions

CASES = [(2, BASIC, 4), (2, ACTIONS, 2), (3, BASIC, 2), (3, ACTIONS, 2)]


@pytest.mark.parametrize("players, ruleset, max_hand", CASES, ids=lambda v: str(v))
def test_verdict_equals_brute_force(players, ruleset, max_hand):
    @given(small_positions(players, ruleset, max_hand=max_hand))
    def check(pos):
        result = solve(pos)
        assert result.solved
        forced = {p: reference.value(pos, p) > 0 for p in pos.in_play}
        assert sum(forced.values()) <= 1, "two players cannot both force a win"
        assert result.winner == next((p for p, won in forced.items() if won), None)
        for p in pos.in_play:
            assert result.can_force[p] == forced[p]
        outcomes = {o.move: o.outcome for o in result.moves}
        for move, child in successors(pos):
            assert outcomes[str(move)] == ("win" if reference.value(child, pos.to_move) > 0 else "loss")

    check()


@given(small_positions(2, ADVANCED, max_hand=2))
def test_advanced_points_equal_brute_force(pos):
    """Advanced: the winner maximises the banked points, the loser minimises them."""
    result = solve(pos)
    v = reference.value(pos, result.winner)
    assert v > 0
    assert result.points == v - reference.WIN


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS, ADVANCED], ids=str)
def test_every_winning_move_leaves_the_next_player_lost(ruleset):
    @given(small_positions(2, ruleset, max_hand=3))
    def check(pos):
        result = solve(pos)
        for text in result.winning_moves:
            child = apply(pos, text)
            if not child.is_over:
                answer = solve(child)
                assert answer.winner == pos.to_move != child.to_move
                assert answer.winning_moves == []

    check()


@pytest.mark.parametrize("players, ruleset", [(2, BASIC), (2, ACTIONS), (3, BASIC), (3, ADVANCED)], ids=str)
def test_line_replays_legally_to_the_winner(players, ruleset):
    @given(small_positions(players, ruleset, max_hand=3 if players == 2 else 2))
    def check(pos):
        result = solve(pos)
        if result.winner is None:
            assert result.line == []
            return
        for text in result.line:
            pos = apply(pos, text)
        assert pos.is_over and pos.winner == result.winner
        if ruleset.advanced:
            assert points(banked_set(pos)) == result.points

    check()


@functools.cache
def live_by_brute_force(pos, player):
    """Hand cards ``player`` plays or discards on some line where ``player`` keeps a forced win."""
    if pos.is_over:
        return 0
    found = 0
    for _, child in successors(pos):
        if cached_value(child, player) <= 0:
            continue  # only reachable at player's turns: at the others' every move still loses
        if pos.to_move == player:
            found |= pos.hands[player] & ~child.hands[player]
        found |= live_by_brute_force(child, player)
    return found


@functools.cache
def cached_value(pos, player):
    return reference.value(pos, player)


# Hands of 3 under Advanced+Actions made the brute force of some draws take seconds (64 s of CPU
# for the default profile's 60 examples): two cards a hand still play lines of several turns with
# actions and draws (0.3 s; 1.2 s for ci's 300).
@pytest.mark.parametrize("players, ruleset, max_hand", [(2, BASIC, 3), (2, ADVANCED_ACTIONS, 2), (3, BASIC, 2)],
                         ids=str)
def test_dead_cards_are_in_no_winning_line(players, ruleset, max_hand):
    @given(small_positions(players, ruleset, max_hand=max_hand))
    def check(pos):
        result = solve(pos)
        hand = pos.hands[pos.to_move]
        live = live_by_brute_force(pos, pos.to_move) if result.winner == pos.to_move else 0
        assert result.dead_cards == codes(hand & ~live)
        live_by_brute_force.cache_clear()
        cached_value.cache_clear()

    check()
