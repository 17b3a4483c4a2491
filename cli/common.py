"""Helpers shared by the CLI commands: loading input or failing with one line (exit 2), bounded
count and time options, output paths checked before the work, JSON output, and cards rendered in
their colours."""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from pathlib import Path
from typing import Any, NoReturn

import click
from arbiter.model import games
from arbiter.model.steps import Midturn, has_turn

from . import puzzle
from .plain import EXIT_BAD_INPUT, finished, turn_section  # noqa: F401 - the commands read finished from here
from .plain import winners as _winners


def fail(message: str) -> NoReturn:
    """Report bad input on one stderr line and exit 2."""
    click.echo(f"arbiter: {message}", err=True)
    click.get_current_context().exit(EXIT_BAD_INPUT)


def load_any(arg: str, in_turn: bool = False) -> tuple[str, str]:
    """The game and the text of a POSITION argument (file, ``-``, inline JSON or text, or a puzzle
    file of examples/puzzles: its ``position`` object), or fail. A turn in progress (``apply``'s
    ``turn`` section) fails with its own message unless ``in_turn`` (the commands that take one), and
    a malformed turn section with what is wrong with it, for every command alike."""
    try:
        if (found := puzzle.read(arg)) is not None:
            game, text = games.game_of_json(found["position"]), json.dumps(found["position"])
        else:
            text = games.read_text(arg, sys.stdin)
            game = games.game_of_text(text)
    except games.UnknownGame as e:
        fail(f"bad position: game: {e}")
    except ValueError as e:
        fail(f"bad position: position: {e}")
    if (section := turn_section(game, text, in_turn)) is not None:
        fail(f"bad position: {section}")
    return game, text


def other_game(game: str, text: str) -> tuple[Any, Any]:
    """(model module, position) of a position of a game other than Red7, or fail naming the field."""
    model = games.model(game)
    try:
        return model, model.parse_position(text)
    except model.PositionError as e:
        fail(f"bad position: {e}")


def turn_in_progress(game: str, text: str) -> Any:
    """The ``Midturn`` a POSITION text holds (a turn in progress, as ``apply`` prints it with its
    ``turn`` section), else None; fail naming the field when the position before the section is bad."""
    if not has_turn(text):
        return None
    try:
        state = games.model(game).steps.parse_state(text)
    except ValueError as e:
        fail(f"bad position: {e}")
    return state if isinstance(state, Midturn) else None


def game_position(game: str, text: str) -> tuple[Any, Any]:
    """(model module, position) of a POSITION text of any game, or fail naming the field."""
    if (own := getattr(game_cli(game), "read_position", None)) is not None:
        return games.model(game), own(game, text)  # a game with messages of its own (Red7: a view is named)
    return other_game(game, text)


def finished_json(game: str, pos: Any, text: str) -> dict[str, Any]:
    """What ``--json`` says of a finished position (``text`` is ``finished``'s sentence)."""
    own = getattr(game_cli(game), "over", None)
    result = own(pos)[1] if own is not None else {"winners": list(_winners(pos))}
    return {"game": game, "result": "over", **result, "verdict": text}


def game_cli(game: str):
    """The CLI module of a game (``arbiter.cli.<package>``: ``cli/red7/``, ``cli/realms.py``, ...), or fail when it is not built."""
    try:
        return games.layer(game, "cli")
    except games.UnknownGame as e:
        fail(str(e))


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option ``name`` was given (on the command line or by its environment variable),
    not left at its default: an option that only works with another is refused when given alone."""
    source = ctx.get_parameter_source(name)
    return source is not None and source not in (click.core.ParameterSource.DEFAULT,
                                                 click.core.ParameterSource.DEFAULT_MAP)


def count(high: int, low: int = 1) -> click.IntRange:
    """The type of a count option (games, jobs, cases, nodes, players): an int from ``low`` to
    ``high``, so an absurd value is one line of bad input, never minutes of work or unbounded memory."""
    return click.IntRange(low, high)


# A seed: 0 up. Python's random takes a negative seed as its absolute value, so -3 would quietly
# repeat seed 3's output; refused instead.
SEED = click.IntRange(0, 2**63 - 1)


class Seconds(click.FloatRange):
    """A time limit in seconds: a finite number above ``low`` (``nan`` and ``inf`` are no limits)."""

    name = "seconds"

    def __init__(self, low: float = 0.0, high: float = 86_400.0) -> None:
        super().__init__(low, high, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        seconds = float(super().convert(value, param, ctx))
        if not math.isfinite(seconds):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        return seconds


def read_text(path: str, what: str) -> str:
    """The text of the file ``path`` (``-``: standard input), or one line naming ``what`` could not
    be read and why (exit 2)."""
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {what} {path!r}: {getattr(e, 'strerror', None) or e}")


def writable_file(path: str, option: str = "--out") -> Path:
    """``path`` once it is known to be writable as an output file, or fail (one line, exit 2): run
    before any long work. A zero-byte write catches a full device (``/dev/full``); a file that did
    not exist is created and removed again, one that did is left as it was."""
    if not path.strip():
        fail(f"bad {option}: an empty file name")
    target = Path(path)
    if target.is_dir():
        fail(f"bad {option}: {path!r} is a directory")
    existed = target.exists()
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o666)
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                fail(f"bad {option}: {path!r} is a pipe; give a file")
            os.write(fd, b"")
        finally:
            os.close(fd)
    except OSError as e:
        fail(f"bad {option}: cannot write {path!r}: {e.strerror}")
    if not existed:
        target.unlink(missing_ok=True)
    return target


def writable_dir(path: str, option: str = "DIRECTORY") -> Path:
    """``path`` once it is known to be a directory files can be written in, or fail. A missing one
    is made, but only in a folder that exists (as ``mkdir`` does without ``-p``): a mistyped path
    is an error, not a tree of new folders."""
    if not path.strip():
        fail(f"bad {option}: an empty directory name")
    target = Path(path)
    parent = target.absolute().parent
    if not target.exists() and not parent.is_dir():
        fail(f"bad {option}: {str(parent)!r} does not exist (make it first to write in {path!r})")
    try:
        target.mkdir(exist_ok=True)
    except OSError as e:
        fail(f"bad {option}: cannot make directory {path!r}: {e.strerror or e}")
    probe = target / ".arbiter-write-test"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        fail(f"bad {option}: cannot write in {path!r}: {e.strerror}")
    return target


def echo_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2))


def pad(styled: str, width: int) -> str:
    """Left-justify text that may hold colour codes, by its visible width."""
    return styled + " " * max(0, width - len(click.unstyle(styled)))
