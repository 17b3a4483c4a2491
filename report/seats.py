"""Seats in words, numbered as the CLI numbers them (from 0, docs/cli.md): every report names a
player with ``who``, so no report counts from 1."""

from __future__ import annotations


def who(i: int | None, bot: int | None = None) -> str:
    """``Player i`` (from 0); ``None`` is nobody; the seat numbered ``bot`` (Stick to Colours: the
    player count, the seat after the players) is the bot."""
    if i is None:
        return "nobody"
    return "the bot" if bot is not None and i == bot else f"Player {i}"
