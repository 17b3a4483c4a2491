"""Position notation: the JSON object and the one-line text round-trip exactly; every bad input
is a PositionError naming its field; load_position resolves files, stdin, JSON and text."""

import io
import json

import pytest
from arbiter.model.red7 import PRESETS, deal, successors
from arbiter.model.red7.cards import ALL_CARDS, codes
from arbiter.model.red7.game import PositionError
from arbiter.model.red7.notation import (
    bundled_position,
    format_json,
    format_text,
    load_position,
    parse_json,
    parse_position,
    parse_text,
    position_from_json,
    position_to_json,
)
from hypothesis import given
from hypothesis import strategies as st

GOOD_TEXT = "red 0 basic | R7 O3 / Y4 | B2 / V6 | deck G3"
GOOD_JSON = {"game": "red7", "rule": "red", "to_move": 0,
             "players": [{"hand": ["R7", "O3"], "palette": ["Y4"]}, {"hand": ["B2"], "palette": ["V6"]}],
             "deck": ["G3"], "ruleset": "basic"}
ALL_49 = " ".join(codes(ALL_CARDS))

# (what is wrong, text notation, field named by the error); docs/notation.md lists the same cases.
BAD_TEXT = [
    ("unknown card", "red 0 basic | R8 O3 / Y4 | B2 / V6", "players[0].hand"),
    ("card in two places", "red 0 basic | R7 O3 / Y4 | R7 / V6", "players[1].hand"),
    ("card twice in a zone", "red 0 basic | R7 R7 / Y4 | B2 / V6", "players[0].hand"),
    ("more than 49 cards", f"red 0 basic | R7 / Y4 | B2 / V6 | deck {ALL_49}", "players"),
    ("1 player", "red 0 basic | R7 / Y4", "players"),
    ("5 players", "red 0 basic | R7 / R1 | O7 / O1 | Y7 / Y1 | G7 / G1 | B7 / B1", "players"),
    ("to_move out of range", "red 2 basic | R7 / Y4 | B2 / V6", "to_move"),
    ("to_move not a number", "red x basic | R7 / Y4 | B2 / V6", "to_move"),
    ("to_move at a player who is out", "red 2 basic | R7 / Y4 | B2 / V6 | G3 / G4 out", "to_move"),
    ("unknown rule", "pink 0 basic | R7 / Y4 | B2 / V6", "rule"),
    ("unknown preset", "red 0 expert | R7 / Y4 | B2 / V6", "ruleset"),
    ("unknown switch", "red 0 basic,colour_blind=true | R7 / Y4 | B2 / V6", "ruleset"),
    ("bad switch value", "red 0 advanced,advanced_draw=sometimes | R7 / Y4 | B2 / V6", "ruleset"),
    ("unknown key", "red 0 basic | R7 / Y4 | B2 / V6 | hats 3", "hats"),
    ("player without a slash", "red 0 basic | R7 Y4 | B2 / V6", "players[0]"),
    ("bad scores", "red 0 advanced | R7 / Y4 | B2 / V6 | scores 3 x", "scores"),
    ("scores for the wrong number of players", "red 0 advanced | R7 / Y4 | B2 / V6 | scores 3", "scores"),
    ("deck given twice", "red 0 basic | R7 / Y4 | B2 / V6 | deck G1 | deck G2", "deck"),
    ("player after the deck", "red 0 basic | R7 / Y4 | deck G1 | B2 / V6", "players[1]"),
    ("empty", "", "rule"),
]


def bad_json_cases():
    """(what is wrong, JSON object, field named by the error)."""
    def changed(**changes):
        return {**json.loads(json.dumps(GOOD_JSON)), **changes}

    def player(hand, palette, **more):
        return {"hand": hand, "palette": palette, **more}

    p0, p1 = GOOD_JSON["players"]
    five = [player([f"{c}7"], [f"{c}1"]) for c in "ROYGB"]
    return [
        ("unknown card", changed(players=[player(["R8"], ["Y4"]), p1]), "players[0].hand"),
        ("card in two places", changed(players=[p0, player(["R7"], ["V6"])]), "players[1].hand"),
        ("card in hand and deck", changed(deck=["R7"]), "deck"),
        ("more than 49 cards", changed(deck=codes(ALL_CARDS)), "players"),
        ("1 player", changed(players=[p0]), "players"),
        ("5 players", changed(players=five), "players"),
        ("to_move out of range", changed(to_move=2), "to_move"),
        ("to_move at a player who is out", changed(to_move=2, players=[p0, p1, player(["G2"], ["G4"], out=True)]),
         "to_move"),
        ("unknown rule", changed(rule="pink"), "rule"),
        ("unknown switch", changed(ruleset={"preset": "basic", "colour_blind": True}), "ruleset"),
        ("unknown key", changed(extra=1), "extra"),
        ("unknown player key", changed(players=[player(["R7"], ["Y4"], cloak=True), p1]), "players[0].cloak"),
        ("missing field", {k: v for k, v in GOOD_JSON.items() if k != "to_move"}, "to_move"),
        ("not an object", ["red"], "position"),
    ]


