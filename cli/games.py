"""``arbiter games``: the games arbiter models, with their player counts and rule sources."""

from __future__ import annotations

import click
from arbiter.model import games as registry

from .common import echo_json


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def games(as_json: bool) -> None:
    """List the games: id (the "game" field of positions and requests), name, player counts,
    rule sources, and whether this installation has each game's model."""
    rows = [{"id": g.id, "name": g.name, "players": list(g.players), "sources": list(g.sources),
             "available": registry.available(g.id)} for g in registry.GAMES.values()]
    if as_json:
        echo_json(rows)
        return
    for r in rows:
        players = f"{r['players'][0]}-{r['players'][-1]} players"
        state = "" if r["available"] else "  (not built yet)"
        click.echo(f"{r['id']:<18} {r['name']:<24} {players:<12} {', '.join(r['sources'])}{state}")
