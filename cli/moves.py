"""``arbiter moves POSITION``: the legal turns of the player to move and what each does."""

from __future__ import annotations

import click
from arbiter.model import games

from .common import echo_json, finished, finished_json, game_cli, game_position, load_any, other_game, turn_in_progress


@click.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object: the position and every turn.")
def moves(position: str, as_json: bool) -> None:
    """List the legal turns in POSITION (a file, - for stdin, inline JSON or text notation), each
    with what it does: the rule after it, the mover's Palette, cards drawn or taken, who goes out.
    A Realms or Stick to Colours position lists its legal moves (their texts, as `apply` takes them)."""
    game, text = load_any(position, in_turn=True)
    if (mid := turn_in_progress(game, text)) is not None:
        _steps_left(game, mid, as_json)
        return
    _, pos = game_position(game, text)
    if (over := finished(game, pos)) is not None:
        if as_json:
            echo_json({**finished_json(game, pos, over), "moves": []})
        else:
            click.echo(f"{over}; no move is left")
        return
    if (own := getattr(game_cli(game), "list_moves", None)) is not None:
        own(pos, as_json)  # a game that says more of each move (Red7: what each turn does)
        return
    _other_moves(game, text, as_json)


def _steps_left(game: str, mid: object, as_json: bool) -> None:
    """A turn in progress: the steps that may come next (docs/notation.md, "Steps")."""
    steps = games.model(game).steps
    left = steps.steps(mid)
    if as_json:
        echo_json({"game": game, "position": steps.format_text(mid), "steps": left})
        return
    click.echo(f"a turn in progress: {len(left)} possible next step{'s' * (len(left) != 1)} (arbiter apply takes one)")
    for s in left:
        click.echo(f"  {s}")


def _other_moves(game: str, text: str, as_json: bool) -> None:
    model, pos = other_game(game, text)
    moves = [str(m) for m in model.legal_moves(pos)]
    chance = len(model.chance_outcomes(pos)) if not moves else 0
    if as_json:
        echo_json({"game": game, "position": model.format_text(pos), "moves": moves, "chance_outcomes": chance})
        return
    if chance:
        click.echo(f"no move: a chance event comes next ({chance} outcomes)")
        return
    click.echo(f"{len(moves)} legal move{'s' * (len(moves) != 1)}")
    for m in moves:
        click.echo(f"  {m}")
