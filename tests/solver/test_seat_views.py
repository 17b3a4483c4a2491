"""What a seat is shown depends only on that seat's view, for every game: over seeded games, the
hidden cards are dealt again consistently with the seat's view, and the view's text, the advice
(text and JSON) and the bots' input are the same. Also the shared advice's measures and cut moves."""

import json
import random

import pytest
from arbiter.cli.advise import explain
from arbiter.model import views
from arbiter.model.realms import game as realms
from arbiter.model.realms import view as realms_view
from arbiter.model.red7 import game as red7
from arbiter.model.red7 import view as red7_view
from arbiter.model.stick_to_colours import game as stick
from arbiter.model.stick_to_colours import view as stick_view
from arbiter.solver.realms.advise import advise as realms_advise
from arbiter.solver.red7.advise import advise as red7_advise
from arbiter.solver.stick_to_colours.advise import advise as stick_advise


def _shown(advice) -> str:
    """Everything advice shows a seat, but the time it took."""
    obj = advice.to_json()
    obj.pop("seconds")
    return "\n".join(explain(advice)[:-1]) + json.dumps(obj, sort_keys=True)


def _red7_positions(seed: int) -> list:
    pos, rng, out = red7.deal(2, seed), random.Random(seed), []
    while not pos.is_over and len(out) < 4:
        out.append(pos)
        pos = red7.apply(pos, rng.choice(red7.legal_moves(pos)))
    return out


@pytest.mark.parametrize("seed", range(3))
def test_red7_a_seat_is_shown_the_same_for_every_deal_of_its_view(seed):
    for pos in _red7_positions(seed):
        view = red7_view.view_of(pos)
        again = red7_view.view_of(view.sample(random.Random(seed + 100)))
        assert red7_view.format_view(again) == red7_view.format_view(view)
        assert _shown(red7_advise(again, samples=8, seed=1)) == _shown(red7_advise(view, samples=8, seed=1))


def _realms_positions(seed: int) -> list:
    out = []
    for before, _, _ in realms.random_game(2, seed):
        if before.phase in (realms.RULING, realms.PLAY):
            out.append(before)
        if len(out) == 4:
            break
    return out


@pytest.mark.parametrize("seed", range(3))
def test_realms_a_seat_is_shown_the_same_for_every_deal_of_its_view(seed):
    for pos in _realms_positions(seed):
        view = realms_view.view_of(pos)
        deal = view.sample(random.Random(seed + 100))
        deal.validate()
        again = realms_view.view_of(deal)
        assert realms_view.format_view(again) == realms_view.format_view(view)
        assert realms_view.parse_view(realms_view.format_view(view)) == view
        assert _shown(realms_advise(again, samples=6, seed=1)) == _shown(realms_advise(view, samples=6, seed=1))


def _stick_history(players: int, seed: int, turns: int) -> list:
    rng = random.Random(seed)
    hist = [stick.deal(players, seed)]
    while len(hist) <= turns and not hist[-1].is_over:
        hist.append(stick.apply(hist[-1], rng.choice(stick.legal_moves(hist[-1]))))
    return hist


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2)])
def test_stick_a_seat_is_shown_the_same_for_every_deal_of_its_view(players, seed):
    hist = _stick_history(players, seed, 6)
    seat = hist[-1].to_move
    view = stick_view.view_of(hist, seat)
    for k in range(3):
        deal = view.sample(random.Random(seed + k))
        again = stick_view.seat_view(deal, seat)  # what the seat would see had the hidden cards been these
        assert stick_view.format_view(again) == stick_view.format_view(view)
        assert _shown(stick_advise(again, samples=4, seed=1)) == _shown(stick_advise(view, samples=4, seed=1))
    assert stick_view.parse_view(stick_view.format_view(view)) == view


def test_stick_views_along_a_game_hold_each_deal_of_the_real_cards():
    for players, seed in ((2, 3), (3, 4)):
        hist = _stick_history(players, seed, 30)
        for k in range(1, len(hist)):
            for seat in range(players):
                view = stick_view.view_of(hist[:k + 1], seat)
                view.validate()
                assert stick_view.parse_view(stick_view.format_view(view)) == view
                assert view.sample(random.Random(k)).all_cards() == hist[k].all_cards()


def test_shared_dealing_counts_every_deal_once():
    cards = [0, 1, 1, 2, 3]  # a repeated card is still two cards
    places = [views.Place(2), views.Place(2, ordered=True)]
    deals = list(views.deal_all(cards, places))
    assert len(deals) == views.count_deals(len(cards), places) == 10 * 6
    rng = random.Random(0)
    seen = {views.deal_one(cards, places, rng) for _ in range(2000)}
    assert seen == set(deals)  # every deal can be drawn (seeded: each has probability 1/60 or more)
    assert len(set(deals)) < len(deals)  # the two copies of card 1 make some deals look alike


def test_a_turn_cut_at_a_draw_is_marked_in_json_as_in_text():
    # The issue 29 view: "play R3 draw" must keep its " ..." (the complete turn without a discard
    # after the draw is another turn, which wins nothing here).
    text = "blue 1 actions | 2 / I7 V3 R7 | V7 R3 I6 / O4 | deck 3"
    advice = red7_advise(text, samples=30, seed=0)
    cut = [m for m in advice.moves if m.continues]
    assert cut
    moves = {m["move"] for m in advice.to_json()["moves"]}
    assert all(m.move + " ..." in moves for m in cut)
    shown = "\n".join(explain(advice))
    assert all(m.move + " ..." in shown for m in cut)
    complete = {m.move for m in advice.moves if not m.continues}
    legal = {str(m) for m in red7.legal_moves(advice.view.sample(random.Random(0)))}
    assert complete <= legal  # the texts apply takes


def test_self_interested_wins_at_least_what_the_coalition_allows():
    # Max-n (uniform tie rule): opponents who each play for themselves can only let the asker win
    # more often than opponents who all play against it.
    text = "blue 0 basic | I4 O3 G3 Y2 G1 / R7 R6 | 3 / G7 G5 G2 | 4 / V6 Y3 O1 | deck 25"
    advice = red7_advise(text, samples=12, seed=3, self_interested=True, stop_early=False)
    assert [m.name for m in advice.measures] == ["self", "win"]
    assert advice.deals == 12
    for m in advice.moves:
        assert m.totals[0] >= m.totals[1]
    plain = red7_advise(text, samples=12, seed=3, stop_early=False)
    assert {m.move: m.wins for m in plain.moves} == {m.move: m.totals[1] for m in advice.moves}
