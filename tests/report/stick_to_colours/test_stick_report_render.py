"""The Stick to Colours report renders as Markdown, HTML and JSON; ``arbiter report --game
stick-to-colours`` writes it and refuses bad options in one line; the committed report stays small
(still edition 1: docs/report.md)."""

import json
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest
from arbiter.cli import report as command
from arbiter.cli.main import cli, run
from arbiter.report.render import to_html, to_json, to_markdown
from arbiter.report.stick_to_colours.catalogue import CATALOGUE
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[3]


def test_markdown_has_every_entry_in_order_with_its_parts(stick_report):
    md = to_markdown(stick_report)
    assert md.startswith("# Stick to Colours rules clarifications\n")
    assert "arbiter report --game stick-to-colours --games 2 --seed 7" in md
    at = [md.index(f'<a id="{e.id}"></a>') for e in sorted(CATALOGUE.entries, key=lambda e: e.number)]
    assert at == sorted(at)
    for e in stick_report["entries"]:
        section = md.split(f'<a id="{e["id"]}"></a>')[1].split("<a id=")[0]
        for part in ("**Question.**", "**Answer.**", "**Recommendation.**", "**Suggested wording.**", "**Sources.**",
                     "**Readings.**", "**How often.**"):
            assert part in section, (e["id"], part)


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.sections, self.tiles, self.links = [], 0, 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and a.get("class") == "entry":
            self.sections.append(a["id"])
        if tag == "span" and (a.get("class") or "").startswith("card c-"):
            self.tiles += 1
            assert a["aria-label"].split()[0] in ("Red", "Blue", "Green")
        if tag in ("script", "link", "img"):
            self.links += 1


def test_html_is_one_page_with_a_section_per_entry_and_named_tiles(stick_report):
    page = to_html(stick_report)
    parser = _Collect()
    parser.feed(page)
    assert parser.sections == [e.id for e in sorted(CATALOGUE.entries, key=lambda e: e.number)]
    assert parser.tiles > 20 and parser.links == 0
    assert '<meta name="viewport"' in page and "http" not in page.replace("http-equiv", "")


def test_json_round_trips_and_carries_each_entrys_frequency(stick_report):
    data = json.loads(to_json(stick_report))
    assert data["game"] == "stick-to-colours" and len(data["entries"]) == len(CATALOGUE.entries)
    for e in data["entries"]:
        f = e["frequency"]
        assert f["measure"] == "replay" and f["games"] == sum(s["arises"]["games"] for s in f["settings"])
        assert f["arises"]["count"] <= f["games"] and f["changes"]["count"] <= f["changes"]["games"]
        assert f["baseline"]["games"] == f["changes"]["games"] and "effect" in f
        assert [s["setting"] for s in f["settings"]] == (["2 players"] if e["id"] in ("hand-over", "bot-pile", "ties")
                                                          else ["2 players", "3 players", "4 players"])


def test_cli_writes_the_stick_to_colours_report(stick_report, monkeypatch, tmp_path):
    calls = []

    def fake(games, seed, game, **kw):
        calls.append((games, seed, game))
        return stick_report

    monkeypatch.setattr(command, "build", fake)
    out = tmp_path / "s.html"
    result = CliRunner().invoke(cli, ["report", "--game", "stick-to-colours", "--format", "html", "--out", str(out),
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    assert calls == [(200, 7, "stick-to-colours")]  # the game's own default number of games
    assert out.read_text(encoding="utf-8") == to_html(stick_report)


@pytest.mark.parametrize("args", [["--game", "chess"], ["--game", "stick-to-colours", "--games", "0"],
                                  ["--game", "stick-to-colours", "--jobs", "0"],
                                  ["--game", "stick-to-colours", "--format", "pdf"],
                                  ["--game", "stick-to-colours", "--out", "/nonexistent/dir/s.md"]])
def test_bad_options_are_one_line_and_exit_2(args, capsys):
    assert run(["report", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_committed_stick_to_colours_report_stays_small():
    # edition 2, at 200 games per player count (docs/report.md): a page a reader can open
    assert os.path.getsize(ROOT / "docs" / "clarifications" / "stick-to-colours.md") < 300_000
