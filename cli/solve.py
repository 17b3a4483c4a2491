"""``arbiter solve POSITION``: the exact endgame answer (who can force the round, with which
moves, along which line, which cards are dead); ``--batch FILE.jsonl`` solves one position a line."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from . import plain, puzzle, workers
from .common import (
    Seconds,
    count,
    echo_json,
    fail,
    finished,
    finished_json,
    game_cli,
    game_position,
    given,
    load_any,
)
from .plain import Unsolvable  # noqa: F401 - the games' batch readers raise it from here

EXIT_UNKNOWN = 1  # a limit stopped the search before the answer (or a batch line was not solved)
MAX_NODES = 10**12


def read_batch(path: str, parse: Any, errors: type[Exception], game: str) -> list:
    """Every line of a JSON-lines file: its position or what is wrong with it (``plain.read_batch``);
    fail when the file cannot be read."""
    try:
        return plain.read_batch(path, parse, errors, game, lambda pos: finished(game, pos))
    except plain.BadInput as e:
        fail(str(e))


@click.command()
@click.argument("position", required=False)
@click.option("--batch", "batch", metavar="FILE.jsonl", help="Solve one position per line (- for stdin).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (with --batch: one object per line).")
@click.option("--all-moves", is_flag=True, help="List every legal move with its outcome, not only the winning ones.")
@click.option("--max-nodes", type=count(MAX_NODES), help="Stop after this many nodes (result: unknown).")
@click.option("--timeout", type=Seconds(), help="Stop after this many seconds (a finite number, at most a day).")
@click.option("--tricks", type=count(1000), help="Realms: tricks to look ahead (default: a puzzle's own, else as "
              "many as every hand can play).")
@click.option("--check", "check_answer", is_flag=True,
              help="POSITION is a puzzle file: solve it with its settings and compare with its written answer "
                   "(exit 1 if they differ).")
@workers.options("--batch positions")
def solve(position: str | None, batch: str | None, as_json: bool, all_moves: bool, max_nodes: int | None,
          timeout: float | None, tricks: int | None, check_answer: bool, jobs: int, scheduler: str | None) -> None:
    """Solve POSITION exactly (a file, - for stdin, inline JSON or text notation, or a puzzle file
    of examples/puzzles, with its settings; all hands open,
    the deck order known): who can force the round win, every winning move, a principal line and
    the dead cards. Exit 1 when a limit stopped the search (result: unknown)."""
    if (position is None) == (batch is None):
        fail("give either a POSITION or --batch FILE.jsonl")
    found = None if position is None else puzzle.read(position)
    if check_answer and found is None:
        fail("--check takes a puzzle file: a .json object with a position and its written answer (examples/puzzles/)")
    if found is not None:
        tricks = _puzzle_tricks(found, tricks, check_answer)
    if batch is None:  # one position is one search, in this process: workers have nothing to share
        if scheduler is not None:
            fail("--scheduler works with --batch (one position is solved here)")
        if given(click.get_current_context(), "jobs"):
            fail("--jobs works with --batch (one position is solved here)")
    if batch is not None:
        game_cli(plain.batch_game(batch)).solve(None, batch, as_json, all_moves, max_nodes, timeout, tricks, jobs=jobs,
                                                 scheduler=scheduler)
        return
    game, text = load_any(position)
    _, pos = game_position(game, text)
    if (over := finished(game, pos)) is not None and not check_answer:
        if as_json:
            echo_json(finished_json(game, pos, over))
        else:
            click.echo(f"Verdict: {over}; nothing is left to solve")
        return
    if check_answer:
        _check(position, found, game, text, tricks, max_nodes, timeout, as_json)
        return
    game_cli(game).solve(text, None, as_json, all_moves, max_nodes, timeout, tricks)


def _puzzle_tricks(found: dict, tricks: int | None, checking: bool) -> int | None:
    """The horizon to solve a puzzle at: ``--tricks`` when given, else the puzzle's own (its answer
    is for that one, so --check refuses another)."""
    try:
        own = puzzle.settings(found).get("tricks")
    except ValueError as e:
        fail(f"bad puzzle: {e}")
    if checking and tricks is not None and own is not None and tricks != own:
        fail(f"--tricks {tricks}: the puzzle's answer is for tricks {own}")
    return own if tricks is None else tricks


def result_of(game: str, text: str, tricks: int | None, max_nodes: int | None, timeout: float | None):
    """The solver's answer for a POSITION text of any game (its ``to_json()`` holds the answer keys)."""
    return game_cli(game).solve_result(text, tricks, max_nodes, timeout)


def _check(path: str, found: dict, game: str, text: str, tricks: int | None, max_nodes: int | None,
           timeout: float | None, as_json: bool) -> None:
    """``solve --check PUZZLE``: the puzzle's notation line is its position and its written answer is
    the solver's; exit 1 naming each difference (or when a limit stopped the search)."""
    model, pos = game_position(game, text)
    wrong = []
    if "notation" in found:
        try:
            same = model.parse_position(found["notation"]) == pos
        except (model.PositionError, ValueError, TypeError):
            same = False
        if not same:
            wrong.append("notation: the notation line is not the position")
    over = finished(game, pos)
    result = None if over is not None else result_of(game, text, tricks, max_nodes, timeout)
    if result is not None and not result.solved:
        wrong.append(f"unknown: the search stopped ({result.stopped}) before an answer to compare")
    elif result is not None:
        wrong += puzzle.differences(found["answer"], result.to_json())
    else:
        wrong.append(f"position: {over}; a puzzle needs a move to find")
    setting = "" if tricks is None else f" (tricks {tricks})"
    if as_json:
        echo_json({"puzzle": path, "game": game, "tricks": tricks, "holds": not wrong, "differences": wrong})
    elif wrong:
        click.echo(f"{path}: the written answer does not hold{setting}:")
        click.echo("\n".join(f"  {w}" for w in wrong))
    else:
        click.echo(f"{path}: the written answer holds{setting}: "
                   + "; ".join(f"{k} {json.dumps(v)}" for k, v in found["answer"].items()))
    if wrong:
        sys.exit(EXIT_UNKNOWN)


def run_batch(fn: Callable, lines: list, piece: Callable[[Any], tuple], summary: Callable[[int, Any], str],
              as_json: bool, jobs: int, scheduler: str | None, path: str) -> None:
    """Solve each good line's position here and then on the workers, or on a cluster, and print each
    answer in file order with its line number (``plain.run_batch``); exit 1 when a line was bad or a
    limit stopped a search."""
    code = plain.run_batch(fn, lines, piece, summary, as_json,
                           lambda: workers.pieces(jobs, scheduler, here_first=True), path)
    if code:
        sys.exit(code)
