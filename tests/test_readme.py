"""The README's Quick start holds exactly two commands, and every command of its tour runs."""

import re
import shlex
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TOUR = [line[2:] for block in re.findall(r"```console\n(.*?)```", README, re.DOTALL)
        for line in block.splitlines() if line.startswith("$ arbiter ")]


def test_quick_start_holds_two_commands_install_and_test():
    section = re.search(r"^## Quick start$(.*?)(?=^## )", README, re.MULTILINE | re.DOTALL).group(1)
    blocks = re.findall(r"```[a-z]*\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 2
    assert "arbiter demo" in blocks[0] and "pip install" in blocks[0]
    assert ".[test]" in blocks[1] and "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -q ".[test]"' in ci and "python -m pytest" in ci


@pytest.mark.parametrize("command", TOUR)
def test_tour_command_runs(command, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = shlex.split(command.replace("/tmp/", f"{tmp_path}/"))[1:]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    # A command that drives the sample engine's deliberate bug must find it (exit 1).
    assert result.exit_code == (1 if "--bug" in command else 0), result.output
    if "--out" in args or "export" in args:
        written = Path(args[args.index("--out") + 1] if "--out" in args else args[-1])
        assert written.exists() and (written.is_dir() or written.stat().st_size > 0)
    else:
        assert result.output.strip()


def test_test_modules_have_unique_basenames():
    """pytest (rootdir import mode) cannot collect two test modules of one basename."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
