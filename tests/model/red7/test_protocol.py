"""Engine protocol arbiter-engine/1 (docs/protocol.md): every op through ``handle``, every bad
request as an error answer, and ``arbiter engine`` run as a process that keeps serving."""

import io
import json
import subprocess
import sys
import threading

import pytest
from arbiter.model import protocol
from arbiter.model.red7 import apply, legal_moves
from arbiter.model.red7.notation import parse_text, position_from_json, position_to_json, text_to_json
from arbiter.model.red7.protocol import OPS, PROTOCOL, handle, handle_line, serve

POSITION = {"rule": "red", "to_move": 0,
            "players": [{"hand": ["R7", "O3"], "palette": ["Y4"]}, {"hand": ["B2"], "palette": ["V6"]}]}


def code(answer):
    return answer["error"]["code"]


def test_hello_names_the_protocol_and_ops():
    hello = handle({"id": 1, "op": "hello"})
    assert {k: hello[k] for k in ("id", "protocol", "game", "ops")} == {"id": 1, "protocol": PROTOCOL, "game": "red7",
                                                                        "ops": list(OPS)}
    assert set(OPS) == {"hello", "leader", "qualifying", "legal_moves", "legal_steps", "apply"}


def test_hello_declares_every_preset_switch_value_and_player_count_it_serves():
    from arbiter.model.red7.ruleset import PRESETS, SWITCHES

    red7 = handle({"id": 1, "op": "hello"})["games"]["red7"]
    assert red7["ops"] == list(OPS) and red7["players"] == [2, 3, 4] and red7["presets"] == list(PRESETS)
    assert red7["switches"] == {k: list(v) for k, v in SWITCHES.items() if k not in ("actions", "advanced")}


def test_leader_matches_the_issue_example():
    request = {"id": 2, "op": "leader", "rule": "indigo", "palettes": [["R6", "O5"], ["R7"]], "out": []}
    assert handle(request) == {"id": 2, "leader": 0}


def test_leader_skips_players_who_are_out_and_may_be_nobody():
    assert handle({"id": 1, "op": "leader", "rule": "red", "palettes": [["R6"], ["R7"]], "out": [1]})["leader"] == 0
    assert handle({"id": 1, "op": "leader", "rule": "green", "palettes": [["R7"], ["O7"]]})["leader"] is None


def test_leader_honours_the_ruleset():
    """Switch nobody_qualifies=highest_card: with no even card, the highest card is winning Green."""
    request = {"id": 1, "op": "leader", "rule": "green", "palettes": [["R7"], ["O7"]],
               "ruleset": {"preset": "basic", "nobody_qualifies": "highest_card"}}
    assert handle(request)["leader"] == 0


def test_qualifying_matches_the_issue_example():
    request = {"id": 3, "op": "qualifying", "rule": "blue", "palette": ["R7", "R1", "B2"]}
    assert handle(request) == {"id": 3, "cards": ["R7", "B2"]}


def test_legal_moves_are_sorted_canonical_texts():
    answer = handle({"id": 4, "op": "legal_moves", "position": POSITION})
    assert answer == {"id": 4, "moves": ["pass", "play R7", "play R7 discard O3"]}
    assert answer["moves"] == [str(m) for m in legal_moves(position_from_json(POSITION))]


def test_apply_returns_the_new_position():
    answer = handle({"id": 5, "op": "apply", "position": POSITION, "move": "play R7"})
    assert answer["id"] == 5
    assert answer["position"] == position_to_json(apply(position_from_json(POSITION), "play R7"))
    assert answer["position"]["players"][0]["palette"] == ["R7", "Y4"]


def test_request_ruleset_applies_to_a_position_that_names_none():
    pos = parse_text("red 0 | R5 I4 / Y4 | B2 / V3 | deck G3")
    obj = {k: v for k, v in position_to_json(pos).items() if k != "ruleset"}
    basic = handle({"id": 1, "op": "legal_moves", "position": obj})["moves"]
    actions = handle({"id": 1, "op": "legal_moves", "position": obj, "ruleset": "actions"})["moves"]
    assert "play R5 play I4" in actions and "play R5 play I4" not in basic


def test_request_and_position_rulesets_must_agree():
    obj = {**POSITION, "ruleset": "advanced"}
    assert code(handle({"id": 1, "op": "legal_moves", "position": obj, "ruleset": "basic"})) == "invalid_ruleset"


