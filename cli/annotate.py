"""``arbiter annotate GAME``: every turn of a played game marked (win share from the mover's view
against the best; with all cards known, a forced win kept or thrown away); text, JSON or HTML."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click
from arbiter.model import games
from arbiter.report.annotate import text_lines, to_html
from arbiter.solver.annotate import GameError, annotate, read_game

from . import workers
from .common import SEED, Seconds, echo_json, fail

SAMPLES = 30


def _annotator(module: str):
    return lambda: importlib.import_module(module).ANNOTATOR


# Each game whose solver has an ``annotate`` module (its ANNOTATOR), loaded only for the record's game.
ANNOTATORS = {g: _annotator(m) for g in games.GAMES if games.exists(m := games.info(g).module("solver") + ".annotate")}


@click.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--html", "html_path", metavar="FILE", help="Also write an HTML page with the cards drawn.")
@click.option("--samples", type=click.IntRange(min=1), default=SAMPLES, show_default=True,
              help="Deals sampled from each mover's view (all of them when there are no more).")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--timeout", type=Seconds(),
              help="Seconds per turn, for each of the two questions (a finite number, at most a day).")
@workers.options("deals of each turn's advice", default_jobs=1)
def annotate_command(game: str, as_json: bool, html_path: str | None, samples: int, seed: int,
                     timeout: float | None, jobs: int, scheduler: str | None) -> None:
    """Mark every turn of GAME (Red7, Realms or Stick to Colours): a `play --json` log, a JSON object
    {"game": ..., "position": ..., "turns": [...]}, or a text file (a position line, then one turn a
    line; a Realms chance outcome by its label); - reads stdin.

    For each turn: its value from the mover's view and the best there (see arbiter advise), and,
    with all cards known, whether it kept the best value the mover could force (Red7: a forced
    win) or threw some away. The sampled
    deals are solved here, in --jobs processes or on a Dask cluster (--scheduler); the output is
    the same. Ctrl-C prints the turns marked so far and exits 130."""
    try:
        text = sys.stdin.read() if game == "-" else Path(game).read_text(encoding="utf-8")
        games.check_text(text, "stdin" if game == "-" else repr(game), "game record")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {game!r}: {e}")
    except ValueError as e:
        fail(str(e))
    try:
        annotator, rounds = read_game(text, ANNOTATORS)
    except GameError as e:
        fail(f"bad game: {e}")
    out = None
    if html_path is not None:
        try:
            out = open(html_path, "w", encoding="utf-8")  # noqa: SIM115 (checked before the long work)
        except OSError as e:
            fail(f"cannot write {html_path!r}: {e}")
    stderr = sys.stderr
    tty = stderr.isatty()

    def progress(done: int, total: int) -> None:
        stderr.write(f"\rannotate: {done}/{total} turns\033[K")
        stderr.flush()

    with workers.pieces(jobs, scheduler) as runner:
        note = annotate(annotator, rounds, samples, seed, timeout, jobs, progress if tty else None, pieces=runner)
    if tty:
        stderr.write("\r\033[K")
    if out is not None:
        with out:
            out.write(to_html(note))
    if as_json:
        echo_json(note.to_json())
    else:
        click.echo("\n".join(text_lines(note)))
    if note.stopped == "interrupted":
        click.echo("arbiter: interrupted", err=True)
        sys.exit(130)


annotate_command.name = "annotate"
