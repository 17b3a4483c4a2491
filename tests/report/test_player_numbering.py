"""Every report numbers players from 0, as the CLI does (docs/cli.md): one helper names a seat
(``report.seats.who``), and no story names a player its game does not have. The Realms and Stick to
Colours reports numbered from 1 (a 2-player game showed "Player 2 wins"; issue 23, issue 24 item 13)."""

import json
import re
from pathlib import Path

import pytest
from arbiter.report.render import to_markdown
from arbiter.report.seats import who

DOCS = Path(__file__).resolve().parents[2] / "docs" / "clarifications"
NAMED = re.compile(r"\bPlayer (\d+)\b")


def players(story):
    """The number of players of a story's game, from its data, or None when it has no game."""
    d = story["data"]
    if isinstance(d.get("players"), int):
        return d["players"]
    pos = d.get("position") or {}
    seats = pos.get("hands") if isinstance(pos.get("hands"), list) else pos.get("players")
    return len(seats) if isinstance(seats, list) else None


def words(story):
    """What a reader sees of a story: everything but the data the tests replay."""
    return json.dumps({k: v for k, v in story.items() if k != "data"}, ensure_ascii=False)


def problems(report):
    out = []
    for e in report["entries"]:
        for st in e["witness"]:
            n = players(st)
            named = {int(x) for x in NAMED.findall(words(st))}
            if n is not None and named and max(named) >= n:
                out.append(f"entry {e['number']}, {st['title']!r}: {n} players, names Player {max(named)}")
    text = to_markdown(report)
    if NAMED.search(text) and "Player 0" not in text:
        out.append("no Player 0 anywhere: the report numbers players from 1")
    return out


def test_who_numbers_from_0():
    assert [who(i) for i in (0, 1, None)] == ["Player 0", "Player 1", "nobody"]
    assert who(2, bot=2) == "the bot" and who(1, bot=2) == "Player 1"


@pytest.mark.parametrize("fixture", ["realms_report", "stick_report"])
def test_a_quick_report_numbers_players_from_0(fixture, request):
    report = request.getfixturevalue(fixture)
    assert problems(report) == []
    two = [st for e in report["entries"] for st in e["witness"] if players(st) == 2]
    assert two and not any("Player 2" in words(st) for st in two)  # a 2-player story never names a player 2
    assert "Player 0" in to_markdown(report)


@pytest.mark.parametrize("game", ["red7", "realms", "stick-to-colours"])
def test_the_committed_report_numbers_players_from_0(game):
    report = json.loads((DOCS / f"{game}.json").read_text(encoding="utf-8"))
    assert problems(report) == []
    assert not any("Player 2" in words(st) for e in report["entries"] for st in e["witness"] if players(st) == 2)
