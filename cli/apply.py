"""``arbiter apply POSITION MOVE...``: the position after the given turns, as notation or JSON."""

from __future__ import annotations

import click
from arbiter.model.red7 import explore
from arbiter.model.red7.cards import CardError
from arbiter.model.red7.game import MoveError
from arbiter.model.red7.notation import format_text, position_to_json

from .common import echo_json, fail, load


@click.command(short_help="The position after the turns MOVE... from POSITION (text or --json).")
@click.argument("position")
@click.argument("turns", metavar="MOVE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the position JSON instead of text notation.")
def apply(position: str, turns: tuple[str, ...], as_json: bool) -> None:
    """Play the turns MOVE... (each one quoted turn text, e.g. "play R7 discard B2") from POSITION (a
    file, - for stdin, inline JSON or text notation) and print the position reached."""
    pos = load(position)
    try:
        after = explore.apply(pos, *turns)
    except (MoveError, CardError) as e:
        fail(f"bad move: {e}; arbiter moves lists the legal turns")
    if as_json:
        echo_json(position_to_json(after))
    else:
        click.echo(format_text(after))
