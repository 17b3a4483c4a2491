"""``arbiter games``: the games arbiter models, with their player counts, rule sources and what each
layer of this installation provides for them."""

from __future__ import annotations

import click
from arbiter.model import games as registry

from .common import echo_json


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def games(as_json: bool) -> None:
    """List the games: id (the "game" field of positions and requests), name, player counts, rule
    sources (shipped in docs/sources/), and the layers this installation provides for each (model,
    solver, proofs, checker, report, cli, openspiel), each at arbiter.<layer>.<package>."""
    rows = []
    for g in registry.GAMES.values():
        provides = registry.provides(g.id)
        rows.append({"id": g.id, "name": g.name, "players": list(g.players), "sources": list(g.sources),
                     "available": provides["model"], "package": g.package, "layers": provides})
    if as_json:
        echo_json(rows)
        return
    for r in rows:
        low, high = r["players"][0], r["players"][-1]
        players = f"{low} players" if low == high else f"{low}-{high} players"
        sources = ", ".join(r["sources"]) or "no rule text shipped"
        state = "" if r["available"] else "  (not built yet)"
        click.echo(f"{r['id']:<18} {r['name']:<28} {players:<12} {sources}{state}")
        built = [k for k, v in r["layers"].items() if v]
        missing = [k for k, v in r["layers"].items() if not v]
        click.echo(f"{'':<18} layers: {' '.join(built)}" + (f"  (none: {' '.join(missing)})" if missing else ""))
