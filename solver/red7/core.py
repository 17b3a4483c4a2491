"""Which search engine solves a Red7 position: the compiled core (``_red7core``, built from
``solver/red7/_red7core.c`` when a compiler is there) or the pure-Python search, and why.

The core knows an explicit list of switch values; any other value, or a switch it has never heard
of, sends the position to the Python search, which stays the reference."""

from __future__ import annotations

import os
from dataclasses import fields
from typing import Any

from arbiter.model.red7.game import Position
from arbiter.model.red7.ruleset import Ruleset

from ..search import INF, Budget, Search, SearchLimit, Table
from .game import Red7Game

try:
    from . import _red7core
except ImportError as error:  # no compiler at build time: the Python search answers
    _red7core = None
    _MISSING = f"the compiled core is not built ({error})"
else:
    _MISSING = ""

C, PYTHON = "c", "python"
PURE_PYTHON_ENV = "ARBITER_PURE_PYTHON"

# Every switch value the C core implements, as (switch, the value that sets the core's flag, the
# other value), in the order of the ``Rules`` struct of _red7core.c. A switch missing here (a
# reading added later) or a value not listed falls back to Python: new readings are safe until the
# core learns them.
_FLAGS: tuple[tuple[str, Any, Any], ...] = (
    ("actions", True, False),
    ("advanced", True, False),
    ("nobody_qualifies", "highest_card", "nobody"),
    ("losing_turns", "legal", "not_generated"),
    ("advanced_draw", "mandatory", "optional"),
    ("action_mode", "optional", "mandatory"),
    ("action1_eligibility", "any", "at_least_as_many"),
    ("action1_count", "before_play", "after_play"),
    ("action1_destination", "deck_bottom", "deck_top"),
    ("action3_draw_discardable", True, False),
    ("action5_chains", True, False),
    ("action7_destination", "canvas_or_deck", "canvas"),
    ("action7_advanced_draw", True, False),
    ("action7_check", "at_once", "end_of_turn"),
    ("discard_after_action7", True, False),
    ("banked_set", "all_tied_groups", "deciding"),
)
# Readings of what happens between rounds and at the end of the game: a round search never reads them.
_BETWEEN_ROUNDS = {"next_round_first": ("left_of_red_leader", "left_of_last_winner"), "final_tie": ("shared", "most_cards"),
                   "new_hand": ("hand_and_palette", "hand")}
# Readings the core knows in their default value only (the engine's choice before they became
# switches); their other values fall back to Python until the core learns them.
_DEFAULT_ONLY = {"same_colour_discard": ("allowed",), "action7_self": ("never",), "action1_out_players": ("never",),
                 "advanced_draw_count": ("at_discard",), "tie_break": ("deciding_group",), "out_palettes": ("ignored",),
                 "winning_check": ("end_of_turn",), "discard_becomes": ("winning_after",), "action1_only_card": ("never",),
                 "action7_deck_place": ("top",)}
SUPPORTED: dict[str, tuple[Any, ...]] = {name: (on, off) for name, on, off in _FLAGS} | _BETWEEN_ROUNDS | _DEFAULT_ONLY


def _flags(rs: Ruleset) -> tuple[bool, ...]:
    return tuple(getattr(rs, name) == on for name, on, _ in _FLAGS)


def unsupported(ruleset: Ruleset) -> str | None:
    """Why the C core cannot search ``ruleset`` (a switch or value it does not know), else None."""
    for f in fields(ruleset):
        value = getattr(ruleset, f.name)
        known = SUPPORTED.get(f.name)
        if known is None:
            return f"the compiled core does not know the switch {f.name!r}"
        if not any(value == k and type(value) is type(k) for k in known):
            return f"the compiled core does not implement {f.name}={value!r}"
    return None


def choose(ruleset: Ruleset, engine: str | None = None) -> tuple[str, str | None]:
    """(engine, reason it is not the C core or None). ``engine`` None picks the C core when it is
    built, the environment does not set ARBITER_PURE_PYTHON and it supports every switch;
    ``"c"`` insists on it (ValueError when it cannot), ``"python"`` asks for the Python search."""
    if engine not in (None, C, PYTHON):
        raise ValueError(f"engine must be {C!r} or {PYTHON!r}, got {engine!r}")
    if engine == PYTHON:
        return PYTHON, "asked for"
    reason = _MISSING or unsupported(ruleset)
    if engine is None and not reason and os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        reason = f"{PURE_PYTHON_ENV} is set"
    if reason and engine == C:
        raise ValueError(f"cannot use the C engine: {reason}")
    return (PYTHON, reason) if reason else (C, None)


class CoreSearch:
    """The compiled search behind the interface of ``search.Search`` (``wins``, ``value``,
    ``game``, ``budget``); it is its own budget (``spend``, ``nodes``, ``seconds``)."""

    def __init__(self, game: Red7Game, players: Position | int, max_nodes: int | None, timeout: float | None,
                 table_size: int) -> None:
        self.game = game
        if isinstance(players, Position):
            players = players.players
        self.budget = self.core = _red7core.Search(
            _flags(game.ruleset), players, game.uses_deck, max_nodes, timeout, table_size, SearchLimit,
            game.race_from, game.two_ply_from, game.order_from)

    def value(self, state: Any, player: int, alpha: int = -INF, beta: int = INF) -> int:
        return self.core.value(state, player, alpha, beta)

    def wins(self, state: Any, player: int) -> bool:
        return self.core.wins(state, player)

    def children(self, state: Any) -> list:
        """The states after each turn in the core's search order (for tests against Red7Game.children)."""
        return self.core.children(state)


def open_search(game: Red7Game, players: int, max_nodes: int | None, timeout: float | None, table_size: int,
                engine: str | None = None) -> tuple[Any, Any, str, str | None]:
    """(search, its budget, engine, reason it is not the C core) for positions of ``game`` with
    ``players`` players: the compiled core when ``choose`` picks it, else the Python search with
    its own table. Both answer ``wins``/``value`` alike and count ``budget.nodes``."""
    used, reason = choose(game.ruleset, engine)
    if used == C:
        search = CoreSearch(game, players, max_nodes, timeout, table_size)
        return search, search.budget, used, reason
    budget = Budget(max_nodes, timeout)
    return Search(game, budget, Table(table_size)), budget, used, reason
