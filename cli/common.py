"""Helpers shared by the CLI commands: loading input or failing with one line (exit 2), JSON
output, and cards rendered in their colours."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click
from arbiter.model.red7.cards import COLOURS, CardMask, codes
from arbiter.model.red7.game import Position, PositionError
from arbiter.model.red7.notation import load_position
from arbiter.model.red7.ruleset import Ruleset, RulesetError

EXIT_BAD_INPUT = 2

# 256-colour terminal codes; the basic 8 colours have no orange, indigo or violet.
_FG = dict(zip(COLOURS, (196, 208, 226, 40, 33, 63, 171), strict=True))


def fail(message: str) -> NoReturn:
    """Report bad input on one stderr line and exit 2."""
    click.echo(f"arbiter: {message}", err=True)
    click.get_current_context().exit(EXIT_BAD_INPUT)


def load(arg: str) -> Position:
    """The position named by a POSITION argument (file, ``-``, inline JSON or text), or fail."""
    try:
        return load_position(arg, sys.stdin)
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
