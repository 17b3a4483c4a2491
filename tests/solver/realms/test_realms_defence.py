"""Realms under best defence (solver/realms/defence.py): the value against a plain enumeration of the
seat's pure strategies (``strategies_best``, tests/solver/conftest.py), and what must hold between
it and the trick value of advise with every hand known."""

import random

import pytest
from arbiter.model.realms.notation import format_text
from arbiter.model.realms.view import format_view, view_of
from arbiter.model.steps import unmarked
from arbiter.solver.advise import TooManyDeals
from arbiter.solver.realms.advise import advise
from arbiter.solver.realms.defence import best_defence, rules, small_deal

# (seed, players, hand, pile) of small_deal, the leader's view, the trick in progress.
# Seeds 6 and 9 of (2, 2, 2) put a Tree in the leader's hand: its step is cut (``TRE ...``), the card
# taken chosen after the pile is seen.
CASES = [(s, 2, 2, 1) for s in range(4)] + [(s, 2, 3, 2) for s in range(3)] + [(s, 3, 2, 1) for s in range(2)] + [
    (6, 2, 2, 2), (9, 2, 2, 2)]


@pytest.mark.parametrize("seed, players, hand, pile", CASES)
def test_best_defence_is_the_best_strategy_found_by_trying_them_all(seed, players, hand, pile, strategies_best):
    pos = small_deal(seed, players, hand, pile)
    view = view_of(pos)
    worlds = list(view.deals())
    expected = strategies_best(rules(view.me, view.position), worlds)
    got = best_defence(view)
    assert got.deals == len(worlds) == view.count()
    assert {m.move: m.wins for m in got.moves} == {unmarked(s): v for s, v in expected.items()}, format_view(view)
    if seed in (6, 9):
        assert any(m.continues for m in got.moves)


@pytest.mark.parametrize("seed, players, hand, pile", CASES)
def test_best_defence_never_beats_all_hands_known(seed, players, hand, pile):
    view = view_of(small_deal(seed, players, hand, pile))
    got = best_defence(view)
    pi = advise(view, exact=True)
    assert [m.name for m in got.measures] == ["defence", "trick"]
    for m in got.moves:
        assert m.totals[0] <= m.totals[1] == pi.share(m.move).wins


def test_with_nothing_hidden_best_defence_is_the_trick_value():
    pos = small_deal(5, 3, 2, 0)
    got = best_defence(format_text(pos))  # a whole position read as a view: nothing hidden
    assert got.deals == 1 and all(m.totals[0] == m.totals[1] for m in got.moves)


def test_bad_views_and_horizons_are_refused():
    view = view_of(small_deal(0, 3, 3, 3))
    with pytest.raises(TooManyDeals) as e:
        best_defence(view, max_deals=20)
    assert e.value.count == view.count() > 20
    with pytest.raises(ValueError, match="horizon"):
        best_defence(view_of(small_deal(0)), tricks=9)


def test_the_exact_bot_takes_a_best_best_defence_decision():
    from arbiter.solver.bots import Seen, exact_bot
    from arbiter.solver.realms.bots import GAME

    view = view_of(small_deal(4, 3, 2, 1))
    got = best_defence(view)
    assert len({m.wins for m in got.moves}) > 1  # the choice matters
    step = exact_bot(GAME, Seen(view), random.Random(0), timeout=None)
    assert got.share(unmarked(step)).wins == max(m.wins for m in got.moves)


def test_the_exact_bot_plays_best_defence_up_to_its_bound_of_deals():
    from arbiter.solver.bots import Seen, exact_choice
    from arbiter.solver.realms.bots import EXACT_DEALS, GAME

    view = view_of(small_deal(3, 2, 7, 3))  # the other hand of 7 and a pile of 3 unseen
    assert view.count() == 120 <= EXACT_DEALS
    step, by_defence = exact_choice(GAME, Seen(view), random.Random(0), timeout=None)
    got = best_defence(view)
    assert by_defence and got.share(unmarked(step)).wins == max(m.wins for m in got.moves)
    beyond = view_of(small_deal(3, 2, 7, 4))  # 330 deals: the sampled bot decides
    assert beyond.count() > EXACT_DEALS and not exact_choice(GAME, Seen(beyond), random.Random(0))[1]


# Over two tricks. Small worlds (small_deal's ``discard=0``: the rest out of the game), so that the
# strategies can all be tried: hands of 2, the pile and the tricks' cards reshuffled and drawn.
# (seed, players, hand, pile): 3 deals each, or 1 (no pile: the other hand is the cards left).
WORLDS = [(4, 2, 2, 1), (13, 2, 2, 1), (0, 2, 2, 0), (3, 2, 2, 0), (5, 2, 2, 0)]


