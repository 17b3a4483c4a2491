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
from arbiter.model.red7.cards import COLOURS, CardMask, codes
from arbiter.model.red7.game import Position, PositionError
from arbiter.model.red7.notation import parse_position
from arbiter.model.red7.ruleset import Ruleset, RulesetError

EXIT_BAD_INPUT = 2

# 256-colour terminal codes; the basic 8 colours have no orange, indigo or violet.
_FG = dict(zip(COLOURS, (196, 208, 226, 40, 33, 63, 171), strict=True))


def fail(message: str) -> NoReturn:
    """Report bad input on one stderr line and exit 2."""
    click.echo(f"arbiter: {message}", err=True)
    click.get_current_context().exit(EXIT_BAD_INPUT)


def load_any(arg: str) -> tuple[str, str]:
    """The game and the text of a POSITION argument (file, ``-``, inline JSON or text, or a puzzle
    file of examples/puzzles: its ``position`` object), or fail."""
    try:
        if (puzzle := _puzzle_position(arg)) is not None:
            return games.game_of_json(puzzle), json.dumps(puzzle)
        text = games.read_text(arg, sys.stdin)
        return games.game_of_text(text), text
    except games.UnknownGame as e:
        fail(f"bad position: game: {e}")
    except ValueError as e:
        fail(f"bad position: position: {e}")


def _puzzle_position(arg: str) -> dict | None:
    """The ``position`` object of a puzzle file (a JSON object with ``position`` and ``answer``), or
    None when ``arg`` names none (any other file is read as a position, and its errors said then)."""
    path = Path(arg)
    if path.suffix != ".json" or not path.is_file():
        return None
    try:
        obj = games.read_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict) and "answer" in obj:
        return obj["position"]
    return None


def other_game(game: str, text: str) -> tuple[Any, Any]:
    """(model module, position) of a position of a game other than Red7, or fail naming the field."""
    model = games.model(game)
    try:
        return model, model.parse_position(text)
    except model.PositionError as e:
        fail(f"bad position: {e}")


def game_cli(game: str):
    """The CLI module of a game other than Red7 (``arbiter.cli.<package>``), or fail when it is not built."""
    try:
        return games.layer(game, "cli")
    except games.UnknownGame as e:
        fail(str(e))


def load(arg: str) -> Position:
    """The Red7 position named by a POSITION argument (file, ``-``, inline JSON or text), or fail."""
    return red7_position(*load_any(arg))


def red7_position(game: str, text: str) -> Position:
    """The Red7 position of a text ``load_any`` read, or fail (also when it is another game's)."""
    if game != "red7":
        fail(f"this command takes a Red7 position, got a {games.info(game).name} one")
    try:
        return parse_position(text)
    except PositionError as e:
        if is_view(text):
            fail("this command takes a whole position (every card shown); this is a view, which advise takes")
        fail(f"bad position: {e}")


def is_view(text: str) -> bool:
    """Whether ``text`` is a Red7 view (a position with hidden hands or a Canvas pile)."""
    from arbiter.model.red7.view import parse_view

    try:
        parse_view(text)
    except PositionError:
        return False
    return True


def ruleset(text: str) -> Ruleset:
    """A ruleset option (``advanced`` or ``advanced,final_tie=most_cards``), or fail."""
    try:
        return Ruleset.parse(text)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")


def count(high: int, low: int = 1) -> click.IntRange:
    """The type of a count option (games, jobs, cases, nodes, players): an int from ``low`` to
    ``high``, so an absurd value is one line of bad input, never minutes of work or unbounded memory."""
    return click.IntRange(low, high)


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
    """``path`` once it is known to be a directory files can be written in (made if missing), or fail."""
    if not path.strip():
        fail(f"bad {option}: an empty directory name")
    target = Path(path)
    try:
        target.mkdir(parents=True, exist_ok=True)
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


def card(code: str) -> str:
    return click.style(code, fg=_FG[code[0]], bold=True)


def cards(mask: CardMask, empty: str = "-") -> str:
    """Cards strongest first, each in its colour; ``empty`` for none."""
    return " ".join(card(c) for c in codes(mask)) or empty


def pad(styled: str, width: int) -> str:
    """Left-justify text that may hold colour codes, by its visible width."""
    return styled + " " * max(0, width - len(click.unstyle(styled)))
