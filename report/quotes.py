"""Sentences about a source, for every game's report: every ``Quote`` of a catalogue stands word
for word in its shipped rule file (``arbiter.model.sources.says``; a paraphrase in the summary file
it paraphrases), and every sentence of an entry's prose that names a source carries a quotation
that the source (or, for a source known through a summary, the summary) says."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from arbiter.model import sources

from .entry import Catalogue, Entry, Quote

_QUOTED = re.compile(r"(?<![\w])'([^']+?)'(?![\w])|“([^”]+)”|‘([^’]+)’")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(])")


def quoted(sentence: str) -> list[str]:
    """The quotations in a sentence ('...', “...” or ‘...’)."""
    return [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(sentence)]


def _said(q: Quote, files: Mapping[str, str]) -> bool:
    return sources.says(files[q.source], q.text.replace("*", ""))


def quote_problems(catalogue: Catalogue, files: Mapping[str, str]) -> list[str]:
    """Every quotation of the catalogue (its sources and the sentences its errata replace) that is
    not word for word in the file of its source (``files``: source name -> file name)."""
    out = []
    for e in catalogue.entries:
        for q in (*e.sources, e.replaces_en, e.replaces_fr):
            if q is not None and not _said(q, files):
                out.append(f"{e.id}: {q.source} does not say {q.text!r}")
    return out


def naming(text: str, names: Iterable[str]) -> list[tuple[str, list[str]]]:
    """The sentences of ``text`` that name one of the sources ``names``, each with those it names."""
    out = []
    for s in _SENTENCE.split(text):
        named = [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", s)]
        if named:
            out.append((s, named))
    return out


def prose_problems(entry: Entry, files: Mapping[str, str], fields: tuple[str, ...] = ("answer", "recommendation"),
                   via: tuple[str, str] | None = None) -> list[str]:
    """Each sentence of the entry's ``fields`` that names a source but carries no quotation, or a
    quotation that none of the sources it names says. ``via`` is ``(word, file)``: a sentence that
    also names ``word`` (say, "digest") may quote that file, which speaks about the sources."""
    out = []
    for f in fields:
        for s, named in naming(getattr(entry, f), files):
            got = quoted(s)
            if not got:
                out.append(f"{entry.id}.{f}: names {', '.join(named)} without quoting: {s!r}")
                continue
            where = [files[n] for n in named] + ([via[1]] if via and via[0] in s else [])
            for q in got:
                if not any(sources.says(w, q) for w in where):
                    out.append(f"{entry.id}.{f}: {', '.join(named)} does not say {q!r}")
    return out
