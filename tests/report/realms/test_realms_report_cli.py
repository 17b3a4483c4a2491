"""``arbiter report --game realms``: each game's default size, every format, and bad options as
one line and exit 2."""

import json

from arbiter.cli import report as command
from arbiter.cli.main import cli
from arbiter.report.build import SIZES
from arbiter.report.render import RENDERERS
from click.testing import CliRunner


def test_realms_report_in_every_format(realms_report, monkeypatch, tmp_path):
    calls = []
    monkeypatch.setattr(command, "build", lambda games, seed, game, **kw: calls.append((games, seed, game))
                        or realms_report)
    for fmt in RENDERERS:
        out = tmp_path / f"realms.{fmt}"
        result = CliRunner().invoke(cli, ["report", "--game", "realms", "--format", fmt, "--out", str(out), "--quiet"])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == RENDERERS[fmt](realms_report)
    assert calls == [(SIZES["realms"], 7, "realms")] * len(RENDERERS)  # the game's own default size
    assert json.loads((tmp_path / "realms.json").read_text())["game"] == "realms"
    assert (tmp_path / "realms.md").read_text().startswith("# Realms: rules clarifications")


def test_bad_options_are_one_line_and_exit_2(tmp_path):
    for args in (["--game", "chess"], ["--game", "realms", "--out", str(tmp_path / "missing" / "r.md")],
                 ["--game", "realms", "--out", str(tmp_path)], ["--game", "realms", "--games", "0"]):
        result = CliRunner().invoke(cli, ["report", "--quiet", *args])
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output and result.output.strip().count("\n") <= 3, result.output
