"""Annotating a played Realms game (``solver/annotate.py``): for every move, the share of the deals of
the mover's view in which it makes sure of the trick, against the best there, and with all cards
known (the pile shuffled) whether it kept a sure trick or threw it away. Chance outcomes (draws from a
shuffled pile, the Troll's steal) are played by their labels, not marked."""

from __future__ import annotations

from typing import Any

from arbiter.model.realms.game import MoveError, Position, apply, chance_outcomes, legal_moves
from arbiter.model.realms.notation import format_text, parse_position, position_from_json, position_to_json
from arbiter.model.realms.view import view_of

from .. import annotate as shared
from ..annotate import KEPT, NONE, THREW_AWAY, UNKNOWN
from ..search import Budget, Table
from .advise import TABLE_SIZE, TRICKS, advise, values

VERDICTS = {KEPT: "kept a sure trick", THREW_AWAY: "threw away a sure trick", NONE: "had no sure trick",
            UNKNOWN: "not solved in time"}



def _play(pos: Position, event: str) -> Position:
    if pos.to_move is None:
        for _, label, after in chance_outcomes(pos):
            if label == event:
                return after
        raise MoveError(f"chance has no outcome {event!r} here (phase {pos.phase})")
    return apply(pos, event)


def _events(obj: dict) -> list[tuple[Any, Any]]:
    steps = obj.get("steps")
    if not isinstance(steps, list):
        raise shared.GameError("steps: must be a list")
    return [(obj.get("position"), [s.get("what") for s in steps if isinstance(s, dict) and s.get("event") != "trick"])]


def _known(pos: Position, timeout: float | None) -> dict[str, float]:
    found = values(pos, pos.to_move, TRICKS, Budget(None, timeout), Table(TABLE_SIZE), whole=True)
    return {m: v[0] for m, v in found.items()}


def _canonical(pos: Position, move: str) -> str:
    text = " ".join(move.split()).lower()
    return next(str(m) for m in legal_moves(pos) if str(m).lower() == text)


ANNOTATOR = shared.Annotator("realms", parse_position, position_from_json, _play, lambda history, seat: view_of(history[-1], seat), advise, _known,
                             _canonical, _events, VERDICTS, format_text, position_to_json)

__all__ = ["ANNOTATOR", "VERDICTS"]
