"""``arbiter show POSITION``: the position drawn and explained, by its game's CLI module (Red7: who
is winning under each of the seven rules and why, and the number of legal turns; ``cli/red7/``)."""

from __future__ import annotations

import click

from .common import game_cli, load_any


@click.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def show(position: str, as_json: bool) -> None:
    """Draw POSITION (a file, - for stdin, inline JSON or text notation) and say who is winning
    under each of the seven rules, and why (for another game, what that game's show draws)."""
    game, text = load_any(position)
    game_cli(game).show(text, as_json)
