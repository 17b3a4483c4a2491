"""``arbiter interactions``: text and JSON output, the cache directory, exit 0."""

import json

from arbiter.cli.main import cli
from arbiter.proofs.red7 import interactions as I
from click.testing import CliRunner

TINY = I.Scope("small", pool=4, hands=(1,), palettes=(1,), limit=10_000, actions=40, pairs=15, max_nodes=20_000)


def _setup(monkeypatch):
    monkeypatch.setitem(I.SCOPES, "small", TINY)
    monkeypatch.setattr(I, "_never_decides", lambda: {"red": ["R1"]})


def test_json_and_cache(tmp_path, monkeypatch):
    _setup(monkeypatch)
    args = ["interactions", "--json", "--seed", "2", "--cache-dir", str(tmp_path)]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["never_decides"] == {"red": ["R1"]}
    assert {"never_wins", "never_needed", "switch_pairs", "scope", "seed"} <= set(data)
    assert "computed" in first.stderr and list(tmp_path.glob("interactions-*.json"))
    second = CliRunner().invoke(cli, args)
    assert "read from the cache" in second.stderr and json.loads(second.stdout) == data
    third = CliRunner().invoke(cli, [*args, "--no-cache"])
    assert "computed" in third.stderr and json.loads(third.stdout) == data


def test_text_and_env_cache_dir(tmp_path, monkeypatch):
    _setup(monkeypatch)
    monkeypatch.setenv("ARBITER_CACHE_DIR", str(tmp_path))
    result = CliRunner().invoke(cli, ["interactions"])
    assert result.exit_code == 0
    assert "Cards that never win" in result.stdout and "Reading switches" in result.stdout
    assert list(tmp_path.glob("interactions-*.json"))