# (what is wrong, request, error code); each answer keeps the request's id.
BAD_REQUESTS = [
    ("unknown op", {"id": 7, "op": "resign"}, "unknown_op"),
    ("missing op", {"id": 7}, "missing_field"),
    ("missing palettes", {"id": 7, "op": "leader", "rule": "red"}, "missing_field"),
    ("missing rule", {"id": 7, "op": "qualifying", "palette": ["R7"]}, "missing_field"),
    ("missing position", {"id": 7, "op": "legal_moves"}, "missing_field"),
    ("missing move", {"id": 7, "op": "apply", "position": POSITION}, "missing_field"),
    ("unknown rule", {"id": 7, "op": "leader", "rule": "pink", "palettes": [["R7"], ["O7"]]}, "unknown_rule"),
    ("unknown card", {"id": 7, "op": "qualifying", "rule": "red", "palette": ["R9"]}, "invalid_card"),
    ("card twice in a Palette", {"id": 7, "op": "qualifying", "rule": "red", "palette": ["R7", "r7"]}, "invalid_card"),
    ("card in two Palettes", {"id": 7, "op": "leader", "rule": "red", "palettes": [["R7"], ["R7"]]}, "invalid_card"),
    ("palettes not a list", {"id": 7, "op": "leader", "rule": "red", "palettes": "R7"}, "invalid_field"),
    ("out not indices", {"id": 7, "op": "leader", "rule": "red", "palettes": [["R7"], ["O7"]], "out": [2]},
     "invalid_field"),
    ("unknown switch", {"id": 7, "op": "hello", "ruleset": {"preset": "basic", "colour_blind": True}},
     "invalid_ruleset"),
    ("unknown preset", {"id": 7, "op": "qualifying", "rule": "red", "palette": [], "ruleset": "expert"},
     "invalid_ruleset"),
    ("illegal move", {"id": 7, "op": "apply", "position": POSITION, "move": "play B2"}, "illegal_move"),
    ("unknown card in a move", {"id": 7, "op": "apply", "position": POSITION, "move": "play Q2"}, "invalid_card"),
    ("move not text", {"id": 7, "op": "apply", "position": POSITION, "move": 3}, "invalid_field"),
    ("unknown rule in a position", {"id": 7, "op": "legal_moves", "position": {**POSITION, "rule": "pink"}},
     "unknown_rule"),
    ("unknown switch in a position",
     {"id": 7, "op": "legal_moves", "position": {**POSITION, "ruleset": {"preset": "basic", "x": 1}}},
     "invalid_ruleset"),
]


@pytest.mark.parametrize(("what", "request_", "code_"), BAD_REQUESTS, ids=[c[0] for c in BAD_REQUESTS])
def test_bad_requests_get_error_answers_with_their_id(what, request_, code_):
    answer = handle(request_)
    assert answer["id"] == 7
    assert answer["error"]["code"] == code_
    assert answer["error"]["message"]


BAD_POSITIONS = [
    ("unknown card", "red 0 | R8 O3 / Y4 | B2 / V6", "players[0].hand"),
    ("card in two places", "red 0 | R7 O3 / Y4 | R7 / V6", "players[1].hand"),
    ("more than 49 cards", "red 0 | R7 / Y4 | B2 / V6 | deck " + " ".join(f"{c}{n}" for c in "ROYGBIV" for n in range(1, 8)),
     "players"),
    ("1 player", "red 0 | R7 / Y4", "players"),
    ("5 players", "red 0 | R7 / R1 | O7 / O1 | Y7 / Y1 | G7 / G1 | B7 / B1", "players"),
    ("to_move out of range", "red 2 | R7 / Y4 | B2 / V6", "to_move"),
    ("to_move at a player who is out", "red 2 | R7 / Y4 | B2 / V6 | G3 / G4 out", "to_move"),
]


@pytest.mark.parametrize(("what", "text", "field"), BAD_POSITIONS, ids=[c[0] for c in BAD_POSITIONS])
def test_bad_positions_are_error_answers_naming_the_field(what, text, field):
    answer = handle({"id": 8, "op": "legal_moves", "position": text_to_json(text)})
    assert answer["id"] == 8 and code(answer) == "invalid_position"
    assert answer["error"]["message"].startswith(f"position.{field}: ")


def test_position_with_an_unknown_key_is_an_error_answer():
    answer = handle({"id": 8, "op": "apply", "move": "pass", "position": {**POSITION, "colour": "red"}})
    assert code(answer) == "invalid_position" and "colour" in answer["error"]["message"]


@pytest.mark.parametrize("line", ["not json", "{\"id\": 1,", "[1, 2]", "3", "null"])
def test_unreadable_lines_answer_with_a_null_id(line):
    answer = handle_line(line)
    assert answer["id"] is None
    assert code(answer) in {"invalid_json", "invalid_request"}


