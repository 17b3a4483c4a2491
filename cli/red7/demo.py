"""``arbiter demo``: the main job on bundled data, one library piece after another."""

from __future__ import annotations

import click
from arbiter.model.red7.match import play
from arbiter.model.red7.notation import bundled_position, parse_text
from arbiter.model.red7.ruleset import BASIC
from arbiter.solver.red7 import solve

from . import game_lines, position_lines, solution_lines

DEMO_PLAYERS, DEMO_SEED = 3, 7
DEMO_PUZZLE = "red 0 | B5 G2 V1 / Y6 | R4 / R6"  # examples/puzzles/03-keep-the-violet-one.json (not packaged)


@click.command()
def demo() -> None:
    """Explain a bundled position, play a seeded game, solve a puzzle."""
    click.echo("== A bundled position, explained (arbiter show) ==")
    click.echo("\n".join(position_lines(bundled_position("demo"))))
    click.echo(f"\n== A seeded game of random legal turns (arbiter play --players {DEMO_PLAYERS} --seed {DEMO_SEED}) ==")
    for line in game_lines(play(DEMO_PLAYERS, DEMO_SEED, BASIC)):
        click.echo(line)
    click.echo("\n== A puzzle solved exactly (arbiter solve examples/puzzles/03-keep-the-violet-one.json) ==")
    click.echo("\n".join(solution_lines(solve(parse_text(DEMO_PUZZLE)), work=False)))
