"""The ``arbiter`` command: a click group; each command lives in its own small module."""

from __future__ import annotations

import click

from . import commands


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="arbiter")
def cli() -> None:
    """arbiter: rules verification and formal models for card games (Red7 first)."""


for command in commands.ALL:
    cli.add_command(command)


def main() -> None:
    cli(prog_name="arbiter")


if __name__ == "__main__":
    main()
