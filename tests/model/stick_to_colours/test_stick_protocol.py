"""The engine protocol's Stick to Colours ops: score, legal_moves, apply; bad requests are error
answers and the engine keeps serving."""

import io
import json

import pytest
from arbiter.model import protocol
from arbiter.model.stick_to_colours import apply, deal, legal_moves, position_to_json

GAME = "stick-to-colours"


def ask(**request):
    return protocol.handle({"id": 1, "game": GAME, **request})


def test_score_returns_the_points_and_an_optimal_arrangement():
    assert ask(op="score", cards=["R1", "R2", "R3", "RJ"]) == {
        "id": 1, "points": 4, "sets": [{"kind": "run", "cards": ["R1", "R2", "R3", "RJ=4"], "points": 4}]}


def test_score_takes_a_ruleset():
    assert ask(op="score", cards=["r1", "r2", "r4", "r5"], ruleset={"runs": "ascending"})["points"] == 4
    assert ask(op="score", cards=["R1", "R2", "R4", "R5"])["points"] == 0


def test_legal_moves_and_apply():
    pos = deal(3, seed=2)
    got = ask(op="legal_moves", position=position_to_json(pos))
    assert got["moves"] == [str(m) for m in legal_moves(pos)]
    move = got["moves"][3]
    assert ask(op="apply", position=position_to_json(pos), move=move)["position"] == position_to_json(apply(pos, move))


@pytest.mark.parametrize("request_, code", [
    ({"op": "score"}, "missing_field"),
    ({"op": "score", "cards": "R1 R2"}, "invalid_field"),
    ({"op": "score", "cards": ["R1", "X"]}, "invalid_card"),
    ({"op": "score", "cards": ["BJ"], "ruleset": {"deck": "46"}}, "invalid_card"),
    ({"op": "score", "cards": ["R7", "R7"]}, "invalid_card"),
    ({"op": "score", "cards": [], "ruleset": {"runs": "sideways"}}, "invalid_ruleset"),
    ({"op": "legal_moves", "position": {"players": 3}}, "invalid_position"),
    ({"op": "apply", "position": position_to_json(deal(3, 0)), "move": "bid refuse R1"}, "illegal_move"),
    ({"op": "apply", "position": position_to_json(deal(3, 0)), "move": 7}, "invalid_field"),
    ({"op": "trick"}, "unknown_op"),
])
def test_bad_requests_are_error_answers(request_, code):
    assert ask(**request_)["error"]["code"] == code


def test_the_engine_keeps_serving_after_errors():
    lines = [json.dumps({"id": 1, "game": GAME, "op": "score", "cards": ["R1", "R1", "R1"]}), "not json",
             json.dumps({"id": 2, "game": GAME, "op": "score", "cards": ["R7", "B7", "G7"]})]
    out = io.StringIO()
    protocol.serve(io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert [a.get("error", {}).get("code") for a in answers] == ["invalid_card", "invalid_json", None]
    assert answers[2]["points"] == 6
