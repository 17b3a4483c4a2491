"""The family's double-dummy search on bridge: equal to a plain minimax over the rules (no table,
no pruning, no ordering) on small endings; the compiled core and the Python search give the same
answers with the same node counts; each card's outcome and the table's layout."""

from __future__ import annotations

import pytest
from arbiter.model.bridge import fast, game
from arbiter.model.bridge.notation import parse_position
from arbiter.solver.bridge import DECK, core, dd_table, solve, tricks
from arbiter.solver.tricks.search import Context, NodeLimit, can_take, equivalent_runs
from bridge_deals import ending
from hypothesis import given, settings
from hypothesis import strategies as st


def minimax(pos: game.Position) -> int:
    """North-South's tricks from here with best play: every legal card tried, nothing remembered."""
    if pos.is_over:
        return pos.tricks[0]
    values = [minimax(game.successor(pos, m.card)) for m in game.legal_moves(pos)]
    return max(values) if pos.to_move & 1 == 0 else min(values)


@given(seed=st.integers(0, 10**6), cards=st.integers(1, 3), strain=st.integers(0, 4), leader=st.integers(0, 3))
@settings(max_examples=40)
def test_the_search_is_plain_minimax(seed, cards, strain, leader):
    pos = ending(seed, cards)
    pos = game.Position(hands=pos.hands, strain=strain, leader=leader)
    assert tricks(pos.hands, strain, leader, compiled=False)[0] == minimax(pos)


@given(seed=st.integers(0, 10**6), cards=st.integers(2, 3), played=st.integers(1, 3))
@settings(max_examples=25)
def test_mid_trick_positions_are_plain_minimax(seed, cards, played):
    pos = ending(seed, cards)
    for _ in range(played):
        pos = game.successor(pos, game.legal_moves(pos)[-1].card)
    got = tricks(pos.hands, pos.strain, pos.leader, pos.trick, compiled=False)[0]
    assert pos.tricks[0] + got == minimax(pos)


@pytest.mark.parametrize("seed", range(4))
def test_compiled_core_visits_the_same_nodes(seed):
    pos = ending(seed, 5)
    assert core is not None, "the compiled bridge core is not built"
    for strain in range(5):
        for leader in range(4):
            assert tricks(pos.hands, strain, leader, compiled=True) == tricks(pos.hands, strain, leader, compiled=False)
    assert dd_table(pos.hands, compiled=True) == dd_table(pos.hands, compiled=False)


@pytest.mark.parametrize("seed, cards, bucket", [(0, 6, 1), (1, 6, 3), (2, 7, 5)])
def test_compiled_core_drops_the_same_entries(seed, cards, bucket):
    # with a few entries per key the oldest give way all the time: the core's ring drops the same
    # ones as the Python list (same nodes), and the answers stay those of the default table
    pos = ending(seed, cards)
    full = 0
    for strain in range(5):
        ours, theirs = Context(DECK, strain, bucket=bucket), core.Table(bucket=bucket)
        for leader in range(4):
            got = tricks(pos.hands, strain, leader, compiled=False, ctx=ours)
            assert tricks(pos.hands, strain, leader, compiled=True, ctx=theirs) == got
            assert got[0] == tricks(pos.hands, strain, leader, compiled=True)[0]
        full += sum(len(entries) == bucket for entries in ours.table.values())
    assert full > 0  # some key did fill its bucket


def test_equivalent_runs_keep_one_card_per_run():
    # South holds SQ S8 S7 S2, another hand SK and SJ, the rest is gone: the J parts the Q from the
    # 8, and the 8, 7 and 2 play alike until a card between them is live.
    hand = sum(1 << c for c in (10, 6, 5, 0))
    live = 1 << 11 | 1 << 9
    assert equivalent_runs(DECK, hand, hand, live) == [10, 6]
    assert equivalent_runs(DECK, hand, hand, live | 1 << 3) == [10, 6, 0]


def test_each_card_and_the_table():
    # North to lead at no trump with SA SK H2; East's D2 and South's C2 cannot win.
    result = solve(parse_position("N:AK.2.. QJ..2. 32...2 T9.3.."))
    assert (result.ns, result.ew) == (2, 1)
    assert {m.card: (m.ns, m.ew) for m in result.moves} == {"SA": (2, 1), "SK": (2, 1), "H2": (2, 1)}
    assert result.table[3] == [3, 0, 3, 0]  # clubs: South's C2 is the only trump


def test_tricks_already_won_count():
    pos = parse_position("bridge strain=NT leader=N tricks=6,4 trick=- | N:AK... QJ... 32... T9...")
    result = solve(pos)
    assert (result.ns, result.ew) == (8, 4)


def test_a_node_limit_is_reported_not_raised():
    result = solve(ending(2, 6), compiled=False, max_nodes=50)
    assert not result.solved and "node limit" in result.stopped


def test_can_take_answers_the_zero_window_question():
    pos = ending(3, 4)
    value = tricks(pos.hands, pos.strain, pos.leader, compiled=False)[0]
    for t in range(5):
        ctx = Context(DECK, pos.strain)
        assert can_take(ctx, list(pos.hands), pos.leader, [], t)[0] == (t <= value)
    with pytest.raises(NodeLimit):
        can_take(Context(DECK, pos.strain, max_nodes=1), list(pos.hands), pos.leader, [], 2)


def test_the_winner_function_is_the_models():
    assert DECK.winner is fast.winner
