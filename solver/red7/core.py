"""Which search engine solves a Red7 position: the compiled core (``_red7core``, built from
``solver/red7/_red7core.c`` when a compiler is there) or the pure-Python search, and why.

The core knows an explicit list of switch values; any other value, or a switch it has never heard
of, sends the position to the Python search, which stays the reference."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from arbiter.model.red7.cards import CardMask
from arbiter.model.red7.game import CANVAS, DECK, DISCARD, DRAW, PASS, PLAY, TAKE, Move, Position
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.red7.steps import cut_under

from ..search import INF, PYTHON, Budget, C, Search, SearchLimit, Table, choose_engine, compiled, cpu_time
from .game import Red7Game

_red7core, _MISSING = compiled(__package__, "_red7core")

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
    return choose_engine(engine, "" if engine == PYTHON else _MISSING or unsupported(ruleset) or "")


class CoreSearch:
    """The compiled search behind the interface of ``search.Search`` (``wins``, ``value``,
    ``game``, ``budget``); it is its own budget (``spend``, ``nodes``, ``seconds``)."""

    def __init__(self, game: Red7Game, players: Position | int, max_nodes: int | None, timeout: float | None,
                 table_size: int) -> None:
        self.game = game
        self._decisions: dict[bytes, str] = {}
        if isinstance(players, Position):
            players = players.players
        self.budget = self.core = _red7core.Search(
            _flags(game.ruleset), players, game.uses_deck, max_nodes, timeout, table_size, SearchLimit, cpu_time(),
            game.race_from, game.two_ply_from, game.order_from(players), game.two_in)

    def value(self, state: Any, player: int, alpha: int = -INF, beta: int = INF) -> int:
        return self.core.value(state, player, alpha, beta)

    def wins(self, state: Any, player: int) -> bool:
        return self.core.wins(state, player)

    def children(self, state: Any) -> list:
        """The states after each turn in the core's search order (for tests against Red7Game.children)."""
        return self.core.children(state)

    # The root's work, done by the core on its own states (same answers and nodes as the Python
    # functions named): the turns are named by their steps, read back as game.Move values.
    def moves(self, state: Any) -> list[tuple[Move, Any]]:
        """As ``Red7Game.moves``: every turn with the state after it, best-first for the mover."""
        return [(move_of(steps), child) for steps, child in self.core.moves(state)]

    def line(self, state: Any, player: int, exact: bool) -> list[str]:
        """As ``coalition.principal_line`` over ``Red7Game.moves``, as turn texts."""
        return [str(move_of(steps)) for steps in self.core.line(state, player, exact)]

    def live(self, state: Any, player: int, interest: CardMask) -> CardMask:
        """As ``coalition.live_marks`` with the hand cards ``player`` uses (the solver's dead cards)."""
        return self.core.live(state, player, interest)

    def first_turns(self, states: list, player: int, whole: bool) -> tuple[list[dict[str, bool]], list[int], str | None]:
        """As ``advise._first_turns`` on each state (a deal), in one call: each deal's decisions with
        whether one of their turns wins (named as ``advise.decided`` names them, a turn cut at a draw
        marked; ``whole``: every whole turn), each deal's nodes, and what stopped it (None, "timeout",
        "interrupted"; the lists then hold the deals done before)."""
        found, nodes, stopped = self.core.first_turns(states, player, whole)
        name = text_of if whole else self._decision
        return [{name(steps): won for steps, won in deal} for deal in found], nodes, stopped

    def _decision(self, steps: bytes) -> str:
        """The text of a decision the core cut at a draw: the first step of its turn, marked when cut."""
        text = self._decisions.get(steps)
        if text is None:
            text = self._decisions[steps] = cut_under(self.game.ruleset, move_of(steps))[0]
        return text


_VERBS = (PLAY, DISCARD, DRAW, TAKE, CANVAS, DECK, PASS)  # the core's step codes, in the order of its enum
_MOVES: dict[bytes, Move] = {}
_TEXTS: dict[bytes, str] = {}
_KEPT = 1 << 16  # turns remembered at most; a fuller cache starts afresh


def move_of(steps: bytes) -> Move:
    """The Move of the core's steps: (verb code, card) byte pairs, card 255 for none."""
    move = _MOVES.get(steps)
    if move is None:
        if len(_MOVES) >= _KEPT:
            _MOVES.clear()
        move = _MOVES[steps] = Move((_VERBS[steps[k]], -1 if steps[k + 1] == 255 else steps[k + 1])
                                    for k in range(0, len(steps), 2))
    return move


def text_of(steps: bytes) -> str:
    text = _TEXTS.get(steps)
    if text is None:
        if len(_TEXTS) >= _KEPT:
            _TEXTS.clear()
        text = _TEXTS[steps] = str(move_of(steps))
    return text


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
