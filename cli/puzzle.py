"""Puzzle files (examples/puzzles/, every game): a JSON object with a ``position`` and its written
``answer``, perhaps a ``notation`` line and the settings its answer is for (Realms: ``tricks``),
read once for every command, and the written answer compared with what the solver says."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from arbiter.model import games

# Solve options a puzzle may set, each with what it must be: the answer holds only with them.
SETTINGS = {"tricks": "a number of tricks, at least 1"}


def read(arg: str) -> dict[str, Any] | None:
    """The puzzle a POSITION argument names (a ``.json`` file holding an object with ``position`` and
    ``answer``), or None when it names none (any other file is read as a position, and its errors
    said then)."""
    path = Path(arg)
    if path.suffix != ".json" or not path.is_file():
        return None
    try:
        obj = games.read_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if isinstance(obj, dict) and isinstance(obj.get("position"), dict) and "answer" in obj:
        return obj
    return None


def settings(puzzle: dict[str, Any]) -> dict[str, Any]:
    """The solve settings a puzzle sets; ValueError naming a bad one."""
    found = {k: puzzle[k] for k in SETTINGS if k in puzzle}
    tricks = found.get("tricks")
    if tricks is not None and (not isinstance(tricks, int) or isinstance(tricks, bool) or tricks < 1):
        raise ValueError(f"tricks: {SETTINGS['tricks']}, got {json.dumps(tricks)}")
    return found


def differences(answer: Any, solved: dict[str, Any]) -> list[str]:
    """How the written ``answer`` (its keys are those of the solver's ``to_json()``) differs from
    ``solved``, one line a key; empty when it holds. Numbers match to 1e-9 (expected values)."""
    if not isinstance(answer, dict) or not answer:
        return ["answer: must be a JSON object of the solver's keys (see docs/solver.md)"]
    out = []
    for key, written in answer.items():
        if key not in solved:
            out.append(f"{key}: the solver gives no such answer (its keys: {', '.join(sorted(solved))})")
        elif not _same(written, solved[key]):
            out.append(f"{key}: written {json.dumps(written)}, solved {json.dumps(solved[key])}")
    return out


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return math.isclose(a, b, rel_tol=0, abs_tol=1e-9)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b
