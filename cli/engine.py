"""``arbiter engine``: serve the engine protocol (docs/protocol.md) on stdin and stdout."""

from __future__ import annotations

import sys

import click
from arbiter.model.protocol import serve


@click.command()
def engine() -> None:
    """Answer arbiter-engine/1 requests for every game (each names its "game", default red7), one
    JSON object per line, until end of input."""
    # Bytes that are not UTF-8 become U+FFFD, so a bad line is an error answer, not the end of the engine.
    sys.stdin.reconfigure(errors="replace")
    click.get_current_context().exit(serve(sys.stdin, sys.stdout))
