"""``arbiter report``: formats, --out, bad input as one line and exit 2."""

import json
import re

import pytest
from arbiter.cli import report as command
from arbiter.cli.main import cli
from click.testing import CliRunner


def test_report_json_to_file(report, monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(command, "build", lambda games, seed, progress, **kw: calls.append((games, seed)) or report)
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["report", "--format", "json", "--out", str(out), "--games", "20", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert calls == [(20, 7)]
    assert [e["id"] for e in json.loads(out.read_text())["entries"]] == [e["id"] for e in report["entries"]]


def test_report_markdown_to_stdout(report, monkeypatch):
    monkeypatch.setattr(command, "build", lambda games, seed, progress, **kw: report)
    result = CliRunner().invoke(cli, ["report", "--quiet"])
    assert result.exit_code == 0
    assert result.output.startswith("# Red7 rules clarifications")


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for args in (["--games", "0"], ["--out", str(tmp_path / "missing" / "r.md")], ["--format", "pdf"], ["--jobs", "0"]):
        result = CliRunner().invoke(cli, ["report", *args])
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output


def test_cache_dir_and_no_cache_reach_the_proofs_section(report, monkeypatch, tmp_path):
    seen = []
    monkeypatch.setattr(command, "build", lambda games, seed, progress, cache, refresh, pieces, **kw: seen.append(
        (cache.directory, refresh)) or report)
    for extra, refresh in (([], False), (["--no-cache"], True)):
        result = CliRunner().invoke(cli, ["report", "--quiet", "--cache-dir", str(tmp_path), *extra])
        assert result.exit_code == 0, result.output
        assert seen.pop() == (tmp_path, refresh)


def _fake_build(stages):
    """A build that reports ``stages`` [(name, total)] piece by piece and returns a tiny report."""
    def build(games, seed, progress, **kw):
        for stage, total in stages:
            for done in range(1, total + 1):
                progress(stage, done, total)
        return {"title": "t"}
    return build


def test_an_estimate_comes_first_and_a_log_gets_one_line_per_stage_as_it_starts(monkeypatch):
    monkeypatch.setattr(command, "build", _fake_build([("witnesses", 4), ("games", 30), ("proofs", 3)]))
    monkeypatch.setattr(command, "RENDERERS", {"md": lambda data: "text\n"})
    result = CliRunner().invoke(cli, ["report", "--games", "2", "--jobs", "2"])  # stderr is no terminal here
    assert result.exit_code == 0 and result.stdout == "text\n"
    lines = result.stderr.splitlines()
    assert "\r" not in result.stderr and len(lines) == 4
    assert lines[0].startswith("report: Red7 with --games 2: about ") and "of CPU on one core" in lines[0]
    assert "shared by 2 workers (estimate)" in lines[0]
    assert [re.sub(r"took \d+ s", "took N s", line) for line in lines[1:]] == [
        "report: witnesses, 4 to do", "report: games, 30 to do (witnesses took N s)",
        "report: proofs, 3 to do (games took N s)"]


@pytest.mark.parametrize("game", ["red7", "realms", "stick-to-colours"])
def test_the_estimate_grows_with_the_games_and_counts_the_proofs_when_asked(game):
    from arbiter.report.build import COSTS

    cost = COSTS[game]
    assert 0 < cost.seconds(1, proofs=False) < cost.seconds(10, proofs=False) < cost.seconds(10, proofs=True)
    assert "to prove the theorems unless an earlier run cached them" in command.estimate(game, 10, 1, False)
    assert "to prove" not in command.estimate(game, 10, 1, True)


def test_a_terminal_gets_one_line_rewritten_in_place(monkeypatch):
    import io

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    progress = command.Progress()
    for done in (1, 2):
        progress("games", done, 2)
    progress("proofs", 1, 3)
    progress.end_line()
    assert screen.getvalue() == ("\rreport: games 1/2\033[K\rreport: games 2/2\033[K\n"
                                 "\rreport: proofs 1/3\033[K\n")


def test_from_renders_a_json_report_without_building(report, monkeypatch, tmp_path):
    from arbiter.report.render import to_html, to_json

    monkeypatch.setattr(command, "build", lambda *a, **kw: (_ for _ in ()).throw(AssertionError("built")))
    data = tmp_path / "r.json"
    data.write_text(to_json(report), encoding="utf-8")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", "--from", str(data), "--format", "html", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == to_html(json.loads(to_json(report)))


def test_from_a_file_that_is_not_a_report_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    for text, says in (("{", "not valid JSON"), ('{"game": "red7"}', "not a report"), ("[1]", "not a report")):
        bad.write_text(text, encoding="utf-8")
        result = CliRunner().invoke(cli, ["report", "--from", str(bad)])
        assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["report", "--from", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in result.output
