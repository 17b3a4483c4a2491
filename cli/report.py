"""``arbiter report``: a game's rules-clarification report (FAQ and errata) as Markdown, HTML or JSON."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from arbiter.model.games import read_json
from arbiter.proofs.cache import Cache, default_dir
from arbiter.report.build import DEFAULT_SEED, GAMES, SIZES, build
from arbiter.report.render import RENDERERS

from . import workers
from .common import count, fail, read_text, writable_file

MAX_GAMES = 100_000  # games per policy and player count: some 20 hours on one core
REPORT_KEYS = ("game", "title", "version", "command", "entries", "appendices", "cards", "sources", "method")


def _progress(stage: str, done: int, total: int) -> None:
    end = "\n" if done == total else ""
    click.echo(f"\rreport: {stage} {done}/{total}", err=True, nl=False)
    if end:
        click.echo(err=True)


@click.command()
@click.option("--game", type=click.Choice(sorted(GAMES)), default="red7", show_default=True,
              help="The game whose rule texts the report clarifies.")
@click.option("--format", "fmt", type=click.Choice(sorted(RENDERERS)), default="md", show_default=True,
              help="md for code hosts, html for one self-contained page, json for tools.")
@click.option("--out", "out", metavar="FILE", default=None,
              help="Write to FILE instead of stdout (checked before any work).")
@click.option("--games", type=count(MAX_GAMES), default=None,
              help=("Seeded games per setting for the frequencies. Red7 (default 200, the committed edition): "
                    "rounds per rule set and player count, and whole Advanced games per player count, some 0.1 s of "
                    "CPU a game with its replays, divided by --jobs. "
                    "Realms (default 10): whole games per player count, about 2 s a game with its replays. "
                    "Stick to Colours (default 10): games per player count, some 4 s of CPU each with the replays."))
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of every search and game.")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=("Where the proofs section is cached (default $ARBITER_CACHE_DIR, else $XDG_CACHE_HOME/arbiter "
                    "or ~/.cache/arbiter)."))
@click.option("--no-cache", is_flag=True,
              help="Prove the theorem catalogue again (some 40 s of z3) instead of reading the cached results.")
@workers.options("sampled games")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
@click.option("--from", "source", metavar="FILE", default=None,
              help="Render the report FILE (written by --format json) instead of building one: build once, then "
                   "write each format from it.")
def report(game: str, fmt: str, out: str | None, games: int | None, seed: int, cache_dir: Path | None,
           no_cache: bool, jobs: int, scheduler: str | None, quiet: bool, source: str | None) -> None:
    """A game's rules-clarification report: every ambiguity, its readings, a witness, how often it matters."""
    target = writable_file(out) if out is not None else None
    if source is not None:
        _write(RENDERERS[fmt](_read_report(source)), target, out)
        return
    with workers.pieces(jobs, scheduler) as runner:
        try:
            data = build(SIZES[game] if games is None else games, seed, game=game, progress=None if quiet else _progress,
                         cache=Cache(cache_dir or default_dir()), refresh=no_cache, pieces=runner)
        except KeyboardInterrupt:
            if not quiet:
                click.echo(err=True)  # end the progress line, so the interruption is a line of its own
            raise
    _write(RENDERERS[fmt](data), target, out)


def _read_report(source: str) -> dict:
    """A report dict read from a JSON file: one line naming the problem when it is not one."""
    text = read_text(source, "--from")
    try:
        data = read_json(text)
    except ValueError as e:
        fail(f"--from {source!r}: {e}")
    missing = [k for k in REPORT_KEYS if not isinstance(data, dict) or k not in data]
    if missing:
        fail(f"--from {source!r} is not a report written by --format json (no {missing[0]!r})")
    return data


def _write(text: str, target: Path | None, out: str | None) -> None:
    if target is None:
        sys.stdout.write(text)
        return
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"cannot write {out!r}: {e.strerror}")