BAD_JSON = bad_json_cases()


def test_text_reads_the_documented_example():
    pos = parse_text(GOOD_TEXT)
    assert pos == position_from_json(GOOD_JSON)
    assert format_text(pos) == GOOD_TEXT


@pytest.mark.parametrize("text", [
    GOOD_TEXT,
    "yellow 2 advanced,final_tie=most_cards | / Y4 | B2 / V6 I1 out | R1 / G7 | scores 12 3 0",
    "violet 0 advanced+actions | R7 / Y4 | / V6 | deck G3 O1 | scores 0 40",
    "green 1 actions,action5_chains=false | R7 O3 / Y4 | B2 / V6",
])
def test_canonical_text_round_trips(text):
    assert format_text(parse_text(text)) == text


def test_text_is_read_loosely_and_written_canonically():
    loose = "  RED 0 Basic|o3 r7/y4 |b2/ v6|DECK g3 "
    assert format_text(parse_text(loose)) == GOOD_TEXT


def test_ruleset_may_be_left_out_of_the_text():
    assert parse_text("red 0 | R7 O3 / Y4 | B2 / V6 | deck G3") == parse_text(GOOD_TEXT)


@st.composite
def positions(draw):
    """Positions reached by random legal turns from a seeded deal, under every preset."""
    pos = deal(draw(st.integers(2, 4)), draw(st.integers(0, 10**6)), PRESETS[draw(st.sampled_from(sorted(PRESETS)))])
    for _ in range(draw(st.integers(0, 12))):
        options = successors(pos)
        if not options:
            break
        pos = options[draw(st.integers(0, len(options) - 1))][1]
    return pos


@given(positions())
def test_both_notations_round_trip_on_played_positions(pos):
    assert parse_text(format_text(pos)) == pos
    assert parse_json(format_json(pos)) == pos
    assert position_from_json(json.loads(json.dumps(position_to_json(pos)))) == pos
    text = format_text(pos)
    assert format_text(parse_text(text)) == text


@pytest.mark.parametrize(("what", "text", "field"), BAD_TEXT, ids=[c[0] for c in BAD_TEXT])
def test_bad_text_names_the_field(what, text, field):
    with pytest.raises(PositionError) as e:
        parse_text(text)
    assert e.value.field == field
    assert str(e.value).startswith(f"{field}: ")


@pytest.mark.parametrize(("what", "obj", "field"), BAD_JSON, ids=[c[0] for c in BAD_JSON])
def test_bad_json_names_the_field(what, obj, field):
    with pytest.raises(PositionError) as e:
        position_from_json(obj)
    assert e.value.field == field


def test_not_json_is_a_position_error():
    with pytest.raises(PositionError, match="not valid JSON"):
        parse_json("{nope")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"rule": ' + "1" * 5000 + "}"], ids=["deep", "long-integer"])
def test_json_python_cannot_hold_is_a_position_error(text):
    with pytest.raises(PositionError, match="not valid JSON here"):
        parse_json(text)


def test_a_byte_order_mark_is_ignored(tmp_path):
    expected = parse_text(GOOD_TEXT)
    (tmp_path / "p.txt").write_text("\ufeff" + GOOD_TEXT + "\n", encoding="utf-8")
    (tmp_path / "p.json").write_text("\ufeff" + json.dumps(GOOD_JSON), encoding="utf-8")
    assert load_position(str(tmp_path / "p.txt")) == expected
    assert load_position(str(tmp_path / "p.json")) == expected
    assert parse_position("\ufeff" + GOOD_TEXT) == expected


def test_load_position_resolves_every_source(tmp_path):
    expected = parse_text(GOOD_TEXT)
    (tmp_path / "p.json").write_text(json.dumps(GOOD_JSON, indent=2))
    (tmp_path / "p.txt").write_text(GOOD_TEXT + "\n")
    assert load_position(str(tmp_path / "p.json")) == expected
    assert load_position(str(tmp_path / "p.txt")) == expected
    assert load_position(json.dumps(GOOD_JSON)) == expected
    assert load_position(GOOD_TEXT) == expected
    assert load_position("-", io.StringIO(json.dumps(GOOD_JSON))) == expected
    assert load_position("-", io.StringIO(GOOD_TEXT)) == expected
    assert parse_position(GOOD_TEXT) == parse_position(json.dumps(GOOD_JSON))


def test_load_position_names_a_missing_file(tmp_path):
    with pytest.raises(PositionError, match="is not a file, JSON or text notation"):
        load_position(str(tmp_path / "missing.json"))


def test_bundled_demo_position_is_sound():
    pos = bundled_position("demo")
    assert pos.players == 3 and not pos.is_over
    assert parse_text(format_text(pos)) == pos
