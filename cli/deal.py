"""``arbiter deal``: a fresh seeded position (notation or JSON), the start of a shell pipeline."""

from __future__ import annotations

import click
from arbiter.model import games
from arbiter.model.games import GAMES

from .common import SEED, echo_json, fail, game_cli


@click.command()
@click.option("--game", "game", type=click.Choice(list(GAMES)), default=games.DEFAULT, show_default=True,
              help="Which game to deal.")
@click.option("--players", type=int, help="Number of players (Red7: 2 to 4, default 2; the others: their own default).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the shuffle.")
@click.option("--ruleset", "ruleset_text", help="Preset and switches, e.g. actions or advanced+actions,final_tie=most_cards "
              "(default: the game's default preset, for Red7 basic).")
@click.option("--json", "as_json", is_flag=True, help="Print the position JSON instead of text notation.")
def deal(game: str, players: int | None, seed: int, ruleset_text: str | None, as_json: bool) -> None:
    """Deal a fresh position (Red7: 7 cards a hand, 1 a Palette, the rest the deck, Canvas red; the
    other games as their rules deal).

    \b
    arbiter deal --seed 3 | arbiter apply - "play R7" | arbiter solve -"""
    if (own := getattr(game_cli(game), "deal_position", None)) is not None:
        own(players, seed, ruleset_text, as_json)  # a game whose deal takes its own options (Red7's presets)
        return
    _deal_other(game, players, seed, ruleset_text, as_json)


def _deal_other(game: str, players: int | None, seed: int, ruleset_text: str | None, as_json: bool) -> None:
    info, model = games.info(game), games.model(game)
    if players is not None and players not in info.players:
        fail(f"bad --players: {info.name} takes {', '.join(map(str, info.players))} players, got {players}")
    try:
        rules = model.Ruleset.parse(ruleset_text) if ruleset_text is not None else model.Ruleset()
    except model.RulesetError as e:
        fail(f"bad --ruleset: {e}")
    pos = model.deal(seed=seed, ruleset=rules) if players is None else model.deal(players, seed, rules)
    if as_json:
        echo_json(model.position_to_json(pos))
    else:
        click.echo(model.format_text(pos))
