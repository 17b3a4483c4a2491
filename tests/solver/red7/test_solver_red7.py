"""The solver's Red7 view: its lazy turns (the bitmask fast path, and the Action rule path) equal
``game.successors`` turn for turn, and the compact state round-trips to the position."""

from __future__ import annotations

import dataclasses

import pytest
from arbiter.model.red7.game import deal, successors
from arbiter.model.red7.ruleset import ACTIONS, ADVANCED, ADVANCED_ACTIONS, BASIC
from arbiter.solver.red7 import Red7Game
from hypothesis import given
from solver_positions import small_positions

FAST_RULESETS = [
    BASIC,
    ADVANCED,
    BASIC.with_switches(nobody_qualifies="highest_card"),
    BASIC.with_switches(losing_turns="legal"),
    ADVANCED.with_switches(advanced_draw="mandatory", banked_set="all_tied_groups"),
]

# The Action rule path, under both presets and every reading switch of the actions.
ACTION_RULESETS = [
    ACTIONS,
    ADVANCED_ACTIONS,
    ACTIONS.with_switches(losing_turns="legal", nobody_qualifies="highest_card"),
    ACTIONS.with_switches(action_mode="optional", action5_chains=False),
    ACTIONS.with_switches(action1_eligibility="any", action1_count="before_play", action1_destination="deck_bottom"),
    ACTIONS.with_switches(action3_draw_discardable=False, action7_destination="canvas"),
    ACTIONS.with_switches(action7_check="at_once", discard_after_action7=False),
    ACTIONS.with_switches(action7_check="at_once", losing_turns="legal"),
    ADVANCED_ACTIONS.with_switches(action7_advanced_draw=True, advanced_draw="mandatory"),
    ADVANCED_ACTIONS.with_switches(action7_advanced_draw=True, action7_check="at_once", losing_turns="legal"),
]


def by_text(pairs, game):
    return {str(m): game.state(p) for m, p in pairs}


@pytest.mark.parametrize("ruleset", FAST_RULESETS + ACTION_RULESETS, ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_path_equals_game_successors(ruleset, players):
    game = Red7Game(ruleset)
    assert game.fast == (not ruleset.actions)

    @given(small_positions(players, ruleset, max_hand=5, max_deck=4))
    def check(pos):
        moves, expected = game.moves(game.state(pos)), successors(pos)
        assert len(moves) == len(expected)
        assert {str(m): child for m, child in moves} == by_text(expected, game)

    check()


def test_fast_path_on_dealt_rounds_and_their_continuations():
    for seed in range(12):
        pos = deal(2 + seed % 3, seed, (BASIC, ADVANCED, ACTIONS, ADVANCED_ACTIONS)[seed % 4])
        game = Red7Game(pos.ruleset)
        for _ in range(12):
            expected = successors(pos)
            assert {str(m): c for m, c in game.moves(game.state(pos))} == by_text(expected, game)
            if pos.is_over:
                break
            pos = expected[len(expected) // 2][1]


def test_state_round_trips_without_scores():
    pos = deal(3, 7, ADVANCED)
    game = Red7Game(ADVANCED)
    assert game.position(game.state(pos), pos.scores) == pos
    assert game.position(game.state(pos)) == dataclasses.replace(pos, scores=None)


def test_basic_state_ignores_the_deck():
    """Nothing draws under Basic, so two positions differing only in the deck share a key."""
    pos = deal(2, 3)
    game = Red7Game(BASIC)
    assert game.key(game.state(pos)) == game.key(game.state(dataclasses.replace(pos, deck=())))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_move_ordering_is_a_permutation_of_the_children_fewest_replies_first(players):
    """``order`` reorders, never drops or adds, a child; a won round comes first, a lost one last;
    below ORDER_FROM hand cards in all it leaves the game's order."""
    from arbiter.solver.red7.game import ORDER_FROM

    for seed in range(4):
        pos = deal(players, seed, ACTIONS if seed % 2 else BASIC)
        game = Red7Game(pos.ruleset)
        s = game.state(pos)
        kids = list(game.children(s))
        for player in range(players):
            ordered = list(game.order(s, player))
            assert sorted(i for i, _ in ordered) == list(range(len(kids)))
            assert all(kids[i] == c for i, c in ordered)
            ends = [game.outcome(c, player) for _, c in ordered]
            mine = pos.to_move == player
            good = [v is not None and (v > 0) == mine for v in ends]
            bad = [v is not None and (v > 0) != mine for v in ends]
            assert good == sorted(good, reverse=True) and bad == sorted(bad)
            if mine:
                replies = [sum(1 for _ in game.children(c)) for (_, c), v in zip(ordered, ends) if v is None]
                assert replies == sorted(replies)
    small = dataclasses.replace(pos, hands=tuple(h & -h for h in pos.hands))
    assert sum(h.bit_count() for h in small.hands) < ORDER_FROM
    assert Red7Game(small.ruleset).order(Red7Game(small.ruleset).state(small), 0) is None


def test_order_from_moves_the_threshold_or_turns_ordering_off():
    pos = deal(2, 0)
    total = sum(h.bit_count() for h in pos.hands)
    s = Red7Game(BASIC).state(pos)
    assert Red7Game(BASIC, order_from=total).order(s, 0) is not None
    assert Red7Game(BASIC, order_from=total + 1).order(s, 0) is None
    assert Red7Game(BASIC, order_from=None).order(s, 0) is None
