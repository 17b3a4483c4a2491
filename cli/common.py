"""Helpers shared by the CLI commands: loading input or failing with one line (exit 2), JSON
output, and cards rendered in their colours."""

from __future__ import annotations

import json
import sys
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
    """The game and the text of a POSITION argument (file, ``-``, inline JSON or text), or fail."""
    try:
        text = games.read_text(arg, sys.stdin)
        return games.game_of_text(text), text
    except games.UnknownGame as e:
        fail(f"bad position: game: {e}")
    except ValueError as e:
        fail(f"bad position: position: {e}")


def game_cli(game: str):
    """The CLI module of a game other than Red7 (``GameInfo.cli``), or fail when it is not built."""
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
        fail(f"bad position: {e}")


def ruleset(text: str) -> Ruleset:
    """A ruleset option (``advanced`` or ``advanced,final_tie=most_cards``), or fail."""
    try:
        return Ruleset.parse(text)
    except RulesetError as e:
        fail(f"bad --ruleset: {e}")


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
