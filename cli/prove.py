"""``arbiter prove``: run the theorem catalogue and print each result with its time."""

from __future__ import annotations

import json

import click
from arbiter.proofs import Result

from .common import fail

WITNESS_WIDTH = 60  # the text table shortens witnesses; --json has them whole


def _witness(r: Result) -> str:
    if r.witness is None:
        return ""
    text = json.dumps(r.witness, separators=(",", ":"))
    return text if len(text) <= WITNESS_WIDTH else text[:WITNESS_WIDTH - 3] + "..."


@click.command("prove")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of results.")
@click.option("--only", metavar="ID", help="Run one theorem id, or every id under a prefix (e.g. monotone).")
@click.option("--game", type=click.Choice(["red7", "realms"]), default="red7", show_default=True,
              help="Whose catalogue to prove.")
def prove(as_json: bool, only: str | None, game: str) -> None:
    """Prove the theorem catalogue (some 40 s for all of it); exit 1 if any result differs from its
    expected status. The table prints each theorem as it is settled."""
    if game == "realms":
        from arbiter.proofs import realms_theorems  # z3 over the Realms trick spec, loaded only when asked

        run_catalogue, select = realms_theorems.run_catalogue, realms_theorems.select
    else:
        from arbiter.proofs import run_catalogue
        from arbiter.proofs.theorems import select
    if not select(only):
        fail(f"prove: unknown theorem id {only!r} (ids: `arbiter prove --json` lists them, docs/proofs.md explains)")
    width = 38 if game == "realms" else 28
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
        click.echo(f"{len(results)} {noun}, {verdict}, {sum(r.seconds for r in results):.1f} s")
    raise SystemExit(1 if surprises else 0)
