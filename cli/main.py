"""The ``arbiter`` command: a click group whose commands (``cli/commands.py``) are imported when
used, and the entry point that turns Ctrl-C, usage errors and a failing stdout into one line and an
exit code (0 ok, 1 finding, 2 bad input, 130 interrupted; a reader that stopped reading is 0)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

import click

from .commands import COMMANDS
from .plain import EXIT_BAD_INPUT, EXIT_INTERRUPTED, leave, say, write_failure


class Interrupted(Exception):
    """Ctrl-C during a command, carried past click (which would print a blank line and "Aborted!")."""


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is run. ``-h`` lists the
    commands from their modules' source (the docstring and ``help``/``short_help`` of each
    ``click.command``) without importing them: ``report`` and ``annotate`` would load z3."""

    listing = False

    def main(self, args: Any = None, prog_name: str | None = None, *, standalone_mode: bool = True,
             **kwargs: Any) -> Any:
        """Standalone (the ``arbiter`` command, click's test runner): exit with ``guarded``'s code."""
        if not standalone_mode:
            return super().main(args, prog_name, standalone_mode=False, **kwargs)
        sys.exit(guarded(lambda: self.direct(args, prog_name, **kwargs)))

    def direct(self, args: Any = None, prog_name: str | None = None, **extra: Any) -> object:
        """click's ``main`` without its own handling of a broken pipe (which exits 1, the code of a
        finding): errors reach ``guarded`` as they are; ``ctx.exit(n)`` (-h, --version) returns n."""
        extra.setdefault("color", environment_color())
        try:
            with self.make_context(prog_name or "arbiter", list(sys.argv[1:] if args is None else args), **extra) as ctx:
                return self.invoke(ctx)
        except click.exceptions.Exit as e:
            return e.exit_code
        except EOFError:
            raise click.exceptions.Abort() from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attr = COMMANDS[name]
        if self.listing and (listed := listed_command(module, attr)) is not None:
            return listed
        return with_color_option(getattr(importlib.import_module(f"{__package__}.{module}"), attr))


def environment_color() -> bool | None:
    """Colour as the environment asks: off under NO_COLOR (set, not empty: no-color.org) or
    TERM=dumb; None otherwise, which click reads as "on a terminal only"."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return None


def _set_color(ctx: click.Context, param: click.Parameter, value: bool | None) -> None:
    if value is not None:
        ctx.color = value


def color_option() -> click.Option:
    return click.Option(["--color/--no-color"], default=None, expose_value=False, is_eager=True, callback=_set_color,
                        help="Cards in their colours always, or never (default: on a terminal only, and never when "
                             "NO_COLOR is set or TERM=dumb).")


def with_color_option(command: click.Command) -> click.Command:
    """``command`` (and a group's commands) taking ``--color/--no-color``, the one option every
    command has; added here once rather than written on each."""
    if not any(p.name == "color" for p in command.params):
        command.params.append(color_option())
    for sub in getattr(command, "commands", {}).values():
        with_color_option(sub)
    return command


def listed_command(module: str, attr: str) -> click.Command | None:
    """The command ``attr`` of ``arbiter.cli.<module>`` as ``-h`` lists it (name and help only),
    read from the module's source; None when the source is not there (the module is imported then)."""
    import ast  # only -h reads sources
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec(f"{__package__}.{module}")
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    try:
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == attr:
            texts = {"help": ast.get_docstring(node)}
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr == "command":
                    texts |= {k.arg: k.value.value for k in d.keywords
                              if k.arg in ("help", "short_help") and isinstance(k.value, ast.Constant)}
            return click.Command(attr, help=texts["help"], short_help=texts.get("short_help"))
    return None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="arbiter")
def cli() -> None:
    """arbiter: rules verification and formal models for card games (Red7, Realms, Stick to Colours, bridge
    card play; arbiter games lists them)."""


with_color_option(cli)  # before the command (arbiter --no-color show ...) as after it


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
            say("interrupted")
            return EXIT_INTERRUPTED
        except click.UsageError as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # a bare group (arbiter, arbiter vectors): its help
                click.echo(e.format_message(), err=True)
                return EXIT_BAD_INPUT
            path = e.ctx.command_path.split(" ", 1) if e.ctx else []
            say(e.format_message() + (f" (arbiter {path[1]} -h)" if len(path) == 2 else ""))
            return EXIT_BAD_INPUT
        except click.ClickException as e:
            say(e.format_message())
            return e.exit_code
    except OSError as e:
        return write_failure(e)
    return code if isinstance(code, int) else 0


def run(args: list[str] | None = None) -> int:
    """Run the command line ``args`` (default ``sys.argv[1:]``) and return its exit code."""
    return guarded(lambda: cli.direct(args, "arbiter"))


def main() -> None:
    leave(run())


if __name__ == "__main__":
    main()
