"""What a Stick to Colours seat sees comes from the position's record (``Position.record``,
``view.seat_view``): cards taken face up by name, hand cards discarded face down by number and in
order. The view of a position does not depend on the cards the seat has not seen (every deal of
it gives it back, text and all), it holds the real cards (the position is one of its deals), its
count is the number of its deals, and the record survives the notation."""

import dataclasses
import random

import pytest
from arbiter.model.stick_to_colours import game
from arbiter.model.stick_to_colours.cards import add, cards_of, codes, counts_of, sub
from arbiter.model.stick_to_colours.notation import format_text, parse_position, position_from_json, position_to_json
from arbiter.model.stick_to_colours.view import (
    format_view,
    parse_view,
    seat_view,
    start_view,
    view_from_json,
    view_of,
    view_to_json,
)
from arbiter.solver.stick_to_colours.defence import small_deal, small_view
from hypothesis import given
from hypothesis import strategies as st

ANY = dataclasses.replace(game.DEFAULT, hand_refusals="any")  # hand refusals in any bid: many face-down discards


def _unowned(pos, seat: int):
    """``pos`` without the seat's own row of the record (a view leaves it out: the seat has its hand)."""
    rows = [() if i == seat else r for i, r in enumerate(pos.record)]
    return dataclasses.replace(pos, record=tuple(rows) if any(rows) else ())


def _history(players: int, seed: int, ruleset=ANY, start=None, turns: int = 200) -> list:
    rng = random.Random(seed)
    hist = [start or game.deal(players, seed, ruleset)]
    while not hist[-1].is_over and len(hist) <= turns:
        hist.append(game.apply(hist[-1], rng.choice(game.legal_moves(hist[-1]))))
    return hist


@pytest.mark.parametrize("seed, players, hand, won, market, deck", [
    (13, 2, 2, 3, 2, 0), (0, 2, 2, 3, 3, 0), (1, 2, 2, 2, 3, 1), (3, 3, 2, 1, 4, 0), (9, 2, 0, 5, 3, 0)])
def test_the_view_from_the_record_is_small_views(seed, players, hand, won, market, deck):
    # The position alone (as a record's start, or written out as text) carries what the dealer saw:
    # its view has the deals of small_view, counted and enumerated alike.
    pos = small_deal(seed, players, hand, won, market, deck)
    view = small_view(seed, players, hand, won, market, deck)
    deals = list(view.deals())
    for again in (start_view(pos, 0), view_of([parse_position(format_text(pos))], 0),
                  start_view(position_from_json(position_to_json(pos)), 0)):
        assert again == view
        assert again.count() == view.count() == len(deals)
    assert _unowned(pos, 0) in deals
    unrecorded = dataclasses.replace(pos, record=())  # no record: every card of the others taken as dealt
    assert won == 0 or start_view(unrecorded, 0).count() > len(deals)


@pytest.mark.parametrize("players, seed", [(2, 0), (2, 1), (3, 2), (4, 3)])
def test_every_view_along_a_game_is_given_back_by_each_of_its_deals(players, seed):
    hist = _history(players, seed)
    assert any(c < 0 for pos in hist for row in pos.record for c in row)  # face-down discards happened
    for k, pos in enumerate(hist[::3]):
        assert parse_position(format_text(pos)) == pos
        assert position_from_json(position_to_json(pos)) == pos
        for seat in range(players):
            view = seat_view(pos, seat).validate()
            assert parse_view(format_view(view)) == view
            assert view_from_json(view_to_json(view)) == view
            rng = random.Random(k)
            for _ in range(3):
                deal = view.sample(rng)
                position_from_json(position_to_json(deal))  # a position whose record plays out
                assert seat_view(deal, seat) == view
                assert format_view(seat_view(deal, seat)) == format_view(view)
            assert view.sample(rng).all_cards() == pos.all_cards()


def test_small_views_count_their_deals_and_hold_the_real_position():
    # Late in games with face-down discards, where the deals can be listed: each deal once, the
    # position played among them, and none discarding face down a card taken only later.
    checked = 0
    for seed in range(40):
        for pos in _history(2, seed):
            for seat in range(2):
                view = seat_view(pos, seat)
                if view.count() > 400 or not any(h and h.down for h in view.hidden):
                    continue
                deals = list(view.deals())
                assert len(deals) == view.count()
                assert _unowned(pos, seat) in deals
                assert all(seat_view(d, seat) == view for d in deals)
                checked += 1
        if checked >= 6:
            break
    assert checked >= 6


def test_a_card_taken_after_a_face_down_discard_is_not_among_it():
    # Collection 1 took two cards, discarded a card face down, then took a third: that third card
    # is held in every deal; with the discard's time unknown (written without ~) it need not be.
    pos = small_deal(13, won=3, market=2)
    t1, t2, t3 = pos.record[1]
    x = next(c for c in cards_of(pos.hands[1]) if c not in (t1, t2, t3))
    one = counts_of([x])
    record = (pos.record[0], (t1, t2, ~x, t3), pos.record[2])
    pos = dataclasses.replace(pos, hands=(pos.hands[0], sub(pos.hands[1], one), pos.hands[2]),
                              discard=add(pos.discard, one), record=record)
    pos = position_from_json(position_to_json(pos))
    view = seat_view(pos, 0)
    assert view.hidden[1].down == (2,)
    deals = list(view.deals())
    assert _unowned(pos, 0) in deals and len(deals) == view.count()
    assert all(d.hands[1][t3] for d in deals)
    timeless = dataclasses.replace(view, hidden=(None, dataclasses.replace(view.hidden[1], down=()), view.hidden[2]))
    assert any(not d.hands[1][t3] for d in timeless.deals())
    assert timeless.count() > view.count()


@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 60), st.integers(0, 3))
def test_what_a_seat_is_shown_depends_only_on_its_view(seed, players, turns, seat):
    pos = _history(players, seed, turns=turns)[-1]
    seat %= players
    view = seat_view(pos, seat)
    deal = view.sample(random.Random(seed))
    assert format_view(seat_view(deal, seat)) == format_view(view)
    assert view_to_json(seat_view(deal, seat)) == view_to_json(view)


def test_a_bad_record_is_one_clear_error():
    pos = small_deal(13, won=3, market=2)
    obj = position_to_json(pos)
    held = set(codes(pos.hands[1]))
    obj["record"][1] = [*obj["record"][1], next(c for c in obj["market"] if c["card"] not in held)["card"]]
    with pytest.raises(game.PositionError, match="record"):
        position_from_json(obj)
    obj["record"] = [["R1"]]
    with pytest.raises(game.PositionError, match="record"):
        position_from_json(obj)
