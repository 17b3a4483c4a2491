"""One vocabulary per game's report: the glossary's terms in English and French, the words each
replaces, and the check that every suggested wording uses the terms (never a replaced word) so
that the wordings of different entries cannot say one thing in two ways."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Term:
    """A glossary term: its English and French forms, what it means, and the words a suggested
    wording must not use for it (``avoid_en``, ``avoid_fr``: lower-case words or phrases, matched
    as whole words; a phrase may be a regular expression)."""

    en: str
    fr: str
    meaning: str
    avoid_en: tuple[str, ...] = ()
    avoid_fr: tuple[str, ...] = ()


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]

    def problems(self, wordings: Iterable[tuple[str, str, str]]) -> list[str]:
        """Each use of an avoided word in ``wordings`` (``(entry id, language, text)`` triples,
        language ``en`` or ``fr``), naming the entry, the word and the term to use instead."""
        out = []
        for who, lang, text in wordings:
            low = text.lower()
            for t in self.terms:
                for word in t.avoid_en if lang == "en" else t.avoid_fr:
                    if re.search(rf"(?<![\w'’]){word}(?!\w)", low):
                        out.append(f"{who} ({lang}): says {word!r}; the glossary's word is "
                                   f"{t.en if lang == 'en' else t.fr!r}")
        return out

    def table(self) -> dict[str, Any]:
        return {"caption": "Terms every suggested wording uses", "head": ["English", "French", "meaning", "not"],
                "rows": [[t.en, t.fr, t.meaning, ", ".join(w.replace("\\", "") for w in t.avoid_en + t.avoid_fr) or "-"]
                         for t in self.terms]}


def wordings(entries: Iterable[dict[str, Any]]) -> list[tuple[str, str, str]]:
    """The suggested wordings of report entries (JSON form) as ``Glossary.problems`` reads them."""
    return [(e["id"], lang, e["wording"][lang]) for e in entries for lang in ("en", "fr") if e["wording"][lang]]


def appendix(glossary: Glossary, intro: str) -> dict[str, Any]:
    return {"id": "glossary", "title": "Glossary", "intro": intro, "tables": [glossary.table()]}
