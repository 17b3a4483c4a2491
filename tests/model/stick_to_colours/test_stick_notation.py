"""Position JSON and text round-trip on every position of seeded games; bad input names its field."""

import json
import random

import pytest
from arbiter.model.stick_to_colours import (
    PositionError,
    deal,
    format_text,
    parse_position,
    position_from_json,
    position_to_json,
    successors,
)
from arbiter.model.stick_to_colours.cards import CardError, parse_cards


def positions():
    for players in (2, 3, 4):
        rng = random.Random(players)
        pos = deal(players, seed=players)
        while not pos.is_over:
            yield pos
            pos = rng.choice(successors(pos))[1]
        yield pos


def test_json_and_text_round_trip_through_whole_games():
    n = 0
    for pos in positions():
        text = format_text(pos)
        assert text.startswith("stick-to-colours ") and "\n" not in text
        assert parse_position(text) == pos
        assert format_text(parse_position(text)) == text
        assert position_from_json(json.loads(json.dumps(position_to_json(pos)))) == pos
        n += 1
    assert n > 100


def test_a_finished_game_carries_its_scores():
    pos = list(positions())[-1]
    obj = position_to_json(pos)
    assert obj["scores"] == list(pos.scores)
    with pytest.raises(PositionError, match="scores"):
        position_from_json({**obj, "scores": [99] * len(obj["scores"])})


def test_cards_are_read_in_any_case_and_written_canonically():
    assert parse_cards(["rj", "b9", " g1 "]) == parse_cards(["RJ", "B9", "G1"])
    with pytest.raises(CardError, match="R7 appears 2 times"):
        parse_cards(["R7", "r7"])
    with pytest.raises(CardError, match="unknown card"):
        parse_cards(["R0"])


BASE = position_to_json(deal(3, seed=5))
LOT, REST = BASE["market"][0]["card"], BASE["market"][1:]


@pytest.mark.parametrize("change, field", [
    ({"players": []}, "players"),
    ({"dealer": 3}, "dealer"),
    ({"deck": ["R1"] * 3}, "cards"),
    ({"market": [{"card": "Z1"}]}, "market[0].card"),
    ({"market": [{"card": LOT, "q": [0]}, *REST]}, "market"),
    ({"market": [{"card": LOT, "q": [0], "x": [0]}, *REST]}, "market[0]"),
    ({"ruleset": "nope"}, "ruleset"),
    ({"bot": {"hand": []}}, "bot"),
    ({"passes": [0, 1, 2]}, "passes"),
    ({"colour": 1}, "colour"),
    ({"market": REST, "auction": {"lot": {"card": LOT}, "bidder": 0, "leader": 0, "high": 1}}, "auction.bidder"),
    ({"market": REST, "auction": {"lot": {"card": LOT}, "bidder": 1, "leader": 0, "high": 1}}, "auction.high"),
])
def test_bad_positions_name_the_field(change, field):
    with pytest.raises(PositionError) as e:
        position_from_json({**BASE, **change})
    assert e.value.field == field


@pytest.mark.parametrize("text", ["", "stick-to-colours", "stick-to-colours default | x", "{not json",
                                  format_text(deal(3, 1)).replace("players 3", "players three")])
def test_bad_texts_are_position_errors(text):
    with pytest.raises(PositionError):
        parse_position(text)


def _with(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


def _mark_player_9(text):
    first = text.split("| market ")[1].split()[0]
    return _with(text, f"| market {first}", f"| market {first}:x9")


@pytest.mark.parametrize("edit, field", [
    (lambda t: _with(t, "passes -", "passes hello"), "passes"),
    (lambda t: _with(t, "passes -", "passes 0x"), "passes"),
    (_mark_player_9, "market[0].x"),
])
def test_text_fields_are_read_whole_or_refused(edit, field):
    # The text form once kept only the digits of "passes" and only players 0-7 of a market card's marks.
    with pytest.raises(PositionError) as e:
        parse_position(edit(format_text(deal(3, 1))))
    assert e.value.field == field
