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
    result = CliRunner().invoke(cli, ["prove", "--only", "always-winner"])
    assert result.exit_code == 0
    header, *rows, summary = result.output.splitlines()
    assert header.split()[:3] == ["theorem", "status", "seconds"]
    assert [r.split()[0] for r in rows] == [f"always-winner/{c}" for c in
                                            ("red", "orange", "yellow", "green", "blue", "indigo", "violet")]
    assert "counterexample" in rows[3] and '"palettes"' in rows[3]
    assert summary.startswith("7 theorems, all as expected, ")


def test_unexpected_result_exits_1(monkeypatch):
    from arbiter.proofs.red7 import theorems
    from arbiter.proofs.red7.theorems import PROVED, Theorem

    wrong = Theorem("fake/claim", "A claim whose check refutes it", "none", PROVED,
                    lambda: ("counterexample", {"palettes": [["R7"]]}))
    monkeypatch.setattr(theorems, "catalogue", lambda: [wrong])
    result = CliRunner().invoke(cli, ["prove"])
    assert result.exit_code == 1
    assert "(expected proved)" in result.output and "1 not as expected: fake/claim" in result.output


def test_unknown_id_is_bad_input():
    result = CliRunner().invoke(cli, ["prove", "--only", "no-such-theorem"])
    assert result.exit_code == 2
    assert "unknown theorem id 'no-such-theorem'" in result.output and "Traceback" not in result.output
