"""The batch work of ``arbiter solve`` without click: reading a JSON-lines file of positions, solving
them here and then on workers, writing each answer in order; and the plain JSON solve of the
positions of a game registered ``plain`` (``model/games.py``: Red7), ``arbiter solve --batch FILE
--json`` and ``arbiter solve POSITION --json``, the forms
programs run most, answered without loading click and what it imports (about a third of the
command's start-up, benchmarks/startup.py). Any other command line, and any input to complain about,
goes to the click command (``solve.py``), which says what is wrong: the plain path changes how fast
an answer comes, never the answer."""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbiter.model import games
from arbiter.model.steps import has_turn, turn_problem

EXIT_UNKNOWN, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 1, 2, 130
MAX_JOBS = 256  # --jobs at most; its default: the cores, up to this
class BadInput(ValueError):
    """Input the command refuses, with the one line that says why."""


class Unsolvable(ValueError):
    """A batch line that is a sound position the solver does not take (its ``parse`` says why)."""


def say(message: str) -> None:
    """``arbiter: message`` on stderr, even when stderr is gone (the exit code is then all that is left)."""
    try:
        print(f"arbiter: {message}", file=sys.stderr, flush=True)
    except OSError:
        pass


def write_failure(e: OSError) -> int:
    """The exit code for an output that failed: 0 for a reader that stopped reading (a closed pipe),
    else 2 with one line (a full disk); other errors are raised again."""
    if e.errno not in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG):
        raise e
    try:  # point stdout at /dev/null so the interpreter's last flush of unwritable output stays quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if e.errno == errno.EPIPE:  # a reader that stopped reading (| head): done, as `git log | head` is
        return 0
    say(f"cannot write the output: {os.strerror(e.errno)}")
    return EXIT_BAD_INPUT


def puzzle_position(arg: str) -> dict | None:
    """The ``position`` object of a puzzle file (``puzzle.read``), or None when ``arg`` names none."""
    from . import puzzle

    found = puzzle.read(arg)
    return None if found is None else found["position"]


# -- batches -------------------------------------------------------------------------------------

def batch_game(path: str) -> str:
    """The game of a batch file's first position (the default game when it cannot be read: its loader says why)."""
    if path == "-" or not Path(path).is_file():
        return games.DEFAULT
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        return games.game_of_text(next((line for line in lines if line.strip()), ""))
    except (OSError, UnicodeDecodeError, games.UnknownGame):
        return games.DEFAULT


@dataclass(frozen=True)
class Line:
    """A batch line: its number in the file and its position, or why it cannot be solved."""

    number: int
    position: Any = None
    error: str | None = None


