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
