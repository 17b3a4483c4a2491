"""The Stick to Colours exact bot in played records: the seat's view comes from the record
(``Position.record``), is as small as ``small_view`` late in a game, and there the exact bot takes a
decision that best defence (``advise --best-defence``) ranks first; past its bound it is the sampled bot."""

import random

import pytest
from arbiter.model.stick_to_colours import apply, legal_moves
from arbiter.model.stick_to_colours.notation import format_text, parse_position
from arbiter.solver.bots import Seen, exact_choice
from arbiter.solver.stick_to_colours.bots import GAME
from arbiter.solver.stick_to_colours.defence import best_defence, small_deal, small_view


def _record(seed: int, moves: int) -> list:
    """A record from the text of small_deal(seed, won=3, market=2): the start, then ``moves`` random decisions."""
    hist = [parse_position(format_text(small_deal(seed, won=3, market=2)))]
    rng = random.Random(seed)
    for _ in range(moves):
        if hist[-1].is_over:
            break
        hist.append(apply(hist[-1], rng.choice(legal_moves(hist[-1]))))
    return hist


@pytest.mark.parametrize("seed, moves", [(13, 0), (1, 0), (4, 0), (2, 1), (5, 1)])
def test_the_exact_bot_takes_the_best_defence_decision_on_a_view_from_the_record(seed, moves):
    hist = _record(seed, moves)
    seat = hist[-1].to_move
    view = GAME.view(hist, seat)
    if moves == 0:
        assert view == small_view(seed, won=3, market=2)
    assert view.count() <= GAME.exact_deals
    got = best_defence(view)
    assert got.deals == view.count() == len(list(view.deals()))
    step, by_defence = exact_choice(GAME, Seen(view), random.Random(seed), timeout=None)
    assert by_defence
    assert got.share(step).totals == max(m.totals for m in got.moves)


def test_past_its_bound_the_exact_bot_is_the_sampled_bot():
    view = small_view(0, deck=3)  # 1,260 deals
    assert view.count() > GAME.exact_deals
    step, by_defence = exact_choice(GAME, Seen(view), random.Random(0), timeout=5)
    assert not by_defence
    assert step in {str(m) for m in legal_moves(view.sample(random.Random(0)))}
