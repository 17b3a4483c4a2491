"""The publisher's first page of any game's report: the errata in one list (the sentence to
replace, its replacement) and the entries most likely to come up at a table, by how often their
situation arose in the sampled games."""

from __future__ import annotations

from typing import Any

from .entry import UNCHANGED

TOP = 10  # entries listed as most likely to come up


def errata(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every suggested wording as an erratum, by entry number then language: the source sentence
    it replaces (``replace``: a quotation, or None when the wording is added) and the new text."""
    out = []
    for e in sorted(entries, key=lambda e: e["number"]):
        for lang in ("en", "fr"):
            text = e["wording"][lang]
            if not text or text == UNCHANGED:
                continue
            out.append({"number": e["number"], "id": e["id"], "title": e["title"], "lang": lang,
                        "replace": e.get("replaces", {}).get(lang), "by": text})
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
