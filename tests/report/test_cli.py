"""``arbiter report``: formats, --out, bad input as one line and exit 2."""

import json

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