def test_serve_keeps_serving_after_errors_and_skips_blank_lines():
    lines = ["nonsense", "", json.dumps({"id": "a", "op": "hello"}), json.dumps({"id": "b", "op": "nope"}),
             json.dumps({"id": "c", "op": "qualifying", "rule": "red", "palette": ["O1", "V7"]})]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [None, "a", "b", "c"]
    assert code(answers[0]) == "invalid_json" and code(answers[2]) == "unknown_op"
    assert answers[3]["cards"] == ["V7"]


def test_an_internal_failure_is_an_answer_not_a_crash(monkeypatch):
    from arbiter.model.red7 import protocol

    def broken(request, ruleset):
        raise RuntimeError("boom")

    monkeypatch.setitem(protocol.OPS, "hello", broken)
    assert handle({"id": 9, "op": "hello"}) == {"id": 9, "error": {"code": "internal_error",
                                                                   "message": "RuntimeError: boom"}}


def test_engine_process_answers_line_by_line_and_exits_0_at_eof():
    """`arbiter engine` as a child process: each answer arrives before the next request is sent."""
    proc = subprocess.Popen([sys.executable, "-m", "arbiter.cli", "engine"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(30, proc.kill)  # a stuck engine fails the test instead of hanging it
    watchdog.start()
    try:
        requests = [{"id": 1, "op": "hello"}, "garbage", {"id": 2, "op": "leader", "rule": "red",
                                                          "palettes": [["R1"], ["R1"]]},
                    {"id": 3, "op": "legal_moves", "position": POSITION}]
        answers = []
        for r in requests:
            proc.stdin.write((r if isinstance(r, str) else json.dumps(r)) + "\n")
            proc.stdin.flush()
            answers.append(json.loads(proc.stdout.readline()))  # flushed per line, or this would block
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()
    assert answers[0]["protocol"] == PROTOCOL
    assert answers[1] == {"id": None, "error": answers[1]["error"]} and code(answers[1]) == "invalid_json"
    assert answers[2]["id"] == 2 and code(answers[2]) == "invalid_card"
    assert answers[3] == {"id": 3, "moves": ["pass", "play R7", "play R7 discard O3"]}


HOSTILE = {
    "deeply nested": "[" * 100_000,
    "a 5000-digit integer": '{"id": 1, "op": "hello", "n": ' + "7" * 5000 + "}",
    "not UTF-8": "\ufffd\ufffd{",
    "an id beyond a float": '{"id": 1e400, "op": "hello"}',
    "a NaN id": '{"id": NaN, "op": "hello"}',
    "an Infinity id": '{"id": -Infinity, "op": "hello"}',
}


def strict(text):
    """JSON as the standard has it: Python's reader would take NaN and Infinity."""
    def refuse(name):
        raise AssertionError(f"{name} written")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("what", HOSTILE)
def test_hostile_json_is_an_error_answer_and_the_engine_keeps_serving(what):
    out = io.StringIO()
    lines = [HOSTILE[what], json.dumps({"id": "next", "op": "hello"})]
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    first, second = (strict(line) for line in out.getvalue().splitlines())
    assert code(first) == "invalid_json" and first["id"] is None
    assert "\n" not in first["error"]["message"] and len(first["error"]["message"]) < 200
    assert second["id"] == "next" and second["protocol"] == PROTOCOL


def test_a_line_over_the_limit_is_refused_and_the_next_one_served(monkeypatch):
    monkeypatch.setattr(protocol, "LINE_LIMIT", 1000)
    out = io.StringIO()
    lines = [json.dumps({"id": "x" * 5000, "op": "hello"}), json.dumps({"id": "next", "op": "hello"})]
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    first, second = (strict(line) for line in out.getvalue().splitlines())
    assert code(first) == "invalid_request" and first["id"] is None and "longer than" in first["error"]["message"]
    assert second["id"] == "next" and second["protocol"] == PROTOCOL


def test_a_game_that_is_not_a_string_is_named_as_such():
    answer = protocol.handle({"id": 1, "op": "hello", "game": None})
    assert code(answer) == "unknown_game" and "got null" in answer["error"]["message"]


def test_a_byte_order_mark_before_a_request_is_ignored():
    assert handle_line("\ufeff" + json.dumps({"id": 4, "op": "hello"}))["protocol"] == PROTOCOL


def test_engine_process_survives_bytes_that_are_not_utf8():
    proc = subprocess.run([sys.executable, "-m", "arbiter.cli", "engine"], capture_output=True, timeout=60, check=False,
                          input=b"\xff\xfe{\n" + json.dumps({"id": 5, "op": "hello"}).encode() + b"\n")
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert code(first) == "invalid_json" and second["id"] == 5
