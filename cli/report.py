"""``arbiter report``: the Red7 rules-clarification report (FAQ and errata) as Markdown, HTML or JSON."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from arbiter.proofs.cache import Cache, default_dir
from arbiter.report.build import DEFAULT_GAMES, DEFAULT_SEED, build
from arbiter.report.render import RENDERERS

from .common import fail


def _progress(stage: str, done: int, total: int) -> None:
    end = "\n" if done == total else ""
    click.echo(f"\rreport: {stage} {done}/{total}", err=True, nl=False)
    if end:
        click.echo(err=True)


@click.command()
@click.option("--format", "fmt", type=click.Choice(sorted(RENDERERS)), default="md", show_default=True,
              help="md for code hosts, html for one self-contained page, json for tools.")
@click.option("--out", "out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to FILE instead of stdout.")
@click.option("--games", type=int, default=DEFAULT_GAMES, show_default=True,
              help=("Seeded rounds per rule set and player count for the frequencies (about 0.2 s a round on "
                    "one core: the default takes some 3 minutes of CPU, 300 some 25, divided by --jobs)."))
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of every search and game.")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=("Where the proofs section is cached (default $ARBITER_CACHE_DIR, else $XDG_CACHE_HOME/arbiter "
                    "or ~/.cache/arbiter)."))
@click.option("--no-cache", is_flag=True,
              help="Prove the theorem catalogue again (some 40 s of z3) instead of reading the cached results.")
@click.option("--jobs", type=int, default=os.cpu_count() or 1, show_default="the number of cores",
              help="Worker processes playing the sampled games; the report is the same for any number.")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def report(fmt: str, out: str | None, games: int, seed: int, cache_dir: Path | None, no_cache: bool, jobs: int,
           quiet: bool) -> None:
    """The Red7 rules-clarification report: every ambiguity, its readings, a witness, how often it matters."""
    if games < 1:
        fail(f"--games must be at least 1, got {games}")
    if out is not None and not Path(out).resolve().parent.is_dir():
        fail(f"--out: directory of {out!r} does not exist")
    if jobs < 1:
        fail(f"--jobs must be at least 1, got {jobs}")
    try:
        data = build(games, seed, progress=None if quiet else _progress, cache=Cache(cache_dir or default_dir()),
                     refresh=no_cache, jobs=jobs)
    except RuntimeError as e:  # a worker that broke or overran its time limit
        fail(f"report: {e}")
    text = RENDERERS[fmt](data)
    if out is None:
        sys.stdout.write(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
