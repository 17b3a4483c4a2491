"""The report's proofs section: theorem results and the never-decides table, taken from
``arbiter.proofs`` when it provides them (``run_catalogue`` and ``deciding_table``)."""

from __future__ import annotations

from typing import Any

from arbiter import proofs


def section() -> dict[str, Any]:
    """``{"theorems": [...] | None, "never_decides": {rule: [codes]} | None}``; None where the
    proofs package does not offer the result yet."""
    run = getattr(proofs, "run_catalogue", None)
    table = getattr(proofs, "deciding_table", None)
    theorems = None
    if run is not None:
        theorems = [_theorem(r) for r in run()]
    never = None
    if table is not None:
        never = _never_decides(table())
    return {"theorems": theorems, "never_decides": never}


def _plain(result: Any) -> dict[str, Any]:
    if isinstance(result, dict):
        return result
    if hasattr(result, "to_json"):
        return result.to_json()
    return dict(vars(result))


def _theorem(result: Any) -> dict[str, Any]:
    """The stable fields of a theorem result (seconds are left out: the report is compared exactly)."""
    r = _plain(result)
    out = {k: r.get(k) for k in ("id", "statement", "status")}
    if r.get("witness") is not None:
        out["witness"] = r["witness"]
    return out


def _never_decides(table: Any) -> dict[str, list[str]]:
    t = _plain(table) if not isinstance(table, dict) else table
    return {str(rule): list(cards) for rule, cards in t.items()}
