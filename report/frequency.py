"""How often an entry matters, for any game: shares with Wilson intervals, pooled over the sampled
settings, and the one plain-words sentence a reader sees."""

from __future__ import annotations

from typing import Any

from arbiter.solver.stats import wilson


def share(count: int, total: int) -> dict[str, Any]:
    low, high = wilson(count, total)
    return {"count": count, "games": total, "share": round(count / total, 4) if total else None,
            "low": round(low, 4), "high": round(high, 4)}


def pct(s: dict[str, Any]) -> str:
    """``12% (95% interval 9-16%)``; shares below 1% keep one decimal."""
    def one(x: float) -> str:
        x *= 100
        return f"{x:.1f}" if 0 < x < 1 else f"{x:.0f}"
    if s["share"] is None:
        return "no games"
    return f"{one(s['share'])}% (95% interval {one(s['low'])}-{one(s['high'])}%)"


def frequency(settings: list[dict[str, Any]], measure: str | None, games_text: str, changes_text: str,
              game_text: str | None = None) -> dict[str, Any]:
    """Pool per-setting counts into the entry's ``frequency``. Each setting is ``{"setting": name,
    "games": n, "arises": k, "tested": t, "changes": c}``: in ``k`` of ``n`` games the situation
    arose, in ``t`` of those it could be tested (solved or replayed) and in ``c`` of those the
    reading changed the result. ``measure`` names how the change was tested (None: not tested).
    With ``game_text``, settings also count ``game_changes`` (of the ``t`` tested games, those
    whose game winner changed), pooled as ``game_changes`` and told in a sentence of their own."""
    games = sum(s["games"] for s in settings)
    arises = sum(s["arises"] for s in settings)
    tested = sum(s["tested"] for s in settings)
    changes = sum(s["changes"] for s in settings)
    out = {"measure": measure, "games": games, "arises": share(arises, games),
           "changes": share(changes, tested) if measure else None,
           "settings": [{"setting": s["setting"], "arises": share(s["arises"], s["games"]),
                         "changes": share(s["changes"], s["tested"]) if measure else None} for s in settings]}
    text = f"In {games} {games_text}, the situation arose in {arises} ({pct(out['arises'])})."
    if measure and tested:
        text += f" {changes_text.format(tested=tested)} the reading changed the result in {changes} ({pct(out['changes'])})."
    elif measure:
        text += " It never arose where the change could be tested."
    if game_text is not None:
        won = sum(s["game_changes"] for s in settings)
        out["game_changes"] = share(won, tested)
        for row, s in zip(out["settings"], settings, strict=True):
            row["game_changes"] = share(s["game_changes"], s["tested"])
        if tested:
            text += f" {game_text} {won} ({pct(out['game_changes'])})."
    out["text"] = text
    return out
