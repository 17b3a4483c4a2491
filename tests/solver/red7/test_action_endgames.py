"""Advice's 2-player searches with the Action rule (``game.action_endgames_hold``): passing dropped
once another turn is made, and a state whose other player holds no card settled by whether the mover
has a turn other than passing. Each against the plain search (every turn searched, nothing settled)
on seeded positions, in the core and in Python; and deliberately wrong settlings are caught."""

from __future__ import annotations

import random

import pytest
from arbiter.model.red7.game import Position
from arbiter.model.red7.ruleset import ACTIONS, ADVANCED_ACTIONS, BASIC, Ruleset
from arbiter.solver.red7 import Red7Game, core
from arbiter.solver.red7.game import WIN, action_endgames_hold, endgames_hold
from arbiter.solver.search import INF, Budget, Search, Table
from hypothesis import given, settings
from solver_positions import first_turns_agree, small_positions
from test_solver_red7 import ACTION_RULESETS

HELD = [rs for rs in ACTION_RULESETS if action_endgames_hold(rs)]
# A reading the core does not take (the Python path alone) where the shortcuts hold too.
PYTHON_ONLY = ACTIONS.with_switches(action_mode="if_it_keeps_you_in", winning_check="every_step")


def test_action_endgame_rulesets_are_the_ones_meant():
    """The Action rule without Advanced or losing turns; never together with Basic's endgames."""
    assert ACTIONS in HELD and len(HELD) == 5
    for rs in ACTION_RULESETS:
        assert action_endgames_hold(rs) == (not rs.advanced and rs.losing_turns == "not_generated")
        assert not endgames_hold(rs)
    assert not any(action_endgames_hold(rs) for rs in (BASIC, ADVANCED_ACTIONS,
                                                       ACTIONS.with_switches(losing_turns="plays_only")))
    assert core.unsupported(PYTHON_ONLY) is not None and action_endgames_hold(PYTHON_ONLY)


def emptied(seed: int, ruleset: Ruleset) -> Position:
    """A seeded 2-player arrangement whose mover holds 1-4 cards and the other player none (both in):
    Palettes of 1-3 cards, a deck of 0-4, any rule."""
    rng = random.Random(seed)
    mine, deck = rng.randint(1, 4), rng.randint(0, 4)
    sizes = [rng.randint(1, 3), rng.randint(1, 3)]
    cards = rng.sample(range(49), mine + sum(sizes) + deck)
    me = rng.randint(0, 1)
    hands = [0, 0]
    hands[me] = sum(1 << c for c in cards[:mine])
    palettes = (sum(1 << c for c in cards[mine:mine + sizes[0]]), sum(1 << c for c in cards[mine + sizes[0]:][:sizes[1]]))
    return Position(rng.randint(0, 6), me, tuple(hands), palettes, 0, tuple(cards[mine + sum(sizes):]), ruleset).validate()


def plain_value(ruleset: Ruleset, pos: Position, player: int) -> int:
    game = Red7Game(ruleset, None)
    return Search(game, Budget(None, None), Table(1 << 14)).value(game.state(pos), player)


def wrong_bounds(settle):
    """``_action_endgame_bounds`` with ``settle(game, state)`` deciding the mover's win where it
    answers (None: not settled)."""
    def bounds(self, s, player):
        won = settle(self, s)
        if won is None:
            return -INF, INF
        v = WIN if won == (s[1] == player) else -WIN
        return v, v
    return bounds


def mismatches(ruleset: Ruleset, seeds: range, bounds=None) -> int:
    """Seeded emptied positions where the settled value is not the plain search's, for either player's
    question (an unsettled one counts as a mismatch: every such position must be settled)."""
    game = Red7Game(ruleset, None, endgames=True)
    assert game.action_endgames
    settle = (bounds or Red7Game._action_endgame_bounds).__get__(game)
    bad = 0
    for seed in seeds:
        pos = emptied(seed, ruleset)
        for player in (0, 1):
            lo, hi = settle(game.state(pos), player)
            bad += lo != hi or lo != plain_value(ruleset, pos, player)
    return bad


