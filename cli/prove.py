"""``arbiter prove``: run the theorem catalogue and print each result with its time."""

from __future__ import annotations

import json

import click
from arbiter.proofs import catalogue, run_catalogue


@click.command("prove")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of results.")
@click.option("--only", metavar="ID", help="Run one theorem id, or every id under a prefix (e.g. monotone).")
def prove(as_json: bool, only: str | None) -> None:
    """Prove the theorem catalogue; exit 1 if any result differs from its expected status."""
    if only is not None and not any(t.id == only or t.id.startswith(only + "/") for t in catalogue()):
        click.echo(f"arbiter prove: unknown theorem id {only!r}", err=True)
        raise SystemExit(2)
    results = run_catalogue(only)
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], indent=2))
    else:
        for r in results:
            mark = "" if r.as_expected else f"  (expected {r.expected})"
            click.echo(f"{r.id:28} {r.status:15} {r.seconds:7.2f}s{mark}")
    raise SystemExit(0 if all(r.as_expected for r in results) else 1)
