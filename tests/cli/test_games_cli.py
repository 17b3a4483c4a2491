"""``arbiter games`` and the dispatch of ``show``/``play`` on a position's game."""

import json

from arbiter.cli.main import cli
from arbiter.model import games
from click.testing import CliRunner


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_games_lists_every_game_with_its_sources():
    result = run("games", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [r["id"] for r in rows] == list(games.GAMES)
    assert {r["id"]: r["available"] for r in rows}["red7"] is True
    text = run("games").output
    assert all(g in text for g in games.GAMES) and "red7-rules.fr.txt" in text


def test_show_of_an_unknown_game_is_one_line_and_exit_2():
    result = run("show", '{"game": "chess", "rule": "red"}')
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [("arbiter: bad position: game: unknown game 'chess' "
                                                  "(known: red7, realms, stick-to-colours, bridge)")]
