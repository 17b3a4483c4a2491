"""Shared checks for arbiter's games in OpenSpiel: a seeded random game played through the adapter
and through the model's steps side by side (legal actions spelt out == the model's steps, the same
states, the same chance), OpenSpiel's information-state contract checked by resampling, and the
perfect recall of the information-state tensor."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from arbiter.model.steps import parts


def spelt_steps(state) -> dict[str, list[int]]:
    """Every step open to the mover (its text) -> the actions that make it."""
    out: dict[str, list[int]] = {}
    for a in state.legal_actions():
        step = state.options()[a]
        if step is None:
            child = state.child(a)
            assert child.current_player() == state.current_player() and child.now.state == state.now.state
            for text, rest in spelt_steps(child).items():
                assert text not in out
                out[text] = [a, *rest]
        else:
            assert step not in out, f"two actions make {step}"
            out[step] = [a]
    return out


def deal(state, rng: random.Random) -> None:
    while state.now.start is None and not state.is_terminal():
        outcomes = state.chance_outcomes()
        assert state.is_chance_node() and sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])


def play_against_model(pyspiel, game, model, seed: str, check_views: Callable, check_start: Callable,
                       limit: int | None = None, chooser: Callable = lambda pos: pos.to_move) -> tuple[int, int]:
    """Play one seeded random game (at most ``limit`` steps); return its number of steps and of
    mid-game chance events. Each deal's start is checked by ``check_start``, each state's views by
    ``check_views``; the player to move is ``chooser(position)`` by the model's rules (the seat to
    move, or for bridge's dummy declarer)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = chances = 0
    n = game.num_players()
    while not state.is_terminal() and (limit is None or steps < limit):
        if state.now.start is None:
            deal(state, rng)
            check_start(state, state.now.state)
            continue
        current = state.now.state
        check_views(state, model.steps.now(current) if hasattr(model.steps, "now") else parts(current)[0])
        assert state.returns() == [0.0] * n
        if state.is_chance_node():
            expected = model.chance_outcomes(current)
            got = state.chance_outcomes()
            assert len(got) == len(expected) and sum(p for _, p in got) == pytest.approx(1)
            by_label = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): (a, p) for a, p in got}
            p, label, after = expected[rng.randrange(len(expected))]
            a, q = by_label[label]
            assert q == pytest.approx(p)
            state.apply_action(a)
            chances += 1
            if not state.is_terminal() and state.now.start is not None:
                assert state.now.state == after
        else:
            assert state.current_player() == chooser(parts(current)[0])
            options = spelt_steps(state)
            assert sorted(options) == model.steps.steps(current)
            text = rng.choice(sorted(options))
            for a in options[text]:
                state.apply_action(a)
            after = model.steps.apply_step(current, text)
            steps += 1
            if not state.is_terminal() and state.now.start is not None:
                assert state.now.state == after
    if limit is None:
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        returns = state.returns()
        assert sum(returns) == pytest.approx(0) and (max(returns) > 0 or returns == [0.0] * n)
    return steps, chances


def check_information(pyspiel, state, rng: random.Random) -> bool:
    """OpenSpiel's information-state contract at ``state``: a state resampled from the information
    state of the player to move has that same information state (string and tensor), the same legal
    actions and action texts, and the same observations (string and tensor). Whether it differed."""
    p = state.current_player()
    other = state.resample_from_infostate(p, lambda: rng.random())
    assert other.information_state_string(p) == state.information_state_string(p)
    assert other.legal_actions() == state.legal_actions()
    assert [other.action_to_string(p, a) for a in other.legal_actions()] == \
        [state.action_to_string(p, a) for a in state.legal_actions()]
    assert other.observation_string(p) == state.observation_string(p)
    assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
    assert np.array_equal(other.information_state_tensor(p), state.information_state_tensor(p))
    assert other.current_player() == p and other.history() != [] and len(other.history()) == len(state.history())
    return str(other) != str(state)


def check_contract(pyspiel, game, seeds: list[str], every: int, limit: int) -> None:
    """``check_information`` at every ``every``-th player node of seeded random games (the first
    ``limit`` of each); most resampled states must differ from the real one (cards really move)."""
    rng = random.Random(str(seeds))
    moved = checked = 0
    for seed in seeds:
        for state in random_states(game, seed, every, limit):
            moved += check_information(pyspiel, state, rng)
            checked += 1
    assert checked > 10 and moved > checked // 2


def random_states(game, seed: str, every: int = 1, limit: int = 10_000):
    """The player-node states of a seeded random game (every ``every``-th one), as clones."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    k = 0
    while not state.is_terminal() and k < limit:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        if k % every == 0:
            yield state.clone()
        k += 1
        state.apply_action(rng.choice(state.legal_actions()))


def check_perfect_recall(game, seeds: list[str], every: int = 1) -> int:
    """Information-state tensors are a function of the information-state string, one-to-one, over
    the states of seeded random games (each player's); the number of distinct information states."""
    by_string: dict[tuple[int, str], bytes] = {}
    by_tensor: dict[tuple[int, bytes], str] = {}
    for seed in seeds:
        for state in random_states(game, seed, every):
            for p in range(game.num_players()):
                key, tensor = state.information_state_string(p), np.asarray(state.information_state_tensor(p)).tobytes()
                assert by_string.setdefault((p, key), tensor) == tensor
                assert by_tensor.setdefault((p, tensor), key) == key, "two information states share a tensor"
    return len(by_string)


def run_bots(pyspiel, game, seeds: range, simulations: int = 6, searches: int = 6) -> list[tuple[list[float], int]]:
    """Seeded games of OpenSpiel's ISMCTS (resampling from the information state, a few worlds) and
    of its MCTS, each as player 0 for its first ``searches`` decisions (then it plays at random, to
    keep the games short), the others uniform random: each game's returns and searches made."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    out = []
    for seed in seeds:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        fair = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng, max_world_samples=3)
        fair.set_resampler(lambda state, player, rng=rng: state.resample_from_infostate(player, rng.random_sample))
        searchers = [fair, mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)]
        for searcher in searchers:
            bots = [UniformRandomBot(p, rng) for p in range(game.num_players())]
            state, done = game.new_initial_state(), 0
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choice(actions, p=probs))
                elif state.current_player() == 0 and done < searches:
                    state.apply_action(searcher.step(state))
                    done += 1
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            out.append((state.returns(), done))
    return out
