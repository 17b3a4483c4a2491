"""Annotating a played Red7 game (``solver/annotate.py``): for every turn, its win share from the
mover's view against the best share there, and with all cards known whether it kept or threw away a
forced win. Reads ``play --json`` logs (every round of an Advanced match)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.model.red7.game import Position, apply, legal_moves
from arbiter.model.red7.notation import format_text, parse_position, position_from_json, position_to_json
from arbiter.model.red7.view import view_of

from .. import annotate as shared
from ..annotate import KEPT, NONE, THREW_AWAY, UNKNOWN, Annotation, GameError, Round, TurnNote
from ..pieces import Pieces
from .advise import MEASURE, advise, outcomes

VERDICTS = {KEPT: "kept a forced win", THREW_AWAY: "threw away a forced win", NONE: "had no forced win",
            UNKNOWN: "not solved in time"}



def _events(obj: dict) -> list[tuple[Any, Any]]:
    raws = obj.get("rounds")
    if not isinstance(raws, list):
        raise GameError("rounds: must be a list")
    return [(r.get("position"), [t.get("move") if isinstance(t, dict) else t for t in r.get("turns", [])])
            if isinstance(r, dict) else (None, None) for r in raws]


def _known(pos: Position, timeout: float | None) -> dict[str, float]:
    whole, _ = outcomes(pos, timeout, whole=True)
    return {m: float(w) for m, w in whole.items()}


def _canonical(pos: Position, move: str) -> str:
    text = " ".join(move.split()).lower()
    return next(str(m) for m in legal_moves(pos) if str(m).lower() == text)


ANNOTATOR = shared.Annotator("red7", parse_position, position_from_json, apply, lambda history, seat: view_of(history[-1], seat), advise, _known,
                             _canonical, _events, VERDICTS, format_text, position_to_json)


def read_game(text: str) -> list[Round]:
    """Rounds from a Red7 ``play --json`` log, a JSON object ``{"position": ..., "turns": [...]}``, or
    text: a position line followed by one turn a line. Every turn is replayed (GameError if illegal)."""
    return shared.read_game(text, {"red7": lambda: ANNOTATOR})[1]


def annotate(rounds: list[Round], samples: int = 30, seed: int = 0, timeout: float | None = None,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None, *,
             pieces: Pieces | None = None) -> Annotation:
    """``solver/annotate.py``'s ``annotate`` for Red7 rounds."""
    return shared.annotate(ANNOTATOR, rounds, samples, seed, timeout, jobs, progress, pieces=pieces)


__all__ = ["ANNOTATOR", "MEASURE", "VERDICTS", "Annotation", "GameError", "Round", "TurnNote", "annotate",
           "read_game"]
