"""``arbiter value POSITION CARD``: what a Stick to Colours card adds to each collection's best score now
(the points part of issue 14's card value; its worth in refusals under best play is not built yet)."""

from __future__ import annotations

import click
from arbiter.model.stick_to_colours import CardError, fast, parse_card, scoring_spec
from arbiter.model.stick_to_colours.cards import card_code

from .common import echo_json, fail, load_any
from .stick_to_colours import card, position


@click.command()
@click.argument("position_arg", metavar="POSITION")
@click.argument("card_code_arg", metavar="CARD")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def value(position_arg: str, card_code_arg: str, as_json: bool) -> None:
    """How many points CARD (e.g. R5, gj) would add to each player's (and the bot's) best score now, in
    the Stick to Colours POSITION (a file, - for stdin, inline JSON or text notation)."""
    game, text = load_any(position_arg)
    if game != "stick-to-colours":
        fail(f"arbiter value takes a Stick to Colours position, got a {game} one")
    pos = position(text)
    try:
        c = parse_card(card_code_arg)
    except CardError as e:
        fail(f"bad card: {e}")
    spec = scoring_spec(pos.ruleset)
    rows = []
    for i, hand in enumerate(pos.hands):
        with_card = list(hand)
        with_card[c] += 1
        now, then = fast.points(hand, spec), fast.points(tuple(with_card), spec)
        rows.append({"player": "bot" if i == pos.players else i, "points": now, "with_card": then, "adds": then - now})
    if as_json:
        echo_json({"card": card_code(c), "collections": rows})
        return
    click.echo(f"{card(card_code(c))} would add, now:")
    for r in rows:
        who = "bot" if r["player"] == "bot" else f"player {r['player']}"
        click.echo(f"  {who:<9} {r['points']:>3} -> {r['with_card']:>3}   ({r['adds']:+d})")