def read_batch(path: str, parse: Callable[[str], Any], errors: type[Exception], game: str,
               over: Callable[[Any], str | None]) -> list[Line]:
    """Every non-blank line of a JSON-lines file, read by ``parse``: its position, or what is wrong with
    it (``errors``, a line of another game than ``game``, Unsolvable, a finished game: ``over(pos)``
    says how it ended), so that one bad line does not stop the rest. BadInput for a file that cannot
    be read."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        games.check_text(text, "stdin" if path == "-" else repr(path), "batch of positions")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"cannot read {path!r}: {e}") from None
    except ValueError as e:
        raise BadInput(str(e)) from None
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if (other := _line_game(line)) not in (None, game):
            lines.append(Line(number, error=f"a {games.info(other).name} position; a batch holds positions of one "
                                            f"game ({games.info(game).name}, as its first line)"))
            continue
        if (section := turn_section(game, line)) is not None:
            lines.append(Line(number, error=f"bad position: {section}"))
            continue
        try:
            pos = parse(line)
        except Unsolvable as e:
            lines.append(Line(number, error=f"cannot solve this position: {e}"))
            continue
        except errors as e:
            lines.append(Line(number, error=f"bad position: {e}"))
            continue
        ended = over(pos)
        lines.append(Line(number, pos) if ended is None else Line(number, error=f"{ended}; nothing to solve"))
    return lines


IN_PROGRESS = ("a turn in progress (its turn section): `arbiter apply POSITION STEP` goes on from it and "
               "`arbiter moves` lists its steps; this command takes a position between turns")


def turn_section(game: str, text: str, in_turn: bool = False) -> str | None:
    """What a command says of a POSITION text's turn section: what is wrong with it
    (``model.steps.turn_problem``), else, unless the command takes a turn in progress (``in_turn``),
    that it holds one; None for a text without one."""
    if not has_turn(text):
        return None
    problem = turn_problem(games.model(game).steps.RULES, text)
    return problem if problem is not None or in_turn else IN_PROGRESS


def _line_game(line: str) -> str | None:
    """The game a batch line names, None when it cannot tell (the game's reader then says what is wrong)."""
    try:
        if line.lstrip().startswith("{"):
            games.read_json(line)
        return games.game_of_text(line)
    except (ValueError, games.UnknownGame):
        return None


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


Pool = Callable[[], AbstractContextManager[Any]]  # makes the workers' runner (solver.pieces.Pieces)


def run_batch(fn: Callable, lines: list[Line], piece: Callable[[Any], tuple], summary: Callable[[int, Any], str],
              as_json: bool, pool: Pool, path: str) -> int:
    """Solve each good line's position (``fn(*piece(position))``) on the runner ``pool()`` makes and
    print each answer as it comes, in file order, with its line number: its JSON (with
    ``"input_line"``), or ``summary(number, result)``; a bad line is printed in its place
    (``{"input_line": n, "error": ...}``, or ``n: error``) and counted at the end on stderr. The exit
    code: 1 when a line was bad or a limit stopped a search."""
    good = [line for line in lines if line.error is None]
    progress = Progress(len(good))
    progress.show(0)
    unknown = done = 0
    out = sys.stdout
    with pool() as runner:  # local workers start only if the batch runs long (solver.pieces.here_first)
        results = iter(runner.map(fn, [piece(line.position) for line in good]))
        for line in lines:
            progress.clear()
            if line.error is not None:
                out.write((json.dumps({"input_line": line.number, "error": line.error}) if as_json
                           else f"{line.number}: {line.error}") + "\n")
            else:
                result = next(results)
                done += 1
                unknown += not result.solved
                out.write((json.dumps({"input_line": line.number, **result.to_json()}) if as_json
                           else summary(line.number, result)) + "\n")
            out.flush()
            if done < len(good):
                progress.show(done)
    bad = [line.number for line in lines if line.error is not None]
    if bad:
        shown = ", ".join(map(str, bad[:20])) + (", ..." if len(bad) > 20 else "")
        say(f"{'stdin' if path == '-' else path}: {len(bad)} of {len(lines)} lines not solved "
            f"(line{'s' * (len(bad) > 1)} {shown}); the others are answered")
    return EXIT_UNKNOWN if unknown or bad else 0


def finished(game: str, pos: Any) -> str | None:
    """How a finished position ended, in the same words for every game ("the round is over: player 1
    won"; the game's ``unit``, and a game without a winner, bridge, says its own ``over``); None
    while someone is still to move."""
    if not pos.is_over:
        return None
    info = games.info(game)
    if info.plain:  # its CLI module (and click) stays unloaded on the plain path: it has neither hook
        cli = None
    else:
        from .common import game_cli

        cli = game_cli(game)
    if (own := getattr(cli, "over", None)) is not None:
        return own(pos)[0]
    name = getattr(cli, "seat_name", None)
    names = [name(i, pos) if name else f"player {i}" for i in winners(pos)]
    unit = info.unit
    if len(names) > 1:
        return f"the {unit} is over: {', '.join(names[:-1])} and {names[-1]} share the victory"
    return f"the {unit} is over: {names[0] if names else 'nobody'} won"


def winners(pos: Any) -> tuple[int, ...]:
    """The winners of a finished position: Stick to Colours may have several (``winners``), the others one."""
    found = getattr(pos, "winners", None)
    if found is None:
        return () if pos.winner is None else (pos.winner,)
    return tuple(found)


# -- the plain JSON solve -----------------------------------------------------------------------

def _plain(args: list[str]) -> tuple[str, str] | None:
    """("batch", FILE) or ("position", POSITION) for ``solve --batch FILE --json`` and ``solve POSITION
    --json`` (in any order; no other option, no stdin), else None."""
    if not args or args[0] != "solve" or "--json" not in args:
        return None
    rest = [a for a in args[1:] if a != "--json"]
    if len(rest) == 2 and rest[0] == "--batch" and not rest[1].startswith("-"):
        return "batch", rest[1]
    if len(rest) == 1 and not rest[0].startswith("-") and len(args) == 3:
        return "position", rest[0]
    return None


def _local(jobs: int) -> Pool:
    from contextlib import contextmanager

    from arbiter.solver.pieces import here_first

    @contextmanager
    def pool() -> Iterator[Any]:
        try:
            yield here_first(jobs)
        except RuntimeError as e:  # a worker process that kept dying
            raise BadInput(str(e)) from None

    return pool


def solve_json(args: list[str]) -> int | None:
    """Run a plain JSON solve (see the module) and return its exit code, or None to leave the
    command line to click: another form, another game, or input to complain about."""
    form = _plain(args)
    if form is None:
        return None
    kind, arg = form
    try:
        if kind == "batch":
            game = batch_game(arg)
            if not games.info(game).plain:
                return None
            model = games.model(game)
            lines = read_batch(arg, model.parse_position, model.PositionError, game, lambda pos: finished(game, pos))
        else:
            if puzzle_position(arg) is not None:
                return None
            text = games.read_text(arg, sys.stdin)
            game = games.game_of_text(text)
            if not games.info(game).plain:
                return None
            pos = games.model(game).parse_position(text)
            if pos.is_over:  # the click command says how it ended
                return None
            lines = [Line(1, pos)]
    except (ValueError, games.UnknownGame):  # BadInput, PositionError, an unreadable file: click says it
        return None
    return _guarded(lambda: _answer(game, kind, arg, lines))


def _answer(game: str, kind: str, path: str, lines: list[Line]) -> int:
    solve = games.layer(game, "solver").solve
    if kind == "position":
        result = solve(lines[0].position)
        sys.stdout.write(json.dumps(result.to_json(), indent=2) + "\n")
        return 0 if result.solved else EXIT_UNKNOWN
    return run_batch(solve, lines, lambda pos: (pos, None, None), str, True,
                     _local(min(os.cpu_count() or 1, MAX_JOBS)), path)


def _guarded(invoke: Callable[[], int]) -> int:
    """As ``main.guarded`` for the plain path: Ctrl-C, a failing worker pool and a failing stdout
    become one line and an exit code."""
    try:
        try:
            code = invoke()
            sys.stdout.flush()  # a full or closed stdout must fail here, not at interpreter exit
        except KeyboardInterrupt:
            say("interrupted")
            return EXIT_INTERRUPTED
        except BadInput as e:
            say(str(e))
            return EXIT_BAD_INPUT
    except OSError as e:
        return write_failure(e)
    return code


def leave(code: int) -> None:
    """Exit with ``code``. CPython marks a Ctrl-C that lands inside exec() or eval() of a string
    (dataclasses does that while modules import) as unhandled even once caught, and would then end
    the process by SIGINT (status -2) instead of this exit code: the interrupt was handled, so leave
    now, after what the interpreter would run at exit (worker pools' clean-up among it)."""
    if code == EXIT_INTERRUPTED:
        import atexit

        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


def main() -> None:
    """The ``arbiter`` command: the plain JSON solve when the command line is one, else click's."""
    code = solve_json(sys.argv[1:])
    if code is None:
        from .main import main as click_main

        click_main()
    leave(code)
