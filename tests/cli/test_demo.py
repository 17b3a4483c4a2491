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


def test_demo_solves_a_puzzle_and_explains_the_winning_line():
    import json
    from pathlib import Path

    from arbiter.cli.red7.demo import DEMO_PUZZLE
    from arbiter.model.red7.notation import parse_text, position_from_json

    out = CliRunner().invoke(cli, ["demo"]).output
    step = out[out.index("== A puzzle solved exactly"):]
    assert "Verdict: player 0 (to move) wins" in step
    assert "play G2 discard B5           win" in step
    assert "1. player 0: play G2 discard B5" in step and "round over: player 0 wins" in step
    puzzle = Path(__file__).resolve().parents[2] / "examples" / "puzzles" / "03-keep-the-violet-one.json"
    assert parse_text(DEMO_PUZZLE) == position_from_json(json.loads(puzzle.read_text())["position"])
