"""``arbiter apply POSITION MOVE...``: the position after the given turns or steps, as notation or JSON."""

from __future__ import annotations

import click
from arbiter.model import games
from arbiter.model.steps import apply_either

from .common import echo_json, fail, game_cli, load_any

# How a refused move is told, unless the game's CLI module says it its own way (BAD_MOVE).
BAD_MOVE = "bad move {k} ({turn!r}): {message}; arbiter moves lists the legal moves"


@click.command(short_help="The position after the turns MOVE... from POSITION (text or --json).")
@click.argument("position")
@click.argument("turns", metavar="MOVE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the position JSON instead of text notation.")
def apply(position: str, turns: tuple[str, ...], as_json: bool) -> None:
    """Play the turns MOVE... (each one quoted turn text, e.g. "play R7 discard B2") from POSITION (a
    file, - for stdin, inline JSON or text notation) and print the position reached. A MOVE may be a
    step (docs/notation.md, "Steps"): "play R3 draw ..." gives a turn in progress, printed with its
    "| turn ..." section, from which the next MOVE goes on ("discard B2"). Realms and Stick to
    Colours positions take their moves' texts as `arbiter moves` lists them."""
    game, text = load_any(position, in_turn=True)
    model, cli = games.model(game), game_cli(game)
    steps = model.steps
    try:
        state = steps.parse_state(text)
    except model.PositionError as e:
        if getattr(cli, "is_view", lambda _: False)(text):
            fail("this command takes a whole position (every card shown); this is a view, which advise takes")
        fail(f"bad position: {e}")
    for k, turn in enumerate(turns, 1):
        try:
            state = apply_either(steps, model.apply, state, turn, (model.MoveError, ValueError))
        except (model.MoveError, ValueError) as e:
            message = str(e).replace(" (see legal_moves)", "")
            fail(getattr(cli, "BAD_MOVE", BAD_MOVE).format(k=k, turn=turn, message=message))
    if as_json:
        echo_json(steps.state_to_json(state))
    else:
        click.echo(steps.format_text(state))
