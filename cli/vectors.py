"""``arbiter vectors export DIR``: write the conformance vectors (or, with --check, verify that DIR
holds exactly what a fresh generation writes)."""

from __future__ import annotations

import click
from arbiter.checker.vectors import export as write_vectors
from arbiter.checker.vectors import stale

from .common import writable_dir


@click.group()
def vectors() -> None:
    """Language-neutral conformance vectors for Red7 engines (see docs/conformance.md)."""


@vectors.command()
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--check", "only_check", is_flag=True, help="Write nothing; exit 1 if DIR is out of date.")
def export(directory: str, only_check: bool) -> None:
    """Write every vector file and index.json under DIRECTORY."""
    if only_check:
        old = stale(directory)
        for path in old:
            click.echo(f"out of date: {path}")
        click.echo(f"{directory}: {'out of date, run arbiter vectors export ' + directory if old else 'up to date'}")
        click.get_current_context().exit(1 if old else 0)
    writable_dir(directory)
    try:
        written = write_vectors(directory)
    except OSError as e:
        click.echo(f"arbiter: cannot write vectors to {directory!r}: {e.strerror or e}", err=True)
        click.get_current_context().exit(2)
    click.echo(f"wrote {len(written)} files under {directory}")
