"""``arbiter value POSITION CARD``: what a Stick to Colours card adds to each collection's best score now,
and what it is worth in refusals to the player to move in the current auction under best play."""

from __future__ import annotations

import sys

import click
from arbiter.model.stick_to_colours import CardError, PositionError, fast, legal_moves, parse_card, scoring_spec
from arbiter.model.stick_to_colours.cards import card_code
from arbiter.solver.stick_to_colours import bid_for, solve

from ..common import Seconds, count, echo_json, fail, load_any
from ..solve import EXIT_UNKNOWN, MAX_NODES
from . import card, position


def _biddable(pos, code: str) -> str | None:
    """Why the player to move cannot bid for the card now, or None when they can."""
    if pos.is_over:
        return "the game is over"
    if pos.ruleset.market_clear == "never":
        return "with market_clear=never a game need not end, so there is no best play to solve"
    if any((got := bid_for(pos, m)) and got[0] == code for m in legal_moves(pos)):
        return None
    if pos.auction is not None and str(pos.auction.lot)[:2] != code:
        return f"the auction in progress is for {str(pos.auction.lot)[:2]}"
    return f"player {pos.to_move} may not bid for {code} now (not on the market, or their X lies on it)"


@click.command()
@click.argument("position_arg", metavar="POSITION")
@click.argument("card_code_arg", metavar="CARD")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--max-nodes", type=count(MAX_NODES), help="Stop the refusals search after this many nodes (unknown).")
@click.option("--timeout", type=Seconds(), help="Stop the refusals search after this many seconds (unknown).")
def value(position_arg: str, card_code_arg: str, as_json: bool, max_nodes: int | None, timeout: float | None) -> None:
    """How many points CARD (such as R5 or gj) would add to each player's (and the bot's) best score now, in
    the Stick to Colours POSITION (a file, - for stdin, inline JSON or text notation), and how many
    refusals it is worth to the player to move: the largest bid for it that does as well, under best
    play to the end of the game, as letting it go. Exit 1 when a limit stopped that search."""
    game, text = load_any(position_arg)
    if game != "stick-to-colours":
        fail(f"arbiter value takes a Stick to Colours position, got a {game} one")
    pos = position(text)
    try:
        c = parse_card(card_code_arg)
    except CardError as e:
        fail(f"bad card: {e}")
    code = card_code(c)
    spec = scoring_spec(pos.ruleset)
    rows = []
    for i, hand in enumerate(pos.hands):
        with_card = list(hand)
        with_card[c] += 1
        now, then = fast.points(hand, spec), fast.points(tuple(with_card), spec)
        rows.append({"player": "bot" if i == pos.players else i, "points": now, "with_card": then, "adds": then - now})
    reason = _biddable(pos, code)
    worth = result = None
    if reason is None:
        try:
            result = solve(pos, max_nodes=max_nodes, timeout=timeout)
        except PositionError as e:
            fail(f"bad position: {e}")
        if result.solved:
            worth = next(w for w in result.card_values if w.card == code)
        else:
            reason = f"unknown: the search stopped ({result.stopped})"
    refusals = {"player": pos.to_move, "result": None if result is None else result.result,
                "refusals": None if worth is None else worth.refusals,
                "bid_margin": None if worth is None else worth.bid_margin,
                "without_margin": None if worth is None else worth.without_margin,
                "reason": reason, "nodes": None if result is None else result.nodes}
    if as_json:
        echo_json({"card": code, "collections": rows, "in_refusals": refusals})
    else:
        click.echo(f"{card(code)} would add, now:")
        for r in rows:
            who = "bot" if r["player"] == "bot" else f"player {r['player']}"
            click.echo(f"  {who:<9} {r['points']:>3} -> {r['with_card']:>3}   ({r['adds']:+d})")
        who = f"player {pos.to_move}" if pos.to_move is not None else "nobody"
        if result is None:
            click.echo(f"In refusals, to {who}: no bid for it now ({reason})")
        elif worth is None:
            click.echo(f"In refusals, to {who}: not known ({reason})")
        elif worth.refusals is None:
            click.echo(f"In refusals, to {who}: worth no bid (bidding for it, margin {worth.bid_margin:+d} at best; "
                       f"letting it go, {worth.without_margin:+d})")
        else:
            click.echo(f"In refusals, to {who}: {worth.refusals} (a bid of {worth.refusals} refusals still does as "
                       f"well as letting it go: margin {worth.without_margin:+d}; the best bid for it gives "
                       f"{worth.bid_margin:+d})")
    if result is not None and not result.solved:
        sys.exit(EXIT_UNKNOWN)
