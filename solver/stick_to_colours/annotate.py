"""Annotating a played Stick to Colours game (``solver/annotate.py``): for every decision, the margin
it forces by the end of its turn averaged over the deals of the mover's view (tracked from the game's
history), against the best there, and with all cards known whether it kept the best margin it could
force or gave some away."""

from __future__ import annotations

from typing import Any

from arbiter.model.stick_to_colours import Move, Position, apply, parse_position, position_from_json
from arbiter.model.stick_to_colours.notation import format_text, position_to_json
from arbiter.model.stick_to_colours.view import view_of

from .. import annotate as shared
from ..annotate import KEPT, NONE, THREW_AWAY, UNKNOWN
from ..search import Budget, Table
from .advise import TABLE_SIZE, advise, values

VERDICTS = {KEPT: "kept the best margin", THREW_AWAY: "gave away margin", NONE: "every decision forces the same",
            UNKNOWN: "not solved in time"}



def _events(obj: dict) -> list[tuple[Any, Any]]:
    moves = obj.get("moves")
    if not isinstance(moves, list):
        raise shared.GameError("moves: must be a list")
    return [(obj.get("start"), [m.get("move") if isinstance(m, dict) else m for m in moves])]


def _known(pos: Position, timeout: float | None) -> dict[str, float]:
    return {m: v[0] for m, v in values(pos, Budget(None, timeout), Table(TABLE_SIZE)).items()}


def _canonical(pos: Position, move: str) -> str:
    return str(Move.parse(move))


ANNOTATOR = shared.Annotator("stick-to-colours", parse_position, position_from_json, apply, view_of, advise, _known, _canonical, _events, VERDICTS,
                             format_text, position_to_json, binary=False)

__all__ = ["ANNOTATOR", "VERDICTS"]
