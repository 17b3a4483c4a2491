"""``arbiter report``: a game's rules-clarification report (FAQ and errata) as Markdown, HTML or JSON."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
from arbiter.model.games import DEFAULT, info, read_json
from arbiter.proofs.cache import Cache, default_dir
from arbiter.report.build import COSTS, DEFAULT_SEED, GAMES, SIZES, build
from arbiter.report.render import RENDERERS

from . import workers
from .common import SEED, count, fail, read_text, writable_file

MAX_GAMES = 100_000  # games per policy and player count: some 20 hours on one core
REPORT_KEYS = ("game", "title", "version", "command", "entries", "appendices", "cards", "sources", "method")


class Progress:
    """The report's progress on stderr: on a terminal one line rewritten in place; anywhere else (a
    log) one line per stage, as it starts (with how long the one before took), so that no line runs
    into the next and a log being read says what is under way."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.stage: tuple[str, float] | None = None
        self.open = False  # a terminal line not ended yet

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self.tty:
            click.echo(f"\rreport: {stage} {done}/{total}\033[K", err=True, nl=done == total)
            self.open = done != total
        elif self.stage is None or self.stage[0] != stage:
            before = "" if self.stage is None else f" ({self.stage[0]} took {time.perf_counter() - self.stage[1]:.0f} s)"
            click.echo(f"report: {stage}, {total} to do{before}", err=True)
            self.stage = (stage, time.perf_counter())

    def end_line(self) -> None:
        """End a terminal line left open (before a message of its own, as Ctrl-C's)."""
        if self.open:
            click.echo(err=True)


def _span(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} minutes"


def estimate(game: str, games: int, jobs: int, refresh: bool) -> str:
    """The line printed before the work: what the report costs (``COSTS``), said as an estimate."""
    cost = COSTS[game]
    total = cost.seconds(games, proofs=refresh)
    proofs = "" if refresh else f", and {_span(cost.proofs)} more to prove the theorems unless an earlier run cached them"
    return (f"report: {info(game).name} with --games {games}: about {_span(total)} of CPU on one core{proofs}; "
            f"the searches and games are shared by {jobs} worker{'s' * (jobs > 1)} (estimate)")


@click.command()
@click.option("--game", type=click.Choice(sorted(GAMES)), default=DEFAULT, show_default=True,
              help="The game whose rule texts the report clarifies.")
@click.option("--format", "fmt", type=click.Choice(sorted(RENDERERS)), default="md", show_default=True,
              help="md for code hosts, html for one self-contained page, json for tools.")
@click.option("--out", "out", metavar="FILE", default=None,
              help="Write to FILE instead of stdout (checked before any work).")
@click.option("--games", type=count(MAX_GAMES), default=None,
              help=("Seeded games per setting for the frequencies (default 200 for every game, the committed "
                    "editions): Red7 rounds per rule set and player count, and whole Advanced games per player count; "
                    "Realms and Stick to Colours whole games per setting. What it will cost is estimated on stderr "
                    "before the work starts."))
@click.option("--seed", type=SEED, default=DEFAULT_SEED, show_default=True, help="Seed of every search and game.")
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
    games = SIZES[game] if games is None else games
    progress = None if quiet else Progress()
    if progress is not None:
        click.echo(estimate(game, games, jobs, no_cache), err=True)
    with workers.pieces(jobs, scheduler) as runner:
        try:
            data = build(games, seed, game=game, progress=progress, cache=Cache(cache_dir or default_dir()),
                         refresh=no_cache, jobs=jobs, pieces=runner)
        except KeyboardInterrupt:
            if progress is not None:
                progress.end_line()  # the interruption is a line of its own
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
