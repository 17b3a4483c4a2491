"""Stick to Colours under best defence (solver/stick_to_colours/defence.py): the value against a
plain enumeration of the seat's pure strategies (``strategies_best``, tests/solver/conftest.py), and what must hold between it and the margin of
advise with every card known."""

import dataclasses
import random

import pytest
from arbiter.model.stick_to_colours.view import format_view, parse_view
from arbiter.solver import defence
from arbiter.solver.advise import TooManyDeals
from arbiter.solver.stick_to_colours.advise import advise
from arbiter.solver.stick_to_colours.defence import best_defence, rules, small_deal, small_view

# (players, hand, won, market, seed) of small_view: 6 deals each (the other collections' 2 dealt cards).
CASES = [(2, 2, 2, 3, s) for s in range(3)] + [(2, 2, 3, 2, s) for s in range(2)]
# A view where the best strategy makes sure of less than all cards known would (found by trying
# seeds): the frontiers must get the fusion right, not just agree where there is none.
GAPS = [(2, 2, 3, 2, 13)]


@pytest.mark.parametrize("players, hand, won, market, seed", CASES + GAPS)
def test_best_defence_is_the_best_strategy_found_by_trying_them_all(players, hand, won, market, seed, strategies_best):
    view = small_view(seed, players, hand, won, market)
    worlds = list(view.deals())
    plain = rules(view.me, view.position.dealer)
    expected = strategies_best(plain, worlds)
    got = best_defence(view)
    assert got.deals == len(worlds) == view.count()
    assert {m.move: m.wins for m in got.moves} == expected, format_view(view)
    if (players, hand, won, market, seed) in GAPS:
        assert any(m.totals[0] < m.totals[1] for m in got.moves)
    # Without the perfect-information shortcut the frontiers alone give the same values.
    bare = defence.Defence(dataclasses.replace(plain, perfect=None))
    for step in bare.options(worlds):
        assert defence.best(bare.after(worlds, step), [1] * len(worlds))[0] == expected[step]


@pytest.mark.parametrize("players, hand, won, market, seed", CASES[:3])
def test_best_defence_never_beats_all_cards_known(players, hand, won, market, seed):
    view = small_view(seed, players, hand, won, market)
    got = best_defence(view)
    pi = advise(view, exact=True)
    assert [m.name for m in got.measures] == ["defence", "margin"]
    assert got.deals == pi.deals == view.count()
    for m in got.moves:
        assert m.totals[0] <= m.totals[1] == pi.share(m.move).wins


def test_with_nothing_hidden_best_defence_is_the_margin():
    view = small_view(9, hand=0, won=5)  # every card of the others seen as it was won, no deck: one deal
    got = best_defence(format_view(view))
    assert got.deals == 1
    assert len({m.totals[0] for m in got.moves}) > 1  # the decisions differ: the equality says something
    assert all(m.totals[0] == m.totals[1] for m in got.moves)


def test_small_deal_lays_out_a_late_game_with_the_rest_seen():
    pos = small_deal(3, players=3, hand=2, won=1, market=4, deck=2)
    assert [sum(h) for h in pos.hands] == [3, 3, 3] and len(pos.market) == 4 and len(pos.deck) == 2
    view = small_view(3, players=3, hand=2, won=1, market=4, deck=2)
    assert [h.dealt if h else None for h in view.hidden] == [None, 2, 2] and view.deck == 2
    assert sum(view.unseen) == 6 and parse_view(format_view(view)) == view


def test_a_view_with_too_many_deals_is_refused_with_the_count():
    view = small_view(0, deck=3)
    with pytest.raises(TooManyDeals) as e:
        best_defence(view)
    assert e.value.count == view.count() > 200


def test_a_timeout_gives_each_unfinished_decision_its_sure_range():
    view = small_view(13, won=3)
    got = best_defence(view, timeout=1e-6)
    assert got.stopped == "timeout"
    assert any(not m.exact for m in got.moves)
    for m in got.moves:
        if not m.exact:
            lo, hi = m.interval  # up to the margin all cards known where it was found, else the highest
            assert lo == -60 and m.totals[1] / got.deals <= hi <= 60


def test_the_exact_bot_takes_a_best_best_defence_decision():
    from arbiter.solver.bots import Seen, exact_bot
    from arbiter.solver.stick_to_colours.bots import GAME

    view = small_view(1, won=2)
    got = best_defence(view)
    top = max(m.totals for m in got.moves)
    step = exact_bot(GAME, Seen(view), random.Random(0), timeout=None)
    assert got.share(step).totals == top
