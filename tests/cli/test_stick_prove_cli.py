"""``arbiter prove --game stick-to-colours``: the table, JSON with the witness's line, bad ids."""

import json

from arbiter.cli.main import cli
from click.testing import CliRunner


def test_prove_stick_json_has_a_replayable_line():
    result = CliRunner().invoke(cli, ["prove", "--game", "stick-to-colours", "--json", "--only", "stick/endless"])
    assert result.exit_code == 0, result.output
    (obj,) = json.loads(result.output)
    assert obj["id"] == "stick/endless/never" and obj["status"] == obj["expected"] == "witness"
    assert obj["witness"]["line"] == ["pass", "pass"] and obj["kind"] == "bounded"


def test_prove_stick_table_and_bad_id():
    result = CliRunner().invoke(cli, ["prove", "--game", "stick-to-colours", "--only", "stick/monotone"])
    assert result.exit_code == 0
    header, row, summary = result.output.splitlines()
    assert header.split()[:3] == ["theorem", "status", "seconds"] and row.split()[:2] == ["stick/monotone", "proved"]
    assert summary.startswith("1 theorem, all as expected")
    bad = CliRunner().invoke(cli, ["prove", "--game", "stick-to-colours", "--only", "monotone"])
    assert bad.exit_code == 2 and "unknown theorem id" in bad.output
