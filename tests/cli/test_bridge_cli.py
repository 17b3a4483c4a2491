"""``arbiter show``, ``play --game bridge`` and ``solve`` on bridge positions, and their bad input."""

import json

from arbiter.cli.main import cli
from click.testing import CliRunner

ENDING = "bridge strain=NT leader=W tricks=0,0 trick=S9 | N:AK.2.. QJ..2. 32...2 T.3.."


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_show_draws_the_compass_and_the_legal_cards():
    out = run("show", ENDING)
    assert out.exit_code == 0, out.output
    assert "North to play" in out.output and "Legal cards: SA, SK" in out.output
    data = json.loads(run("show", "--json", ENDING).output)
    assert data["to_move"] == "N" and data["legal_moves"] == ["SA", "SK"]


def test_play_logs_thirteen_tricks_from_a_seed():
    out = run("play", "--game", "bridge", "--seed", "4")
    assert out.exit_code == 0, out.output
    assert out.output.count("Trick ") == 13 and out.output == run("play", "--game", "bridge", "--seed", "4").output
    data = json.loads(run("play", "--game", "bridge", "--seed", "4", "--json").output)
    assert data["result"]["ns"] + data["result"]["ew"] == 13 and len(data["tricks"]) == 13


def test_solve_a_pbn_deal_prints_the_table():
    out = run("solve", "N:AK.2.. QJ..2. 32...2 T9.3..")
    assert out.exit_code == 0, out.output
    assert "Double-dummy table" in out.output
    data = json.loads(run("solve", "--json", "N:AK.2.. QJ..2. 32...2 T9.3..").output)
    assert data["table"]["C"] == {"N": 3, "E": 0, "S": 3, "W": 0}
    assert {m["card"]: m["ns"] for m in data["moves"]} == {"SA": 2, "SK": 2, "H2": 2}


def test_bad_input_is_one_line_and_exit_2():
    for args in (("show", "N:AK.2.. QJ..2. 32...2 T9.3"), ("solve", "bridge strain=Q | N:AK.2.. QJ..2. 32...2 T9.3.."),
                 ("play", "--game", "bridge", "--players", "3")):
        out = run(*args)
        assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1, out.output