@pytest.mark.parametrize("seed, players, hand, pile", WORLDS)
def test_over_two_tricks_best_defence_is_the_best_strategy_found_by_trying_them_all(seed, players, hand, pile,
                                                                                       strategies_best):
    import dataclasses

    from arbiter.solver import defence
    from arbiter.solver.realms.defence import worlds

    pos = small_deal(seed, players, hand, pile, discard=0)
    deals = worlds(pos, 0)
    r = rules(0, pos, 2)
    expected = {unmarked(s): v for s, v in strategies_best(r, deals).items()}
    assert defence.values(r, deals) == expected
    # the shortcuts (perfect, floor, ceiling) change nothing: the frontiers alone give the same values
    bare = dataclasses.replace(r, perfect=None, floor=None, ceiling=None)
    assert defence.values(bare, deals) == expected
    for step in rules(0, pos, 2).steps(deals[0]):
        assert expected[unmarked(step)] <= sum(r.perfect(r.apply(d, step)) for d in deals)


@pytest.mark.parametrize("seed, players, hand, pile", WORLDS)
def test_over_three_tricks_best_defence_is_the_plain_frontier_search(seed, players, hand, pile):
    """Three tricks on the small worlds (too many strategies to try them all): the shortcuts and the
    packed dominance tests of ``pareto`` change no value of the plain frontier search."""
    import dataclasses

    from arbiter.solver import defence
    from arbiter.solver.realms.defence import worlds

    pos = small_deal(seed, players, hand, pile, discard=0)
    deals = worlds(pos, 0)
    r = rules(0, pos, 3)
    bare = dataclasses.replace(r, perfect=None, floor=None, ceiling=None)
    got = defence.values(r, deals)
    assert got == defence.values(bare, deals)
    assert max(got.values()) > max(defence.values(rules(0, pos, 2), deals).values())  # a third trick counts


@pytest.mark.parametrize("seed", [0])
def test_over_two_tricks_on_a_view_best_defence_is_the_plain_frontier_search_and_never_beats_all_hands_known(seed):
    import dataclasses

    from arbiter.solver import defence

    view = view_of(small_deal(seed, 2, 7, 2))  # the other hand of 7 and a pile of 2 unseen: 36 deals
    got = best_defence(view, tricks=2)
    pi = advise(view, tricks=2, exact=True)
    assert got.deals == pi.deals == view.count() == 36 and got.stopped is None
    for m in got.moves:
        assert m.totals[0] <= m.totals[1] == pi.share(m.move).wins
    worlds_ = list(view.deals())
    bare = dataclasses.replace(rules(view.me, view.position, 2), perfect=None, floor=None, ceiling=None)
    assert defence.values(bare, worlds_) == {m.move: m.wins for m in got.moves}


@pytest.mark.parametrize("seed", [0, 4])
def test_over_two_tricks_with_nothing_hidden_best_defence_is_the_trick_value(seed):
    pos = small_deal(seed, 2, 7, 2)  # the pile's 2 cards drawn, one each: each player sees the other's too
    got = best_defence(format_text(pos), tricks=2)
    pi = advise(format_text(pos), tricks=2, exact=True)
    assert got.deals == 1
    assert {m.move: m.totals[0] for m in got.moves} == {m.move: m.totals[1] for m in got.moves} == {
        m.move: m.wins for m in pi.moves}


def test_a_horizon_whose_draws_reshuffle_the_discard_pile_is_refused_up_front():
    from arbiter.solver.defence import OutOfReach

    view = view_of(small_deal(0))  # hands of 2: after the first trick each draws to 7 from the discard pile
    assert best_defence(view, tricks=1).deals == 3
    with pytest.raises(OutOfReach, match="reshuffled"):
        best_defence(view, tricks=2)
    best_defence(view_of(small_deal(0, 2, 7, 2)), tricks=2)  # a pile that lasts: searched


def test_a_timeout_gives_each_step_a_sure_range():
    view = view_of(small_deal(0, 2, 7, 2))
    exact = best_defence(view, tricks=2)
    cut = best_defence(view, tricks=2, timeout=0.0)
    assert cut.stopped == "timeout"
    for m in cut.moves:
        lo, hi = m.ranges[0] if not m.exact else (m.wins / 36, m.wins / 36)
        assert lo <= exact.share(m.move).wins / 36 <= hi
