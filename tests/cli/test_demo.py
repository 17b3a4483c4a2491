"""``arbiter demo``: the bundled position explained, then a seeded game played."""

import subprocess
import sys

from arbiter.cli.main import cli
from click.testing import CliRunner


def test_demo_explains_the_bundled_position_and_plays_a_game():
    result = CliRunner().invoke(cli, ["demo"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("== A bundled position, explained") < out.index("== A seeded game")
    assert "Canvas: yellow   player 0 to move" in out
    assert "Winning under each rule" in out
    assert "Round 1: red " in out and "Game over" in out
    assert out == CliRunner().invoke(cli, ["demo"]).output  # seeded


def test_demo_runs_from_the_installed_package_outside_the_repo(tmp_path):
    """The demo finds its bundled data through the package, whatever the working directory."""
    done = subprocess.run([sys.executable, "-m", "arbiter.cli", "demo"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and "Game over" in done.stdout
