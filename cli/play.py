"""``arbiter play``: a seeded game of random legal turns, logged turn by turn by its game's CLI
module (Red7 with an Advanced ruleset: a whole match, ``cli/red7/``), or ``--human SEAT`` at the
terminal against bots."""

from __future__ import annotations

import sys

import click
from arbiter.model import games
from arbiter.model.games import GAMES
from arbiter.solver.bots import ALIASES, LEVELS

from .common import SEED, fail, game_cli, given
from .human import play_human

BOTS = (*LEVELS, *ALIASES)


@click.command()
@click.option("--game", "game", type=click.Choice(list(GAMES)), default=games.DEFAULT, show_default=True,
              help="Which game to play.")
@click.option("--players", type=int, help="Number of players (Red7: 2 to 4, default 2).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the deals and of the random turns.")
@click.option("--ruleset", "ruleset_text",
              help="Preset and switches, e.g. advanced or advanced+actions,final_tie=most_cards (default: the "
                   "game's default preset, for Red7 basic).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the log.")
@click.option("--human", type=int, metavar="SEAT",
              help="Play yourself from this seat (0-based) at the terminal (Red7: one round; the other games: a "
                   "whole game).")
@click.option("--bots", type=click.Choice(BOTS), default="sampled", show_default=True,
              help="With --human: how the other seats choose, each from its own seat (docs/advise.md; solver and "
                   "advise are older names of sampled).")
def play(game: str, players: int | None, seed: int, ruleset_text: str | None, as_json: bool, human: int | None,
         bots: str) -> None:
    """Play a seeded game of random legal turns and log it turn by turn (Red7 Advanced: a whole match).

    With --human SEAT, play yourself against bots, seeing only what your seat sees: type a turn (or
    its number), hint (advice for your view), undo (take back your last turn) or quit."""
    if human is None and given(click.get_current_context(), "bots"):
        fail("--bots chooses how the other seats play against --human SEAT; without --human every turn is random")
    if human is not None:
        if as_json:
            fail("--human plays at the terminal; it has no --json log")
        cli = game_cli(game)
        if not hasattr(cli, "human_deal"):  # no bots and no seat views for this game yet (bridge)
            fail(f"--human is not built for {games.info(game).name}: its seats have no bots to play against")
        start = cli.human_deal(players, seed, ruleset_text)
        if not 0 <= human < start.players:
            fail(f"bad --human: a seat 0 to {start.players - 1}, got {human}")
        try:
            play_human(start, human, bots, seed, game)
        except KeyboardInterrupt:
            click.echo("\narbiter: interrupted", err=True)
            sys.exit(130)
        return
    game_cli(game).play(players, seed, ruleset_text, as_json)
