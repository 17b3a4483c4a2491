"""``arbiter deal``: a fresh seeded position (notation or JSON), the start of a shell pipeline."""

from __future__ import annotations

from collections.abc import Callable

import click
from arbiter.model.red7 import explore
from arbiter.model.red7.notation import format_text, position_to_json

from .common import echo_json, fail
from .common import ruleset as parse_ruleset


def deal_options(seed_help: str) -> Callable:
    """The --players, --seed and --ruleset options of a command that deals (``deal``, ``play``)."""
    def add(f: Callable) -> Callable:
        f = click.option("--ruleset", "ruleset_text", default="basic", show_default=True,
                         help="Preset and switches, e.g. actions or advanced+actions,final_tie=most_cards.")(f)
        f = click.option("--seed", type=int, default=0, show_default=True, help=seed_help)(f)
        return click.option("--players", type=int, default=2, show_default=True, help="Number of players, 2 to 4.")(f)
    return add


def check_players(players: int) -> None:
    if not 2 <= players <= 4:
        fail(f"bad --players: Red7 takes 2 to 4 players, got {players}")


@click.command()
@deal_options("Seed of the shuffle.")
@click.option("--json", "as_json", is_flag=True, help="Print the position JSON instead of text notation.")
def deal(players: int, seed: int, ruleset_text: str, as_json: bool) -> None:
    """Deal a fresh position: 7 cards a hand, 1 a Palette, the rest the deck, Canvas red.

    \b
    arbiter deal --seed 3 | arbiter apply - "play R7" | arbiter solve -"""
    check_players(players)
    pos = explore.deal(players, seed, parse_ruleset(ruleset_text))
    if as_json:
        echo_json(position_to_json(pos))
    else:
        click.echo(format_text(pos))
