"""The ``arbiter`` command: a click group whose commands (``cli/commands.py``) are imported when
used, and the entry point that turns Ctrl-C, usage errors and a failing stdout into one line and an
exit code (0 ok, 1 finding, 2 bad input, 130 interrupted)."""

from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from .commands import COMMANDS

EXIT_BAD_INPUT, EXIT_INTERRUPTED = 2, 130


class Interrupted(Exception):
    """Ctrl-C during a command, carried past click (which would print a blank line and "Aborted!")."""


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is run, or listed by ``-h``."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        """Standalone (the ``arbiter`` command, click's test runner): exit with ``guarded``'s code."""
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        sys.exit(guarded(lambda: super(LazyGroup, self).main(*args, standalone_mode=False, **kwargs)))

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attr = COMMANDS[name]
        return getattr(importlib.import_module(f"{__package__}.{module}"), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="arbiter")
def cli() -> None:
    """arbiter: rules verification and formal models for card games (Red7 first)."""


def _say(message: str) -> None:
    try:
        print(f"arbiter: {message}", file=sys.stderr, flush=True)
    except OSError:
        pass  # stderr is gone too: the exit code is all that is left


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush of unwritable output stays quiet."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def guarded(invoke: Callable[[], object]) -> int:
    """Run ``invoke`` (click in non-standalone mode) and return the exit code, turning Ctrl-C,
    click's usage errors and a failing stdout into one line on stderr."""
    try:
        try:
            try:
                code = invoke()
            except SystemExit as e:  # sys.exit(n) in a command
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            sys.stdout.flush()  # a full or closed stdout must fail here, not at interpreter exit
        except (Interrupted, KeyboardInterrupt, click.exceptions.Abort):
            # Ctrl-C: worker processes ignore SIGINT and are stopped by whoever started them.
            _say("interrupted")
            return EXIT_INTERRUPTED
        except click.UsageError as e:
            path = e.ctx.command_path.split(" ", 1) if e.ctx else []
            _say(e.format_message() + (f" (arbiter {path[1]} -h)" if len(path) == 2 else ""))
            return EXIT_BAD_INPUT
        except click.ClickException as e:
            _say(e.format_message())
            return e.exit_code
    except OSError as e:
        if e.errno not in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF, errno.EDQUOT, errno.EFBIG):
            raise
        _silence_stdout()
        if e.errno != errno.EPIPE:  # a reader that stopped reading (| head) needs no message
            _say(f"cannot write the output: {os.strerror(e.errno)}")
        return EXIT_BAD_INPUT
    return code if isinstance(code, int) else 0


def run(args: list[str] | None = None) -> int:
    """Run the command line ``args`` (default ``sys.argv[1:]``) and return its exit code."""
    return guarded(lambda: cli.main(args=args, prog_name="arbiter", standalone_mode=False))


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
