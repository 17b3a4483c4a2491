"""The publisher's first page of any game's report: the errata in one list (the sentence to
replace, its replacement) and the entries most likely to come up at a table, by how often their
situation arose in the sampled games."""

from __future__ import annotations

from typing import Any

from .entry import UNCHANGED

TOP = 10  # entries listed as most likely to come up


def _errata(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for e in sorted(entries, key=lambda e: e["number"]):
        for lang in ("en", "fr"):
            text = e["wording"][lang]
            if text and text != UNCHANGED:
                out.append({"number": e["number"], "id": e["id"], "title": e["title"], "lang": lang,
                            "replace": e.get("replaces", {}).get(lang), "by": text})
    return out


def errata(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every suggested wording as an erratum, by entry number then language: the source sentence
    it replaces (``replace``: a quotation, or None when the wording is added) and the new text.
    Entries that give the same sentence the same replacement make one erratum (``numbers``)."""
    out: list[dict[str, Any]] = []
    seen: dict[tuple, dict[str, Any]] = {}
    for x in _errata(entries):
        key = (x["lang"], x["replace"] and x["replace"]["text"], x["by"])
        if key in seen:
            seen[key]["numbers"].append(x["number"])
            continue
        seen[key] = {**x, "numbers": [x["number"]]}
        out.append(seen[key])
    return out


def conflicts(entries: list[dict[str, Any]]) -> list[str]:
    """Two entries replacing one source sentence with different texts: errata that contradict."""
    by: dict[tuple, dict[str, Any]] = {}
    out = []
    for x in _errata(entries):
        if not x["replace"]:
            continue
        key = (x["lang"], x["replace"]["text"])
        if key in by and by[key]["by"] != x["by"]:
            out.append(f"entries {by[key]['number']} and {x['number']} replace {x['replace']['text']!r} differently")
        by.setdefault(key, x)
    return out


def likely(entries: list[dict[str, Any]], top: int = TOP) -> list[dict[str, Any]]:
    """The ``top`` entries whose situation arose in the largest share of sampled games (ties by
    number), each with that share and its headline."""
    measured = [e for e in entries if e.get("frequency") and e["frequency"]["arises"]["share"] is not None]
    ranked = sorted(measured, key=lambda e: (-e["frequency"]["arises"]["share"], e["number"]))[:top]
    return [{"number": e["number"], "id": e["id"], "title": e["title"], "answer": e["answer"],
             "arises": e["frequency"]["arises"], "headline": e.get("headline")} for e in ranked]


def first_page(entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"errata": errata(entries), "likely": likely(entries)}