@pytest.mark.parametrize("ruleset", HELD + [PYTHON_ONLY], ids=str)
def test_a_mover_against_no_cards_wins_when_it_has_a_turn(ruleset):
    """Every seeded position whose other player holds no card: settled, with the plain search's value
    for either player; some won, some lost (the mover has no turn that keeps it in)."""
    assert mismatches(ruleset, range(150)) == 0
    won = [Red7Game(ruleset, None, endgames=True)._can_lead(Red7Game(ruleset).state(emptied(s, ruleset)))
           for s in range(150)]
    assert any(won) and not all(won)


def test_wrong_settlings_are_caught():
    """The same check fails a settling that counts a card in hand as a win (whether or not a turn
    keeps the mover in), one that settles a state whose other player holds one card alike (its card
    may still lead: not an emptied hand), and one where a mover always loses."""
    holds_a_card = wrong_bounds(lambda g, s: None if s[3][1 - s[1]] else bool(s[3][s[1]]))
    assert mismatches(ACTIONS, range(150), holds_a_card) > 0
    always_loses = wrong_bounds(lambda g, s: None if s[3][1 - s[1]] else False)
    assert mismatches(ACTIONS, range(150), always_loses) > 0

    # the one-card version, checked on positions whose other player holds one card
    game, plain = Red7Game(ACTIONS, None, endgames=True), Red7Game(ACTIONS, None)
    one_card = wrong_bounds(lambda g, s: g._can_lead(s) if s[3][1 - s[1]].bit_count() <= 1 else None).__get__(game)
    bad = 0
    for seed in range(60):
        pos = emptied(seed, ACTIONS)
        other = 1 - pos.to_move
        spare = next(c for c in range(49) if not pos.cards_in_play() >> c & 1)
        hands = list(pos.hands)
        hands[other] = 1 << spare
        pos = Position(pos.rule, pos.to_move, tuple(hands), pos.palettes, 0, pos.deck, ACTIONS).validate()
        lo, _ = one_card(game.state(pos), pos.to_move)
        bad += lo != Search(plain, Budget(None, None), Table(1 << 14)).value(plain.state(pos), pos.to_move)
    assert bad > 0


@pytest.mark.parametrize("ruleset", HELD, ids=str)
def test_advice_with_action_endgames_keeps_every_answer(ruleset):
    """On any 2-player arrangement (hands of 1-4, a short deck) every first decision's outcome is the
    plain search's (Python, every turn searched, each turn its own table), in the core and in Python
    with the shortcuts, with the same nodes in both and never more than the plain search's."""
    plain, pruned = Red7Game(ruleset, None), Red7Game(ruleset, None, endgames=True)
    assert pruned.action_endgames and not plain.action_endgames

    @settings(max_examples=40, deadline=None)
    @given(small_positions(2, ruleset, max_hand=4, max_deck=4))
    def check(pos):
        first_turns_agree(plain, pruned, pos)

    check()


def test_passing_is_dropped_only_where_another_turn_is_left():
    """With the shortcuts a mover's children are its turns but passing, or passing alone when it has
    no other turn (then the search still sees the loss); the plain game keeps passing everywhere."""
    plain, pruned = Red7Game(ACTIONS, None), Red7Game(ACTIONS, None, endgames=True)
    alone = 0
    for seed in range(80):
        s = plain.state(emptied(seed, ACTIONS))
        hands = list(s[3])
        hands[1 - s[1]] = 1 << next(c for c in range(49) if not (hands[s[1]] | s[4][0] | s[4][1]) >> c & 1
                                    and c not in s[5])
        s = (s[0], s[1], s[2], tuple(hands), s[4], s[5])
        every, kept = list(plain.children(s)), list(pruned.children(s))
        if len(every) == 1:
            alone += 1
            assert kept == every
        else:
            assert kept == every[:-1] and every[-1][2] >> s[1] & 1  # the last turn, passing, puts the mover out
    assert 0 < alone < 80
