"""``arbiter apply POSITION MOVE...``: the position after the given turns, as notation or JSON."""

from __future__ import annotations

import click
from arbiter.model.red7 import explore
from arbiter.model.red7.cards import CardError
from arbiter.model.red7.game import MoveError
from arbiter.model.red7.notation import format_text, position_to_json

from .common import echo_json, fail, load_any, other_game, red7_position


@click.command(short_help="The position after the turns MOVE... from POSITION (text or --json).")
@click.argument("position")
@click.argument("turns", metavar="MOVE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the position JSON instead of text notation.")
def apply(position: str, turns: tuple[str, ...], as_json: bool) -> None:
    """Play the turns MOVE... (each one quoted turn text, e.g. "play R7 discard B2") from POSITION (a
    file, - for stdin, inline JSON or text notation) and print the position reached. Realms and Stick
    to Colours positions take their moves' texts as `arbiter moves` lists them."""
    game, text = load_any(position)
    if game != "red7":
        _other_apply(game, text, turns, as_json)
        return
    pos = red7_position(game, text)
    try:
        after = explore.apply(pos, *turns)
    except (MoveError, CardError) as e:
        fail(f"bad move: {str(e).replace(' (see legal_moves)', '')}; arbiter moves lists the legal turns")
    if as_json:
        echo_json(position_to_json(after))
    else:
        click.echo(format_text(after))


def _other_apply(game: str, text: str, turns: tuple[str, ...], as_json: bool) -> None:
    model, pos = other_game(game, text)
    for k, turn in enumerate(turns, 1):
        try:
            pos = model.apply(pos, turn)
        except (model.MoveError, model.PositionError, ValueError) as e:
            fail(f"bad move {k} ({turn!r}): {e}; arbiter moves lists the legal moves")
    if as_json:
        echo_json(model.position_to_json(pos))
    else:
        click.echo(model.format_text(pos))
