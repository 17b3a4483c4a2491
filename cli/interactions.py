"""``arbiter interactions``: bounded rule-interaction queries (never-deciding cards, cards that
never win, turns never needed to win, interacting reading switches) over a stated scope, cached."""

from __future__ import annotations

import importlib
from pathlib import Path

import click
from arbiter.model import games
from arbiter.proofs.cache import Cache, default_dir
from arbiter.proofs.queries import SCOPE_NAMES

from . import workers
from .common import SEED, echo_json, game_cli

# The games whose proofs package has an ``interactions`` module (``find``, ``SCOPES``); the text of a
# run is written by the game's CLI module (``interactions_text``).
QUERIED = [g for g in games.GAMES if games.exists(games.info(g).module("proofs") + ".interactions")]


@click.command()
@click.option("--game", type=click.Choice(QUERIED), default=games.DEFAULT, show_default=True,
              help="Whose rules to query.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object: never_decides plus the query results.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the card pool and the samples.")
@click.option("--scope", type=click.Choice(SCOPE_NAMES), default="small", show_default=True,
              help="How many positions the queries look at.")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Cache directory (default $ARBITER_CACHE_DIR, else $XDG_CACHE_HOME/arbiter or ~/.cache/arbiter).")
@click.option("--no-cache", is_flag=True, help="Recompute everything (and refresh the cache).")
@workers.options("positions solved")
def interactions(game: str, as_json: bool, seed: int, scope: str, cache_dir: Path | None, no_cache: bool, jobs: int,
                 scheduler: str | None) -> None:
    """Rule interactions within a stated scope: cards that never decide or never win, turns that
    are never the only way to win, pairs of reading switches that interact. With --game realms:
    cards that never win per reading, Specials that never matter, trick readings that change the
    winner only together."""
    def progress(message: str) -> None:
        click.echo(f"interactions: {message}", err=True)

    search = importlib.import_module(games.info(game).module("proofs") + ".interactions").find
    text = game_cli(game).interactions_text
    with workers.pieces(jobs, scheduler) as runner:
        run = search(scope, seed, Cache(cache_dir or default_dir()), progress, refresh=no_cache, pieces=runner)
    progress(f"{'read from the cache' if run.cached else 'computed'} in {run.seconds:.1f} s")
    if as_json:
        echo_json(run.data)
    else:
        click.echo("\n".join(text(run.data)))
