"""``arbiter show``: the position drawn, who is winning under each rule and why, the legal turn
count; every bad position is one stderr line and exit 2."""

import json

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7.cards import ALL_CARDS, COLOUR_NAMES, codes
from arbiter.model.red7.notation import format_json, parse_text
from click.testing import CliRunner

DEMO_TEXT = ("yellow 0 basic | R7 O5 B4 V3 I2 / R3 O3 Y1 | Y7 O6 V4 / G6 G4 G2 B1 | R5 I4 G1 / B7 V6 I5 O2"
             " | deck G5 V1 O4")


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_show_text_explains_every_rule():
    result = run("show", DEMO_TEXT)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Canvas: yellow" in out and "player 0 to move" in out and "legal turns: 11" in out
    for name in COLOUR_NAMES:
        assert f" {name} " in out
    assert "> yellow  player 1  3 cards against 1 (player 0)" in out
    assert "red     player 2  1 card each; highest B7 beats R3 (player 0), G6 (player 1)" in out
    assert "P0 R3 O3 Y1  P1 G6 B1  P2 B7 V6 I5 O2" in out  # blue: qualifying cards of each player


def test_show_colours_cards_on_a_terminal():
    result = CliRunner().invoke(cli, ["show", DEMO_TEXT], color=True)
    assert "\x1b[" in result.output


def test_show_json_gives_leader_qualifying_cards_and_keys():
    result = run("show", DEMO_TEXT, "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["notation"] == DEMO_TEXT and data["legal_turns"] == 11
    assert data["position"] == json.loads(format_json(parse_text(DEMO_TEXT)))
    rules = {r["rule"]: r for r in data["rules"]}
    assert list(rules) == list(COLOUR_NAMES)
    assert [r["winning"] for r in data["rules"]] == [2, 0, 1, 1, 2, 2, 0]
    assert rules["yellow"]["canvas"] and not rules["red"]["canvas"]
    assert rules["indigo"]["players"][2] == {"player": 2, "out": False, "qualifying": ["B7", "V6", "I5"],
                                            "count": 3, "highest": "B7"}
    assert rules["green"]["players"][0]["qualifying"] == [] and rules["green"]["players"][0]["highest"] is None


def test_show_explains_nobody_winning_and_the_highest_card_reading():
    assert "green   nobody    nobody has a qualifying card" in run("show", "green 0 | R7 / V5 | B3 / I3").output
    text = "green 0 basic,nobody_qualifies=highest_card | R7 / V5 | B3 / I3"
    assert "the highest card V5 decides" in run("show", text).output


def test_show_reads_files_stdin_and_json(tmp_path):
    path = tmp_path / "demo.json"
    path.write_text(format_json(parse_text(DEMO_TEXT)))
    expected = run("show", DEMO_TEXT).output
    assert run("show", str(path)).output == expected
    assert run("show", "-", stdin=path.read_text()).output == expected
    assert run("show", path.read_text()).output == expected


BAD = [
    ("unknown card", "red 0 | R8 O3 / Y4 | B2 / V6", "players[0].hand: unknown card 'R8'"),
    ("card in two places", "red 0 | R7 O3 / Y4 | R7 / V6", "card R7 is in two places"),
    ("more than 49 cards", "red 0 | R7 / Y4 | B2 / V6 | deck " + " ".join(codes(ALL_CARDS)), "more than 49 cards"),
    ("1 player", "red 0 | R7 / Y4", "Red7 takes 2 to 4 players, got 1"),
    ("5 players", "red 0 | R7 / R1 | O7 / O1 | Y7 / Y1 | G7 / G1 | B7 / B1", "Red7 takes 2 to 4 players, got 5"),
    ("to_move out of range", "red 2 | R7 / Y4 | B2 / V6", "to_move: must be a player index 0..1"),
    ("to_move at a player who is out", "red 2 | R7 / Y4 | B2 / V6 | G3 / G4 out", "to_move: player 2 is out"),
    ("unknown rule", "pink 0 | R7 / Y4 | B2 / V6", "rule: unknown rule 'pink'"),
    ("unknown switch", "red 0 basic,colour_blind=true | R7 / Y4 | B2 / V6", "unknown switch 'colour_blind'"),
    ("unknown key (text)", "red 0 | R7 / Y4 | B2 / V6 | hats 3", "hats: unknown key"),
    ("unknown key (JSON)", '{"rule": "red", "to_move": 0, "players": [], "hats": 3}', "hats: unknown key"),
    ("not JSON", '{"rule": "red",', "not valid JSON"),
    ("no such file", "missing.json", "'missing.json' is not a file, JSON or text notation"),
]


@pytest.mark.parametrize(("what", "arg", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_position_is_one_line_and_exit_2(what, arg, message):
    result = CliRunner().invoke(cli, ["show", arg])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("arbiter: bad position: ") and message in lines[0]
    assert result.stdout == ""


def test_a_view_given_where_a_whole_position_is_needed_says_so():
    out = CliRunner().invoke(cli, ["show", "red 0 | R7 O3 / Y4 | 3 / V6 | canvas G3"])
    assert out.exit_code == 2 and "this is a view, which advise takes" in out.output
