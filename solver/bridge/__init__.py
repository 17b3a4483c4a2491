"""Bridge double-dummy solver: the family's search (``solver/tricks/search.py``) on bridge's deck,
through the compiled core when it is built (``_bridgecore.c``, same nodes) or in Python.

``solve(position)``: North-South's and East-West's tricks from a position with best play by all
four open hands, and the tricks after each legal card; ``dd_table(hands)``: the double-dummy
table of a deal at a trick boundary, tricks for each declarer (N E S W) in each strain (the first
lead by declarer's left-hand opponent), as DDS's ``CalcDDtable`` gives it.

>>> from arbiter.model.bridge import parse_position
>>> pos = parse_position("N:AK... QJ... 32... T9...")
>>> result = solve(pos)
>>> result.ns, result.ew, [(m.card, m.ns) for m in result.moves]
(2, 0, [('SA', 2), ('SK', 2)])
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from arbiter.model.bridge import fast
from arbiter.model.bridge.cards import NT, SEATS, STRAINS, SUIT_MASK, card_code, cards_of
from arbiter.model.bridge.game import Position, successor

from ..result import SOLVED
from ..tricks.search import Context, Deck, NodeLimit, equivalent_runs, mtd_tricks

try:
    from . import _bridgecore as core
except ImportError:  # no C compiler at install time: the Python search gives the same answers
    core = None

DECK = Deck(suits=SUIT_MASK, ranks=13, winner=fast.winner)
TABLE_STRAINS = (0, 1, 2, 3, NT)  # DDS's order: spades, hearts, diamonds, clubs, no trump


def tricks(hands: tuple[int, ...], strain: int, leader: int, trick: tuple[int, ...] = (), *,
           compiled: bool | None = None, guess: int | None = None, ctx: Any = None) -> tuple[int, int]:
    """``(North-South's tricks of those left, nodes)`` with best play; ``compiled`` None uses the
    core when built. ``ctx`` (a Python ``Context`` or a core table) is kept across calls of one strain."""
    if compiled is None:
        compiled = core is not None
    if compiled:
        if core is None:
            raise RuntimeError("the compiled bridge core is not built (pip install -e . with a C compiler)")
        return core.tricks(tuple(hands), strain, leader, tuple(trick), -1 if guess is None else guess, ctx)
    c = ctx if ctx is not None else Context(DECK, strain)
    before = c.nodes
    return mtd_tricks(c, hands, leader, trick, guess), c.nodes - before


def _fresh_context(strain: int, compiled: bool) -> Any:
    return core.Table() if compiled else Context(DECK, strain)


def dd_table(hands: tuple[int, ...], *, compiled: bool | None = None) -> tuple[list[list[int]], int]:
    """``(table, nodes)``: ``table[k][d]`` is declarer ``d``'s tricks (N E S W) in strain
    ``TABLE_STRAINS[k]`` from a trick boundary, the first lead by ``d``'s left-hand opponent."""
    if compiled is None:
        compiled = core is not None
    left = hands[0].bit_count()
    table, nodes = [], 0
    for strain in TABLE_STRAINS:
        ctx = _fresh_context(strain, compiled)
        row, guess = [0, 0, 0, 0], None
        for leader in range(4):
            ns, n = tricks(hands, strain, leader, compiled=compiled, guess=guess, ctx=ctx)
            nodes += n
            guess = ns
            declarer = (leader + 3) % 4
            row[declarer] = ns if declarer & 1 == 0 else left - ns
        table.append(row)
    return table, nodes


@dataclass
class CardValue:
    card: str
    ns: int
    ew: int

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "ns": self.ns, "ew": self.ew}


@dataclass
class SolveResult:
    """Tricks North-South and East-West take from here (won so far plus best play), each legal
    card's outcome, the double-dummy table when the position is at a trick boundary."""

    position: Position
    ns: int = 0
    ew: int = 0
    moves: list[CardValue] = field(default_factory=list)
    table: list[list[int]] | None = None
    nodes: int = 0
    seconds: float = 0.0
    result: str = SOLVED
    stopped: str | None = None
    engine: str = "python"

    @property
    def solved(self) -> bool:
        return self.result == SOLVED

    def to_json(self) -> dict[str, Any]:
        from arbiter.model.bridge.notation import position_to_json

        out: dict[str, Any] = {"position": position_to_json(self.position), "result": self.result,
                               "ns": self.ns, "ew": self.ew, "to_move": SEATS[self.position.to_move]
                               if self.position.to_move is not None else None,
                               "moves": [m.to_json() for m in self.moves]}
        if self.table is not None:
            out["table"] = {STRAINS[s]: dict(zip(SEATS, row, strict=True))
                            for s, row in zip(TABLE_STRAINS, self.table, strict=True)}
        out.update(nodes=self.nodes, seconds=round(self.seconds, 3), engine=self.engine)
        if self.stopped:
            out["stopped"] = self.stopped
        return out


def solve(position: Position, *, table: bool = True, compiled: bool | None = None,
          max_nodes: int | None = None) -> SolveResult:
    """The double-dummy answer for ``position`` (see the module docstring); with ``table`` and a
    position at a trick boundary, its double-dummy table too."""
    if compiled is None:
        compiled = core is not None
    pos = position.validate()
    out = SolveResult(pos, engine="compiled" if compiled else "python")
    started = time.process_time()
    if pos.is_over:
        out.ns, out.ew = pos.tricks
        return out
    try:
        ctx = _fresh_context(pos.strain, compiled)
        if not compiled and max_nodes is not None:
            ctx.max_nodes = max_nodes
        ns, n = tricks(pos.hands, pos.strain, pos.leader, pos.trick, compiled=compiled, ctx=ctx)
        out.nodes += n
        left = pos.tricks_left
        out.ns, out.ew = pos.tricks[0] + ns, pos.tricks[1] + left - ns
        legal = _legal(pos)
        live = (pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]) & ~pos.hands[pos.to_move]
        for c in pos.trick:
            live |= 1 << c
        values: dict[int, int] = {}
        for c in equivalent_runs(DECK, legal, pos.hands[pos.to_move], live):  # one search per run
            after = successor(pos, c)
            if after.is_over:
                values[c] = after.tricks[0] - pos.tricks[0]
            else:
                rest, n = tricks(after.hands, after.strain, after.leader, after.trick, compiled=compiled, ctx=ctx,
                                 guess=ns)
                out.nodes += n
                values[c] = after.tricks[0] - pos.tricks[0] + rest
        for c in cards_of(legal):
            a_ns = values[min(p for p in values if p >= c and p // 13 == c // 13)]
            out.moves.append(CardValue(card_code(c), pos.tricks[0] + a_ns, pos.tricks[1] + left - a_ns))
        if table and not pos.trick:
            out.table, n = dd_table(pos.hands, compiled=compiled)
            out.nodes += n
    except NodeLimit as e:
        out.result, out.stopped = "unknown", str(e)
    out.seconds = time.process_time() - started
    return out


def _legal(pos: Position) -> int:
    return fast.legal(pos.trick, pos.hands[pos.to_move])
