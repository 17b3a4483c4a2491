"""``arbiter prove``: table, JSON, exit codes."""

import json

from arbiter.cli.main import cli
from click.testing import CliRunner


def test_prove_only_json():
    result = CliRunner().invoke(cli, ["prove", "--json", "--only", "always-winner/green"])
    assert result.exit_code == 0
    (obj,) = json.loads(result.output)
    assert obj["id"] == "always-winner/green" and obj["status"] == "counterexample"
    assert obj["witness"]["palettes"]


def test_prove_table():
    result = CliRunner().invoke(cli, ["prove", "--only", "max-count/green"])
    assert result.exit_code == 0
    assert "max-count/green" in result.output and "proved" in result.output


def test_unknown_id_is_bad_input():
    result = CliRunner().invoke(cli, ["prove", "--only", "no-such-theorem"])
    assert result.exit_code == 2
    assert "unknown theorem id" in result.output
