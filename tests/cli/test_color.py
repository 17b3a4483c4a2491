"""Colour: cards are drawn in their colours on a terminal only, never under NO_COLOR or TERM=dumb,
and --color / --no-color (before or after the command) say so outright."""

import os
import pty
import subprocess
import sys

import pytest
from arbiter.cli.main import cli
from click.testing import CliRunner

POSITION = "red 0 | R7 O3 / Y4 | B2 / V6"
ESC = "\x1b["


def on_a_terminal(args, **env):
    """What ``arbiter ARGS`` prints when its stdout is a terminal (a pseudo-terminal here)."""
    main, child = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")} | {"TERM": "xterm"} | env
    proc = subprocess.Popen([sys.executable, "-m", "arbiter.cli", *args], stdout=child, stderr=subprocess.PIPE,
                            env=environment)
    os.close(child)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other end is closed: all was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    return b"".join(chunks).decode()


def test_a_terminal_gets_colour_unless_the_environment_says_no():
    assert ESC in on_a_terminal(["show", POSITION])
    assert ESC not in on_a_terminal(["show", POSITION], NO_COLOR="1")
    assert ESC not in on_a_terminal(["show", POSITION], TERM="dumb")
    assert ESC in on_a_terminal(["show", POSITION], NO_COLOR="")  # set but empty: no request (no-color.org)


@pytest.mark.parametrize("args", [["--no-color", "show", POSITION], ["show", "--no-color", POSITION]])
def test_no_color_turns_it_off_on_a_terminal(args):
    assert ESC not in on_a_terminal(args)


@pytest.mark.parametrize("args", [["--color", "show", POSITION], ["show", POSITION, "--color"],
                                  ["solve", "--color", "red 0 | B5 G2 / Y6 | R4 / R6"]])
def test_color_turns_it_on_in_a_pipe(args):
    piped = subprocess.run([sys.executable, "-m", "arbiter.cli", *args], capture_output=True, text=True, timeout=60,
                           check=True, env={k: v for k, v in os.environ.items() if k != "NO_COLOR"})
    assert ESC in piped.stdout
    plain = subprocess.run([sys.executable, "-m", "arbiter.cli", *[a for a in args if a != "--color"]],
                           capture_output=True, text=True, timeout=60, check=True)
    assert ESC not in plain.stdout


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
def test_the_environment_turns_colour_off_where_click_would_keep_it(env):
    # CliRunner(color=True) stands for a terminal that keeps colour codes.
    assert ESC in CliRunner().invoke(cli, ["show", POSITION], color=True, env={"NO_COLOR": None}).output
    assert ESC not in CliRunner().invoke(cli, ["show", POSITION], color=True, env=env).output
    assert ESC in CliRunner().invoke(cli, ["--color", "show", POSITION], env=env).output  # asked outright


def test_every_command_and_subcommand_takes_the_colour_options():
    from arbiter.cli.commands import COMMANDS

    ctx = cli.make_context("arbiter", ["games"])
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        for leaf in [command, *getattr(command, "commands", {}).values()]:
            assert "--no-color" in {o for p in leaf.params for o in p.secondary_opts}, leaf.name
