"""``arbiter solve POSITION``: the exact endgame answer (who can force the round, with which
moves, along which line, which cards are dead); ``--batch FILE.jsonl`` solves one position a line."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from arbiter.model import games
from arbiter.model.red7.cards import COLOUR_NAMES, card_code
from arbiter.model.red7.game import PositionError, apply
from arbiter.model.red7.notation import parse_position
from arbiter.solver.red7 import SolveResult
from arbiter.solver.red7 import solve as solve_position

from . import puzzle, workers
from .common import (
    Seconds,
    card,
    cards,
    count,
    echo_json,
    fail,
    finished,
    finished_json,
    game_cli,
    game_position,
    given,
    load_any,
    red7_position,
)

EXIT_UNKNOWN = 1  # a limit stopped the search before the answer (or a batch line was not solved)
MAX_NODES = 10**12


def verdict(result: SolveResult) -> str:
    pos = result.position
    if result.winner is None:
        if not result.solved:
            return "unknown (the search stopped before an answer)"
        return "nobody can force the round win: any player can be stopped by the others together"
    who = f"player {result.winner}" + (" (to move)" if result.winner == pos.to_move else "")
    how = "wins" if pos.players == 2 else "can force the round win against all the others"
    points = f", banking {result.points} points" if result.points is not None else ""
    return f"{who} {how}{points}"


def narrate(result: SolveResult) -> list[str]:
    """The principal line turn by turn: who plays what, what the rule is then and who goes out."""
    pos = result.position
    lines = []
    for k, text in enumerate(result.line, 1):
        mover = pos.to_move
        nxt = apply(pos, text)
        gone = [i for i in range(pos.players) if nxt.is_out(i) and not pos.is_out(i)]
        lead = nxt.leader()
        state = f"rule {COLOUR_NAMES[nxt.rule]}"
        if lead is not None:
            state += f", player {lead} winning"
        if gone:
            state += "; out: " + ", ".join(f"player {i}" for i in gone)
        lines.append(f"  {k:>2}. player {mover}: {text:<28} {state}")
        pos = nxt
    if lines and pos.is_over:
        lines.append(f"      round over: player {pos.winner} wins")
    return lines


def _none(result: SolveResult) -> str:
    """What an empty list of winning moves means: none, or not known when a limit stopped the search."""
    return "none" if result.solved else f"not known (the search stopped: {result.stopped})"


def explain(result: SolveResult, all_moves: bool = False) -> list[str]:
    """The verdict, the winning moves (or every move), the principal line and the dead cards."""
    lines = [f"Verdict: {verdict(result)}"]
    shown = result.moves if all_moves else [m for m in result.moves if m.outcome == "win"]
    title = "Every move" if all_moves else "Winning moves"
    lines.append(f"{title}:" + ("" if shown else f" {_none(result)}"))
    for m in shown:
        extra = f"  ({m.points} points)" if m.points is not None else ""
        lines.append(f"  {m.move:<28} {m.outcome}{extra}")
    if result.line:
        lines.append("Principal line:")
        lines.extend(narrate(result))
    if result.dead_cards is not None:
        lines.append("Dead cards (in no winning line): " + (" ".join(map(card, result.dead_cards)) or "none"))
    return lines


def render(result: SolveResult, all_moves: bool = False, work: bool = True) -> list[str]:
    """The position drawn, then ``explain``; with ``work`` the nodes and seconds spent."""
    pos = result.position
    lines = [f"Canvas: {COLOUR_NAMES[pos.rule]}   player {pos.to_move} to move   ruleset: {pos.ruleset}"]
    for i in range(pos.players):
        mark = ">" if i == pos.to_move else " "
        tag = " (out)" if pos.is_out(i) else ""
        lines.append(f"{mark} player {i}{tag}  hand {cards(pos.hands[i])}   palette {cards(pos.palettes[i])}")
    if pos.deck:
        lines.append("  deck (top first): " + " ".join(card(card_code(c)) for c in pos.deck))
    lines.extend(explain(result, all_moves))
    if work:
        lines.append(f"{result.result}: {result.nodes} nodes in {result.seconds:.2f} s"
                     + (f" ({result.stopped})" if result.stopped else ""))
    return lines


def _batch_game(path: str) -> str:
    """The game of a batch file's first position (Red7 when it cannot be read: its loader says why)."""
    if path == "-" or not Path(path).is_file():
        return "red7"
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        return games.game_of_text(next((line for line in lines if line.strip()), ""))
    except (OSError, UnicodeDecodeError, games.UnknownGame):
        return "red7"


class Unsolvable(ValueError):
    """A batch line that is a sound position the solver does not take (its ``parse`` says why)."""


@dataclass(frozen=True)
class Line:
    """A batch line: its number in the file and its position, or why it cannot be solved."""

    number: int
    position: Any = None
    error: str | None = None


