"""``arbiter engine``: the protocol on stdin/stdout through the CLI; exit 0 at end of input."""

import json
import subprocess
import sys

from arbiter.cli.main import cli
from click.testing import CliRunner

POSITION = {"rule": "red", "to_move": 0,
            "players": [{"hand": ["R7", "O3"], "palette": ["Y4"]}, {"hand": ["B2"], "palette": ["V6"]}]}
REQUESTS = [
    {"id": 1, "op": "hello"},
    {"id": 2, "op": "leader", "rule": "indigo", "palettes": [["R6", "O5"], ["R7"]], "out": []},
    {"id": 3, "op": "qualifying", "rule": "blue", "palette": ["R7", "R1", "B2"]},
    {"id": 4, "op": "legal_moves", "position": POSITION},
    {"id": 5, "op": "apply", "position": POSITION, "move": "play R7"},
    {"id": 6, "op": "apply", "position": {**POSITION, "players": [POSITION["players"][0]]}, "move": "pass"},
    {"id": 7, "op": "qualifying", "rule": "mauve", "palette": []},
]
SESSION = "\n".join(json.dumps(r) for r in REQUESTS) + "\nthis is not json\n"


def check(answers):
    assert [a["id"] for a in answers] == [1, 2, 3, 4, 5, 6, 7, None]
    assert answers[0]["protocol"] == "arbiter-engine/1" and answers[0]["game"] == "red7"
    assert answers[1]["leader"] == 0
    assert answers[2]["cards"] == ["R7", "B2"]
    assert answers[3]["moves"] == ["pass", "play R7", "play R7 discard O3"]
    assert answers[4]["position"]["to_move"] == 1
    assert answers[5]["error"] == {"code": "invalid_position",
                                   "message": "position.players: Red7 takes 2 to 4 players, got 1"}
    assert answers[6]["error"]["code"] == "unknown_rule"
    assert answers[7]["error"]["code"] == "invalid_json"


def test_engine_command_serves_a_session():
    result = CliRunner().invoke(cli, ["engine"], input=SESSION)
    assert result.exit_code == 0
    check([json.loads(line) for line in result.output.splitlines()])


def test_engine_as_a_process_exits_0_at_eof():
    done = subprocess.run([sys.executable, "-m", "arbiter.cli", "engine"], input=SESSION, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == ""
    check([json.loads(line) for line in done.stdout.splitlines()])


def test_empty_input_ends_at_once():
    result = CliRunner().invoke(cli, ["engine"], input="")
    assert result.exit_code == 0 and result.output == ""
