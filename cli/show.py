"""``arbiter show POSITION``: the position drawn in colour, who is winning under each of the
seven rules and why, and the number of legal turns."""

from __future__ import annotations

from typing import Any

import click
from arbiter.model.red7.cards import COLOUR_NAMES, card_code, codes
from arbiter.model.red7.fast import leader, qualifying_mask
from arbiter.model.red7.game import Position, legal_moves
from arbiter.model.red7.notation import format_text, position_to_json

from .common import card, cards, echo_json, game_cli, load_any, pad, red7_position


def explain(pos: Position) -> list[dict[str, Any]]:
    """For each rule: who is winning, each player's qualifying cards, and why in words."""
    rows = []
    for rule, name in enumerate(COLOUR_NAMES):
        players = []
        for i, palette in enumerate(pos.palettes):
            q = codes(qualifying_mask(rule, palette))
            players.append({"player": i, "out": pos.is_out(i), "qualifying": q, "count": len(q),
                            "highest": q[0] if q else None})
        winning = leader(rule, pos.palettes, pos.out, pos.ruleset)
        rows.append({"rule": name, "canvas": rule == pos.rule, "winning": winning, "players": players,
                     "why": _why(pos, winning, players)})
    return rows


def _why(pos: Position, winning: int | None, players: list[dict[str, Any]]) -> str:
    competing = [p for p in players if not p["out"]]
    if winning is None:
        return "nobody has a qualifying card"
    best = players[winning]
    if not best["count"]:
        top = codes(pos.palettes[winning])[0]
        return f"nobody has a qualifying card; the highest card {top} decides"
    rivals = sorted((p for p in competing if p["player"] != winning), key=lambda p: p["count"], reverse=True)
    cards_word = "card" if best["count"] == 1 else "cards"
    if not rivals or not rivals[0]["count"]:
        return f"{best['count']} {cards_word}; nobody else qualifies"
    second = rivals[0]
    if second["count"] < best["count"]:
        return f"{best['count']} {cards_word} against {second['count']} (player {second['player']})"
    tied = [p for p in rivals if p["count"] == best["count"]]
    against = ", ".join(f"{p['highest']} (player {p['player']})" for p in tied)
    return f"{best['count']} {cards_word} each; highest {best['highest']} beats {against}"


def show_json(pos: Position) -> dict[str, Any]:
    return {"position": position_to_json(pos), "notation": format_text(pos), "legal_turns": len(legal_moves(pos)),
            "rules": explain(pos)}


def render(pos: Position) -> list[str]:
    """The position and its explanation as lines of coloured text."""
    status = f"round over, player {pos.winner} won" if pos.is_over else f"player {pos.to_move} to move"
    canvas = click.style(COLOUR_NAMES[pos.rule], bold=True)
    lines = [f"Canvas: {canvas}   {status}   ruleset: {pos.ruleset}   legal turns: {len(legal_moves(pos))}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move and not pos.is_over else " "
        tags = " (out)" if pos.is_out(i) else ""
        score = f"   score {pos.scores[i]}" if pos.scores is not None else ""
        lines.append(f"{mark} player {i}{tags:<6}  hand {pad(cards(pos.hands[i]), 22)}"
                     f"palette {pad(cards(pos.palettes[i]), 22)}{score}".rstrip())
    deck = " ".join(card(card_code(c)) for c in pos.deck) or "-"
    lines.append(f"  deck (top first): {deck}")
    lines.append("Winning under each rule (most qualifying cards, then the highest of them):")
    for row in explain(pos):
        who = "nobody" if row["winning"] is None else f"player {row['winning']}"
        mark = ">" if row["canvas"] else " "
        quals = "  ".join(f"P{p['player']} " + (" ".join(card(c) for c in p["qualifying"]) or "-")
                          for p in row["players"] if not p["out"])
        lines.append(f"{mark} {row['rule']:<7} {who:<9} {row['why']}")
        lines.append(f"            {quals}")
    return lines


@click.command()
@click.argument("position")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def show(position: str, as_json: bool) -> None:
    """Draw POSITION (a file, - for stdin, inline JSON or text notation) and say who is winning
    under each of the seven rules, and why (for another game, what that game's show draws)."""
    game, text = load_any(position)
    if game != "red7":
        game_cli(game).show(text, as_json)
        return
    pos = red7_position(game, text)
    if as_json:
        echo_json(show_json(pos))
    else:
        click.echo("\n".join(render(pos)))
