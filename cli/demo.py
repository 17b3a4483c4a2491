"""``arbiter demo``: the main job on bundled data, one library piece after another."""

from __future__ import annotations

import click
from arbiter.model.red7.match import play
from arbiter.model.red7.notation import bundled_position
from arbiter.model.red7.ruleset import BASIC

from .play import game_lines
from .show import render

DEMO_PLAYERS, DEMO_SEED = 3, 7


@click.command()
def demo() -> None:
    """Explain a bundled position and play a seeded game."""
    click.echo("== A bundled position, explained (arbiter show) ==")
    click.echo("\n".join(render(bundled_position("demo"))))
    click.echo(f"\n== A seeded game of random legal turns (arbiter play --players {DEMO_PLAYERS} --seed {DEMO_SEED}) ==")
    for line in game_lines(play(DEMO_PLAYERS, DEMO_SEED, BASIC)):
        click.echo(line)
