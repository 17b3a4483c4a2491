"""The report's proofs section: the theorem results of ``arbiter.proofs`` (``run_catalogue``) and
its never-decides table (``never_decides``). Proving the catalogue is a long z3 run (one theorem can
take minutes), so the report reads the results from ``proofs.json`` beside this module, written by
``refresh()`` (``arbiter report --refresh-proofs``); a slow test keeps the file in step with the
proofs, and asks for it once ``arbiter.proofs`` publishes ``run_catalogue``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CACHE = Path(__file__).with_name("proofs.json")
STABLE = ("id", "statement", "scope", "expected", "status", "witness")  # seconds vary, so they are left out


def compute(only: str | None = None) -> dict[str, Any]:
    """Run the theorem catalogue (or the theorems ``only`` selects) and the deciding-card table."""
    from arbiter.proofs.deciding import never_decides
    from arbiter.proofs.theorems import run_catalogue

    theorems = [theorem_json(r.to_json()) for r in run_catalogue(only)]
    return {"theorems": theorems, "never_decides": never_decides() if only is None else None}


def theorem_json(result: dict[str, Any]) -> dict[str, Any]:
    """The stable fields of one theorem result, with whether its status is the expected one."""
    out = {k: result[k] for k in STABLE if k in result}
    out["as_expected"] = result["status"] == result["expected"]
    return out


def refresh(path: Path = CACHE) -> dict[str, Any]:
    """Prove everything again and write the results to ``path``."""
    data = compute()
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return data


def section(path: Path = CACHE) -> dict[str, Any]:
    """``{"theorems": [...] | None, "never_decides": {rule: [codes]} | None}`` from ``path``; None
    for both when the results have not been written yet."""
    if not path.is_file():
        return {"theorems": None, "never_decides": None}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {"theorems": data["theorems"], "never_decides": data["never_decides"]}
