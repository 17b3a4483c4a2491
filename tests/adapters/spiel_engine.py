"""Shared checks for arbiter's games in OpenSpiel: a seeded random game played through the adapter
and through the model side by side (legal actions == legal moves, same positions, same chance)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest


def whole_moves(state) -> dict[str, list[int]]:
    """Every whole move open to the mover (its text) -> the actions that make it."""
    out: dict[str, list[int]] = {}
    for a in state.legal_actions():
        value = state.options()[a]
        if value is None:
            child = state.child(a)
            assert child.current_player() == state.current_player() and child.pos == state.pos
            for text, rest in whole_moves(child).items():
                assert text not in out
                out[text] = [a, *rest]
        else:
            assert str(value[0]) not in out, f"two actions make {value[0]}"
            out[str(value[0])] = [a]
    return out


def play_against_engine(pyspiel, game, model, seed: str, check_views: Callable,
                        check_start: Callable) -> tuple[int, int]:
    """Play one seeded random game; return its number of moves and of mid-game chance events."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.pos is None:
        outcomes = state.chance_outcomes()
        assert state.is_chance_node() and sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    pos = state.pos
    check_start(state, pos)
    moves = chances = 0
    n = game.num_players()
    while not state.is_terminal():
        check_views(state, pos)
        assert state.returns() == [0.0] * n
        if state.is_chance_node():
            expected = model.chance_outcomes(pos)
            got = state.chance_outcomes()
            assert len(got) == len(expected) and sum(p for _, p in got) == pytest.approx(1)
            by_label = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): (a, p) for a, p in got}
            p, label, after = expected[rng.randrange(len(expected))]
            a, q = by_label[label]
            assert q == pytest.approx(p)
            state.apply_action(a)
            pos = after
            chances += 1
        else:
            assert state.current_player() == pos.to_move
            options = whole_moves(state)
            assert sorted(options) == sorted(str(m) for m in model.legal_moves(pos))
            text = rng.choice(sorted(options))
            for a in options[text]:
                state.apply_action(a)
            pos = model.apply(pos, text)
            moves += 1
        assert state.pos == pos
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    returns = state.returns()
    assert sum(returns) == pytest.approx(0) and max(returns) > 0 or returns == [0.0] * n
    check_views(state, pos)
    return moves, chances