def read_batch(path: str, parse=parse_position, errors: type[Exception] = PositionError, game: str = "red7") -> list[Line]:
    """Every non-blank line of a JSON-lines file, read by ``parse`` (Red7 by default): its position, or
    what is wrong with it (``errors``, a line of another game than ``game``, Unsolvable, a finished
    game), so that one bad line does not stop the rest. A file that cannot be read fails."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        games.check_text(text, "stdin" if path == "-" else repr(path), "batch of positions")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"cannot read {path!r}: {e}")
    except ValueError as e:
        fail(str(e))
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if (other := _line_game(line)) not in (None, game):
            lines.append(Line(number, error=f"a {games.info(other).name} position; a batch holds positions of one "
                                            f"game ({games.info(game).name}, as its first line)"))
            continue
        try:
            pos = parse(line)
        except Unsolvable as e:
            lines.append(Line(number, error=f"cannot solve this position: {e}"))
            continue
        except errors as e:
            lines.append(Line(number, error=f"bad position: {e}"))
            continue
        over = finished(game, pos)
        lines.append(Line(number, pos) if over is None else Line(number, error=f"{over}; nothing to solve"))
    return lines


def _line_game(line: str) -> str | None:
    """The game a batch line names, None when it cannot tell (the game's reader then says what is wrong)."""
    try:
        if line.lstrip().startswith("{"):
            games.read_json(line)
        return games.game_of_text(line)
    except (ValueError, games.UnknownGame):
        return None


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
        game = _batch_game(batch)
        if game != "red7":
            game_cli(game).solve(None, batch, as_json, all_moves, max_nodes, timeout, tricks, jobs=jobs,
                                 scheduler=scheduler)
            return
        if tricks is not None:
            fail("--tricks is for Realms positions")
        _solve_batch(batch, as_json, max_nodes, timeout, jobs, scheduler)
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
    if game != "red7":
        game_cli(game).solve(text, None, as_json, all_moves, max_nodes, timeout, tricks)
        return
    result = result_of(game, text, tricks, max_nodes, timeout)
    if as_json:
        echo_json(result.to_json())
    else:
        click.echo("\n".join(render(result, all_moves)))
    if not result.solved:
        sys.exit(EXIT_UNKNOWN)


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
    if game == "red7":
        if tricks is not None:
            fail("--tricks is for Realms positions")
        return solve_position(red7_position(game, text), max_nodes=max_nodes, timeout=timeout)
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


def _stderr():
    """The stream progress goes to (read at call time, so click's test runner can capture it)."""
    return sys.stderr


class Progress:
    """``solving k/n`` on stderr when it is a terminal, erased before each result line so the two
    never share a line (on a terminal stdout and stderr are the same screen)."""

    def __init__(self, total: int) -> None:
        self.stream = _stderr()
        self.total, self.shown = total, self.stream.isatty()

    def show(self, done: int) -> None:
        if self.shown:
            self.stream.write(f"\rsolving {done}/{self.total}")
            self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


# Local workers start only once a batch has run this long here: starting them costs a few tenths of
# a second, more than a batch of small positions takes (benchmarks/solve.py, docs/performance.md).
HERE_SECONDS = 0.5


def _solved(fn: Callable, pieces: list[tuple], jobs: int, scheduler: str | None) -> Iterator[Any]:
    """``fn(*piece)`` of every piece, in order: the first pieces solved here until HERE_SECONDS have
    passed (not with --scheduler), the rest by the workers. The answers are the same either way."""
    started, k = time.perf_counter(), 0
    while scheduler is None and k < len(pieces) and time.perf_counter() - started < HERE_SECONDS:
        yield fn(*pieces[k])
        k += 1
    if k < len(pieces):
        with workers.pieces(jobs, scheduler) as runner:
            yield from runner.map(fn, pieces[k:])


def _solve_batch(path: str, as_json: bool, max_nodes: int | None, timeout: float | None, jobs: int,
                 scheduler: str | None) -> None:
    def summary(k: int, result: SolveResult) -> str:
        return f"{k}: {verdict(result)}; winning moves: {', '.join(result.winning_moves) or _none(result)}"

    run_batch(solve_position, read_batch(path), lambda pos: (pos, max_nodes, timeout), summary, as_json, jobs,
              scheduler, path)


def run_batch(fn: Callable, lines: list[Line], piece: Callable[[Any], tuple], summary: Callable[[int, Any], str],
              as_json: bool, jobs: int, scheduler: str | None, path: str) -> None:
    """Solve each good line's position (``fn(*piece(position))``) on the workers and print each answer
    as it comes, in file order, with its line number: its JSON (with ``"input_line"``), or
    ``summary(number, result)``; a bad line is printed in its place (``{"input_line": n, "error":
    ...}``, or ``n: error``) and counted at the end on stderr. Exit 1 when a line was bad or a
    limit stopped a search."""
    good = [line for line in lines if line.error is None]
    progress = Progress(len(good))
    progress.show(0)
    unknown = done = 0
    with closing(_solved(fn, [piece(line.position) for line in good], jobs, scheduler)) as results:
        for line in lines:
            progress.clear()
            if line.error is not None:
                click.echo(json.dumps({"input_line": line.number, "error": line.error}) if as_json
                           else f"{line.number}: {line.error}")
            else:
                result = next(results)
                done += 1
                unknown += not result.solved
                click.echo(json.dumps({"input_line": line.number, **result.to_json()}) if as_json
                           else summary(line.number, result))
            sys.stdout.flush()
            if done < len(good):
                progress.show(done)
    bad = [line.number for line in lines if line.error is not None]
    if bad:
        shown = ", ".join(map(str, bad[:20])) + (", ..." if len(bad) > 20 else "")
        click.echo(f"arbiter: {'stdin' if path == '-' else path}: {len(bad)} of {len(lines)} lines not solved "
                   f"(line{'s' * (len(bad) > 1)} {shown}); the others are answered", err=True)
    if unknown or bad:
        sys.exit(EXIT_UNKNOWN)
