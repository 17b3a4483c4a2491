"""The list of ``arbiter`` subcommands, one module each (add a line when adding a command)."""

from __future__ import annotations

ALL: list = []
