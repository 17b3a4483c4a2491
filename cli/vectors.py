"""``arbiter vectors export DIR``: write a game's conformance vectors (or, with --check, verify that
DIR holds exactly what a fresh generation writes)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click
from arbiter.checker.games import DEFAULT_GAME, PLUGINS
from arbiter.checker.games import plugin as game_plugin
from arbiter.checker.vectors import INDEX, stale
from arbiter.checker.vectors import export as write_vectors
from arbiter.model import games

from .common import fail, writable_dir


@click.group()
def vectors() -> None:
    """Language-neutral conformance vectors for engines (see docs/conformance.md)."""


@vectors.command()
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--game", default=DEFAULT_GAME, show_default=True, type=click.Choice(sorted(PLUGINS)),
              help="The game whose vectors are written.")
@click.option("--check", "only_check", is_flag=True, help="Write nothing; exit 1 if DIR is out of date.")
def export(directory: str, game: str, only_check: bool) -> None:
    """Write every vector file and index.json of a game under DIRECTORY (conformance/<game>/ in
    the repository)."""
    plugin = game_plugin(game)
    try:
        if only_check:
            held = _game_held(directory)
            if held not in (None, game):
                click.echo(f"{directory}: holds the vectors of {held}, not of {game}; check them with "
                           f"arbiter vectors export --check {shlex.quote(directory)} --game {held}")
                click.get_current_context().exit(1)
            old = stale(directory, plugin)
            for path in old:
                click.echo(f"out of date: {path}")
            again = f"arbiter vectors export {shlex.quote(directory)}" + (f" --game {game}" if game != DEFAULT_GAME else "")
            state = f"out of date, run {again}" if old else "up to date"
            click.echo(f"{directory}: {state}")
            click.get_current_context().exit(1 if old else 0)
        writable_dir(directory)  # before the generation, which takes a while
        try:
            written, removed = write_vectors(directory, plugin)
        except OSError as e:
            fail(f"cannot write vectors to {directory!r}: {e.strerror or e}")
    except KeyboardInterrupt:
        click.echo("arbiter: interrupted", err=True)
        click.get_current_context().exit(130)
    for path in removed:
        click.echo(f"removed {path} (a vector file the generation no longer writes)")
    click.echo(f"wrote {len(written)} files under {directory}")


def _game_held(directory: str) -> str | None:
    """The game an existing vector folder's index names (None when it has no readable index)."""
    try:
        index = games.read_json((Path(directory) / INDEX).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return index.get("game", DEFAULT_GAME) if isinstance(index, dict) else None
