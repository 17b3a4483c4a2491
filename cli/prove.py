"""``arbiter prove``: run the theorem catalogue and print each result with its time."""

from __future__ import annotations

import importlib
import json
from typing import TYPE_CHECKING

import click
from arbiter.model import games
from arbiter.proofs.catalogue import CHECKED

from .common import fail

if TYPE_CHECKING:
    from arbiter.proofs.catalogue import Result

# Each game's catalogue: its proofs package's ``theorems`` module, with run_catalogue(only, each) and select(only).
CATALOGUES = {g: games.info(g).module("proofs") + ".theorems" for g in games.GAMES if games.provides(g)["proofs"]}
WITNESS_WIDTH = 60  # the text table shortens witnesses; --json has them whole


def _witness(r: Result) -> str:
    if r.witness is None:
        return ""
    if r.status == CHECKED:
        return f"on {r.witness['positions']} reachable positions, {r.witness['turns']} turns (scope: --json)"
    text = json.dumps(r.witness, separators=(",", ":"))
    return text if len(text) <= WITNESS_WIDTH else text[:WITNESS_WIDTH - 3] + "..."


@click.command("prove")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of results.")
@click.option("--only", metavar="ID", help="Run one theorem id, or every id under a prefix (e.g. monotone).")
@click.option("--game", type=click.Choice(list(CATALOGUES)), default=games.DEFAULT, show_default=True,
              help="Whose catalogue to prove.")
def prove(as_json: bool, only: str | None, game: str) -> None:
    """Prove a game's theorem catalogue (about a minute for Red7's); exit 1 if any result differs
    from its expected status. Theorems about turns are checked on the engine's own turns over a
    stated scope of reachable positions (status checked). The table prints each theorem as it is settled."""
    catalogue = importlib.import_module(CATALOGUES[game])
    run_catalogue, select = catalogue.run_catalogue, catalogue.select
    if not select(only):
        ids = [t.id.split("/") for t in select(None)]
        depth = 1  # deep enough that the prefixes tell the theorems apart (Realms ids all start realms/)
        while len({tuple(i[:depth]) for i in ids}) == 1 and depth < max(map(len, ids)):
            depth += 1
        prefixes = sorted({"/".join(i[:depth]) for i in ids})
        fail(f"prove: unknown theorem id {only!r} in the {game} catalogue (its ids start with: {', '.join(prefixes)}; "
             "docs/proofs.md lists every one)")
    width = max([28, *(len(t.id) for t in select(only))])  # the longest id of the table
    if not as_json:
        click.echo(f"{'theorem':{width}} {'status':15} {'seconds':>8}  witness")

    def row(r: Result, done: int, total: int) -> None:
        mark = "" if r.as_expected else f"  (expected {r.expected})"
        click.echo(f"{r.id:{width}} {r.status:15} {r.seconds:8.2f}  {_witness(r)}{mark}".rstrip())

    results = run_catalogue(only, None if as_json else row)
    surprises = [r.id for r in results if not r.as_expected]
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], indent=2))
    else:
        verdict = "all as expected" if not surprises else f"{len(surprises)} not as expected: {', '.join(surprises)}"
        noun = "theorem" if len(results) == 1 else "theorems"
        checked = sum(r.status == CHECKED for r in results)
        bounded = f" ({checked} checked on the engine's turns within a stated scope, not proved)" if checked else ""
        click.echo(f"{len(results)} {noun}, {verdict}{bounded}, {sum(r.seconds for r in results):.1f} s")
    raise SystemExit(1 if surprises else 0)
