"""How often an entry matters, for any game: shares with Wilson intervals, pooled over the sampled
settings, the reading's effect against the baseline of chance (the same games replayed under the
same reading with other luck), and the one plain-words sentence a reader sees."""

from __future__ import annotations

import math
from typing import Any

from arbiter.solver.stats import Z95, wilson


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


def paired_difference(both: int, first_only: int, second_only: int, total: int,
                      z: float = Z95) -> tuple[float, float, float]:
    """The difference p1 - p2 of two shares measured on the same ``total`` games (``both``: games
    counted by both, ``first_only``/``second_only``: by one of them) with Newcombe's score interval
    for paired data (1998, method 10: Wilson intervals of each share, combined through the phi
    correlation of the pairs). (0, -1, 1) for no games."""
    if total == 0:
        return 0.0, -1.0, 1.0
    a, b, c = both, first_only, second_only
    d = total - a - b - c
    p1, p2 = (a + b) / total, (a + c) / total
    l1, u1 = wilson(a + b, total, z)
    l2, u2 = wilson(a + c, total, z)
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    num = a * d - b * c
    if num > 0:
        num = max(num - total / 2, 0.0)  # Newcombe's continuity correction of phi
    phi = num / math.sqrt(denom) if denom else 0.0
    diff = p1 - p2
    low = diff - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = diff + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return diff, max(-1.0, low), min(1.0, high)


def effect(both: int, changes: int, baseline: int, tested: int) -> dict[str, Any]:
    """The reading's own effect: the share of tested games whose result the reading changed minus
    the share the same games changed when replayed under the same reading with other luck, with
    its 95% interval (points of percentage as fractions). Chance alone reads as zero."""
    diff, low, high = paired_difference(both, changes - both, baseline - both, tested)
    return {"difference": round(diff, 4), "low": round(low, 4), "high": round(high, 4), "games": tested}


def signed(e: dict[str, Any]) -> str:
    """``+12 points (95% interval +5 to +19)`` for an ``effect``."""
    def one(x: float) -> str:
        v = round(x * 100)
        return "0" if v == 0 else f"{v:+d}"
    return f"{one(e['difference'])} points (95% interval {one(e['low'])} to {one(e['high'])})"


BASELINE_TEXT = ("Replayed from the same point under the recommended reading with the same new luck (chance "
                 "alone), the {what} changed in {count} ({pct}), so the reading's own effect is {effect}.")


def _pool(settings: list[dict[str, Any]], key: str) -> int:
    return sum(s.get(key, 0) for s in settings)


def frequency(settings: list[dict[str, Any]], measure: str | None, games_text: str, changes_text: str,
              game_text: str | None = None, what: str | None = None, game_what: str = "game winner") -> dict[str, Any]:
    """Pool per-setting counts into the entry's ``frequency``. Each setting is ``{"setting": name,
    "games": n, "arises": k, "tested": t, "changes": c}``: in ``k`` of ``n`` games the situation
    arose, in ``t`` of those it could be tested (solved or replayed) and in ``c`` of those the
    reading changed the result. ``measure`` names how the change was tested (None: not tested).
    With ``game_text``, settings also count ``game_changes`` (of the ``t`` tested games, those
    whose game winner changed), pooled as ``game_changes`` and told in a sentence of their own.

    A setting that also counts ``baseline`` (of the ``t`` games, those whose result changed when
    replayed from the same point under the same reading with other luck) and ``both`` (changed
    both ways) gets the baseline share and the reading's ``effect`` beside its ``changes``
    (likewise ``game_baseline`` and ``game_both`` for the game winner); ``what`` and
    ``game_what`` name the results in the sentence and the table's headings (kept in the output)."""
    games = _pool(settings, "games")
    arises = _pool(settings, "arises")
    tested = _pool(settings, "tested")
    changes = _pool(settings, "changes")
    out: dict[str, Any] = {"measure": measure, "games": games, "arises": share(arises, games),
           "changes": share(changes, tested) if measure else None,
           "settings": [{"setting": s["setting"], "arises": share(s["arises"], s["games"]),
                         "changes": share(s["changes"], s["tested"]) if measure else None} for s in settings]}
    if what is not None:
        out["what"], out["game_what"] = what, game_what
    what = what or "result"
    text = f"In {games} {games_text}, the situation arose in {arises} ({pct(out['arises'])})."
    if measure and tested:
        text += f" {changes_text.format(tested=tested)} the reading changed the {what} in {changes} ({pct(out['changes'])})."
    elif measure:
        text += " It never arose where the change could be tested."
    baselined = measure is not None and all("baseline" in s for s in settings)
    if baselined:
        text += _baseline(out, settings, "", tested, what)
    if game_text is not None:
        won = _pool(settings, "game_changes")
        out["game_changes"] = share(won, tested)
        for row, s in zip(out["settings"], settings, strict=True):
            row["game_changes"] = share(s["game_changes"], s["tested"])
        if tested:
            text += f" {game_text} {won} ({pct(out['game_changes'])})."
        if all("game_baseline" in s for s in settings):
            text += _baseline(out, settings, "game_", tested, game_what)
    out["text"] = text
    return out


def _baseline(out: dict[str, Any], settings: list[dict[str, Any]], prefix: str, tested: int, what: str) -> str:
    """Add ``{prefix}baseline`` and ``{prefix}effect`` to ``out`` and its settings; the sentence."""
    for row, s in zip(out["settings"], settings, strict=True):
        row[prefix + "baseline"] = share(s[prefix + "baseline"], s["tested"])
        row[prefix + "effect"] = effect(s[prefix + "both"], s[prefix + "changes"], s[prefix + "baseline"], s["tested"])
    base = _pool(settings, prefix + "baseline")
    out[prefix + "baseline"] = share(base, tested)
    out[prefix + "effect"] = effect(_pool(settings, prefix + "both"), _pool(settings, prefix + "changes"), base, tested)
    if not tested:
        return ""
    return " " + BASELINE_TEXT.format(what=what, count=base, pct=pct(out[prefix + "baseline"]),
                                      effect=signed(out[prefix + "effect"]))
