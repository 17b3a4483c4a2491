"""Realms notation (JSON and text round-trips, errors naming the field) and protocol ops (``trick``,
``legal_moves``, ``apply``; every bad request an error answer, the engine serving on)."""

import io
import json

import pytest
from arbiter.model import protocol as P
from arbiter.model.realms import game as G
from arbiter.model.realms.notation import format_text, parse_position, position_from_json, position_to_json
from hypothesis import given, settings
from hypothesis import strategies as st


@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), steps=st.integers(0, 60))
@settings(max_examples=30)
def test_json_and_text_round_trip_exactly(seed, players, steps):
    log = list(zip(range(steps), G.random_game(players, seed), strict=False))
    pos = log[-1][1][2] if log else G.deal(players, seed)
    assert parse_position(format_text(pos)) == pos
    assert position_from_json(json.loads(json.dumps(position_to_json(pos)))) == pos
    assert format_text(pos).startswith("realms ")


def ask(**request):
    return P.handle({"game": "realms", "id": 7, **request})


def test_trick_op_answers_as_the_issue_shows():
    assert ask(op="trick", ruling="red", cards=["R5", "B5"]) == {"id": 7, "winner": 1, "ruling": "blue", "leads_next": 1}
    assert ask(op="trick", ruling="red", cards=["R5", "Y7", "CYC=blue"]) == {
        "id": 7, "winner": None, "ruling": "blue", "leads_next": 2}
    assert ask(op="trick", ruling="red", cards=["YDr", "RDr", "R5", "B5"], ruleset={"resolution": "nuance"})["winner"] == 1


@pytest.mark.parametrize("request_, code", [
    ({"op": "trick", "ruling": "red", "cards": ["R5", "Q5"]}, "invalid_card"),
    ({"op": "trick", "ruling": "red", "cards": ["R5", "r5"]}, "invalid_card"),
    ({"op": "trick", "ruling": "mauve", "cards": ["R5"]}, "invalid_colour"),
    ({"op": "trick", "ruling": "red", "cards": ["P3"]}, "invalid_card"),
    ({"op": "trick", "ruling": "red", "cards": ["CYC=puce"]}, "invalid_colour"),
    ({"op": "trick", "ruling": "red", "cards": ["R5", "P3=red"]}, "invalid_card"),
    ({"op": "trick", "ruling": "red", "cards": ["R5", "R6=blue"]}, "invalid_card"),
    ({"op": "trick", "ruling": "red", "cards": []}, "invalid_field"),
    ({"op": "trick", "ruling": "red", "cards": ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]}, "invalid_field"),
    ({"op": "trick", "ruling": "red", "cards": [5]}, "invalid_card"),
    ({"op": "trick", "cards": ["R5"]}, "missing_field"),
    ({"op": "trick", "ruling": "red", "cards": ["R5"], "ruleset": "nope"}, "invalid_ruleset"),
    ({"op": "trick", "ruling": "red", "cards": ["R5"], "ruleset": {"resolution": "x"}}, "invalid_ruleset"),
    ({"op": "legal_moves", "position": {"hands": "x"}}, "invalid_position"),
    ({"op": "legal_moves"}, "missing_field"),
    ({"op": "apply", "position": position_to_json(G.deal(3, 1)), "move": "R5"}, "illegal_move"),
    ({"op": "apply", "position": position_to_json(G.deal(3, 1)), "move": 5}, "invalid_field"),
    ({"op": "fly"}, "unknown_op"),
])
def test_bad_requests_are_error_answers(request_, code):
    answer = ask(**request_)
    assert answer["id"] == 7 and answer["error"]["code"] == code, answer


def test_legal_moves_and_apply_through_the_engine_loop():
    pos = G.deal(3, 1)
    lines = [json.dumps({"game": "realms", "id": 1, "op": "legal_moves", "position": position_to_json(pos)}),
             "not json",
             json.dumps({"game": "realms", "id": 2, "op": "apply", "position": position_to_json(pos), "move": "ruling=green"})]
    out = io.StringIO()
    P.serve(io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["moves"] == ["ruling=red", "ruling=yellow", "ruling=blue", "ruling=green"]
    assert answers[1]["error"]["code"] == "invalid_json"
    assert position_from_json(answers[2]["position"]) == G.apply(pos, "ruling=green")
