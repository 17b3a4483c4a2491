"""Which search solves a Stick to Colours endgame: the compiled core (``_stickcore``, built from
``solver/stick_to_colours/_stickcore.c`` when a compiler is there) or the Python search on
``StickState``, which stays the reference; both visit the same nodes. Every reading is the core's:
it takes the game's switches as flags, and the scoring rules (points, which cards can still be in
a set) from Python."""

from __future__ import annotations

from typing import Any

from ..search import INF, Budget, C, Search, SearchLimit, Table, choose_engine, compiled, cpu_time
from .state import StickState

_stickcore, MISSING = compiled(__package__, "_stickcore")


def _flags(game: StickState) -> tuple[bool, ...]:
    """The readings the core's rules take, in the order of its ``Core_init``."""
    return (game.bot, game.bot_scores, game.cover, game.raise_one, game.pass_final, game.anyone, game.when_needed,
            game.cumulative, game.tight)


class CoreSearch:
    """The compiled search behind ``search.Search``'s ``value`` (and ``children`` for tests); it is
    its own budget (``nodes``, ``seconds``)."""

    def __init__(self, game: StickState, max_nodes: int | None, timeout: float | None, table_size: int) -> None:
        self.game = game
        self.budget = self.core = _stickcore.Search(
            game.n, _flags(game), game.size, tuple(game.deck), tuple(game.witness), game.points, max_nodes, timeout,
            table_size, SearchLimit, cpu_time())

    def value(self, state: Any, player: int, alpha: int = -INF, beta: int = INF) -> int:
        return self.core.value(state, player, alpha, beta)

    def children(self, state: Any) -> list:
        return self.core.children(state)


def open_search(game: StickState, max_nodes: int | None, timeout: float | None, table_size: int,
                engine: str | None = None) -> tuple[Any, Any, str]:
    """(search, its budget, engine): the compiled core unless it is not built, ARBITER_PURE_PYTHON is
    set or ``engine`` is ``"python"`` (``search.choose_engine``); ``"c"`` insists on it."""
    used, _ = choose_engine(engine, MISSING)
    if used == C:
        search = CoreSearch(game, max_nodes, timeout, table_size)
        return search, search.budget, used
    budget = Budget(max_nodes, timeout)
    return Search(game, budget, Table(table_size)), budget, used
