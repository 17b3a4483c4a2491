"""Views: parsing and checking, and the consistent deals (enumerated and sampled) of the unseen cards."""

import random
from collections import Counter
from math import comb

import pytest
from arbiter.model.red7.cards import ALL_CARDS, codes, parse_cards
from arbiter.model.red7.game import PositionError, deal
from arbiter.model.red7.ruleset import ACTIONS
from arbiter.model.red7.view import format_view, parse_view, view_from_json, view_of, view_to_json

ISSUE = {"game": "red7", "rule": "red", "to_move": 0, "ruleset": "basic", "canvas": ["G3", "B1"],
         "players": [{"hand": ["R7", "O3"], "palette": ["Y4"]}, {"hand": 3, "palette": ["V6"]}]}


def canvas_but(*keep: str) -> str:
    """A canvas section holding every card except ``keep`` (so the unseen pool is small)."""
    return "canvas " + " ".join(codes(ALL_CARDS & ~parse_cards(list(keep))))


SMALL = [
    f"red 0 | R7 / Y4 | 2 / V6 | deck 0 | {canvas_but('R7', 'Y4', 'V6', 'B2', 'G5', 'O1', 'I3')}",
    f"red 0 actions | R7 / Y4 | 1 / V6 | deck 2 | {canvas_but('R7', 'Y4', 'V6', 'B2', 'G5', 'O1')}",
    f"blue 1 | 1 / Y4 | R7 G2 / V6 | 2 / B3 | deck 0 | {canvas_but('R7', 'G2', 'Y4', 'V6', 'B3', 'I5', 'O6', 'V2', 'R1')}",
    f"red 2 advanced | 1 / Y4 | 1 / O5 | R7 / V6 | deck 1 | {canvas_but('R7', 'Y4', 'V6', 'O5', 'G2', 'B6', 'I7')}",
]


def test_issue_example_reads_and_round_trips():
    view = view_from_json(ISSUE)
    assert view.hidden == (None, 3) and view.unseen.bit_count() == 43
    assert view.deck_hidden == 40  # no deck key: every unseen card not in a hidden hand
    assert view.count() == comb(43, 3)  # Basic: the deck is never drawn from, only the hand is dealt
    assert parse_view(format_view(view)) == view
    assert view_from_json(view_to_json(view)) == view
    assert format_view(view) == "red 0 basic | R7 O3 / Y4 | 3 / V6 | deck 40 | canvas G3 B1"


@pytest.mark.parametrize("text", SMALL)
def test_deals_are_every_consistent_deal_once(text):
    view = parse_view(text)
    deals = list(view.deals())
    assert len(deals) == len(set(deals)) == view.count()
    known = view.position
    for d in deals:
        d.validate()
        assert d.rule == known.rule and d.palettes == known.palettes and d.to_move == known.to_move
        for i, h in enumerate(view.hidden):
            if h is None:
                assert d.hands[i] == known.hands[i]
            else:
                assert d.hands[i].bit_count() == h and d.hands[i] & ~view.unseen == 0
        assert len(d.deck) == view.deck_hidden
        assert all(view.unseen >> c & 1 for c in d.deck)


def test_deck_order_counts_only_where_it_can_be_drawn():
    actions = parse_view(SMALL[1])
    assert actions.deck_order_matters and actions.count() == 3 * 2 * 1  # the hand 1 of 3, then the deck 2 of 2 in order
    basic = parse_view(SMALL[1].replace("actions", "basic"))
    assert not basic.deck_order_matters and basic.count() == 3


@pytest.mark.parametrize("text", SMALL)
def test_sampling_is_uniform_over_the_deals_and_seeded(text):
    view = parse_view(text)
    deals = set(view.deals())
    rng = random.Random(7)
    n = 200 * len(deals)
    seen = Counter(view.sample(rng) for _ in range(n))
    assert set(seen) == deals
    assert max(seen.values()) < 1.6 * n / len(deals) and min(seen.values()) > 0.5 * n / len(deals)
    a = [view.sample(random.Random(3)) for _ in range(3)]
    assert a == [view.sample(random.Random(3)) for _ in range(3)]


def test_view_of_a_deal_hides_the_others_and_the_deck():
    pos = deal(3, 5, ACTIONS)
    view = view_of(pos)
    me = pos.to_move
    assert view.hidden[me] is None and all(view.hidden[i] == 7 for i in range(3) if i != me)
    assert view.deck_hidden == len(pos.deck) and view.canvas == 0
    assert view.unseen == sum(pos.hands[i] for i in range(3) if i != me) | sum(1 << c for c in pos.deck)
    assert view.validate() is view


@pytest.mark.parametrize("text, field, words", [
    ("red 0 | 2 / Y4 | R7 / V6", "players[0].hand", "sees their own hand"),
    ("red 0 | R7 / Y4 | 2 / V6 | canvas Y4", "canvas", "Y4 is in two places"),
    ("red 0 | R7 / Y4 | 2 / V6 | canvas G1 G1", "canvas", "G1 given twice"),
    ("red 0 | R7 / Y4 | 2 / V6 | deck 47", "deck", "49 hidden cards"),
    (f"red 0 | R7 / Y4 | 3 / V6 | {canvas_but('R7', 'Y4', 'V6', 'B2')}", "players[1].hand", "only 1 cards are unseen"),
    ("red 0 | R7 / Y4 | 50 / V6", "players[1].hand", "0 to 49"),
    ("red 0 | R7 / Y4 | 2 / V6 | canvas X9", "canvas", "unknown card"),
])
def test_bad_views_name_the_field(text, field, words):
    with pytest.raises(PositionError) as e:
        parse_view(text)
    assert e.value.field == field and words in str(e.value)


def test_negative_count_in_json_is_an_error():
    bad = {**ISSUE, "players": [ISSUE["players"][0], {"hand": -1, "palette": ["V6"]}]}
    with pytest.raises(PositionError, match=r"players\[1\].hand"):
        view_from_json(bad)


def test_a_position_refuses_a_hidden_hand():
    from arbiter.model.red7.notation import parse_text

    with pytest.raises(PositionError, match=r"players\[1\].hand"):
        parse_text("red 0 | R7 / Y4 | 2 / V6")
