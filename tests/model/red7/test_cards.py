"""Cards as ints ordered by strength and sets as bitmasks (model/red7/cards.py)."""

import pytest
from arbiter.model.red7 import cards
from arbiter.model.red7.cards import (
    ALL_CARDS,
    BELOW_4_MASK,
    COLOUR_MASK,
    EVEN_MASK,
    NUMBER_MASK,
    CardError,
    card_code,
    codes,
    parse_card,
    parse_cards,
    parse_colour,
)


def test_card_order_is_strength():
    """V1.1: a higher number is a higher card; between equal numbers the colour decides,
    strongest first: Red, Orange, Yellow, Green, Blue, Indigo, Violet."""
    order = [f"{c}{n}" for n in range(1, 8) for c in reversed(cards.COLOURS)]
    assert [card_code(k) for k in range(49)] == order
    assert parse_card("V1") == 0 and parse_card("R7") == 48
    assert parse_card("R6") > parse_card("O6") > parse_card("V6") and parse_card("V7") > parse_card("R6")


def test_every_code_round_trips_and_input_is_case_insensitive():
    for k in range(49):
        code = card_code(k)
        assert parse_card(code) == k == parse_card(code.lower()) == parse_card(f" {code.lower()} ")
        assert cards.card(cards.number_of(k), cards.colour_of(k)) == k


@pytest.mark.parametrize("bad", ["R8", "R0", "X1", "", "R", "R77", "7R", 7, None])
def test_unknown_card_is_refused_by_name(bad):
    with pytest.raises(CardError, match="card"):
        parse_card(bad)


def test_masks_partition_the_deck():
    assert sum(NUMBER_MASK.values()) == ALL_CARDS == sum(COLOUR_MASK)
    assert all(NUMBER_MASK[n].bit_count() == 7 and COLOUR_MASK[n - 1].bit_count() == 7 for n in range(1, 8))
    assert codes(EVEN_MASK & COLOUR_MASK[cards.RED]) == ["R6", "R4", "R2"]
    assert codes(BELOW_4_MASK & COLOUR_MASK[cards.VIOLET]) == ["V3", "V2", "V1"]
    assert codes(cards.ACTION_MASK & COLOUR_MASK[cards.BLUE]) == ["B7", "B5", "B3", "B1"]


def test_readable_view_is_strongest_first_and_highest_is_msb():
    m = parse_cards(["b2", "R1", "O7", "R7"])
    assert codes(m) == ["R7", "O7", "B2", "R1"]
    assert cards.highest(m) == parse_card("R7")
    assert list(cards.cards_of(m)) == sorted(cards.cards_of(m), reverse=True)
    assert cards.mask_of(cards.cards_of(m)) == m


def test_parse_cards_names_a_card_given_twice_and_the_place():
    with pytest.raises(CardError, match="R7 given twice in palette"):
        parse_cards(["R7", "r7"], "palette")
    with pytest.raises(CardError, match="list of card codes"):
        parse_cards("R7", "hand")


def test_rule_names_and_letters():
    assert [parse_colour(n) for n in cards.COLOUR_NAMES] == list(range(7))
    assert parse_colour("Indigo") == parse_colour("i") == cards.INDIGO
    with pytest.raises(CardError, match="unknown rule 'pink'"):
        parse_colour("pink")
