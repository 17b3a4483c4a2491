"""Completeness by method, for every game's report: the rule texts cut into sentences, one checklist
asked of every sentence, and a traceability table saying what covers each sentence (a clause of
the engine, a reading switch, an entry). A game lists ``Trace`` rows per source file; ``problems``
names any sentence covered by nothing (or by two rows) and any row or reference that matches
nothing; ``appendix`` draws the table for the report."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arbiter.model import sources

# The checklist asked of every sentence of every source (docs/report.md, "Completeness").
CHECKLIST: dict[str, str] = {
    "choice": "who makes each choice the rules ask for",
    "impossible": "what happens when an effect cannot be carried out (no target, empty pile, empty hand)",
    "tie": "every tie, and whether the tie-break can itself tie",
    "boundary": "every boundary (empty, one, wrap-around, the last card, the largest size)",
    "terms": "a term used in two senses, or two terms for one thing",
    "order": "every order of operations (effects against checks, play order against a checklist)",
    "editions": "every difference between editions and between languages, grammar that changes meaning",
    "examples": "every example in the text, replayed under every reading",
}
KINDS = ("entry", "switch", "clause")  # what a reference in ``Trace.by`` may name: "entry:ID", "switch:NAME", "clause:TEXT"

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[«“\"(ÉÀÊ•])")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}")


_BLOCK = re.compile(r"^(#+|[-*•]|\d+\.)\s+")


def _lines(text: str, wrapped: bool) -> Iterable[str]:
    """The text's paragraphs as lines of prose: a Markdown heading or bullet starts one of its own,
    a table row is one line (its cells joined by `` | ``), table rules, code fences and empty lines
    go. In a ``wrapped`` text (Markdown, hard-wrapped) a line that starts nothing new continues
    the paragraph before it; in a plain text every line is a paragraph (tabs separate cells)."""
    para: list[str] = []
    for raw in [*text.splitlines(), ""]:
        line = raw.strip()
        starts = not line or line.startswith(("```", "|")) or _BLOCK.match(line) or not wrapped
        if starts and para:
            yield " ".join(para)
            para = []
        if not line or line.startswith("```") or _TABLE_RULE.match(line):
            continue
        if line.startswith("|"):
            yield " | ".join(cell.strip() for cell in line.strip("|").split("|") if cell.strip())
            continue
        line = _BLOCK.sub("", line)
        if wrapped:
            para.append(line)
        else:
            yield from (cell.strip() for cell in line.split("\t") if cell.strip())


def sentences(text: str, wrapped: bool = False) -> list[str]:
    """Every sentence of a rule text, in order, each once (the first occurrence), in the form
    ``sources.normal`` gives (white space folded, Markdown emphasis removed); ``wrapped`` for a
    hard-wrapped Markdown text (see ``_lines``)."""
    seen: dict[str, None] = {}
    for line in _lines(text, wrapped):
        for s in _SENTENCE_END.split(sources.normal(line)):
            s = s.strip()
            if s and s not in seen:
                seen[s] = None
    return list(seen)


def source_sentences(name: str) -> list[str]:
    """The sentences of the shipped rule text ``name`` (Markdown files are read as wrapped)."""
    return sentences(sources.text(name), name.endswith(".md"))


@dataclass(frozen=True)
class Trace:
    """The sentences a regular expression ``match`` fits (whole sentence, ``re.fullmatch``), what
    covers them (``by``: ``"entry:ID"``, ``"switch:NAME"`` or ``"clause:where the engine encodes
    it"``), and the checklist's findings on them: ``(question, finding)`` pairs for the questions
    of CHECKLIST that found something (an entry, a switch, a decision); every other question was
    asked and found nothing."""

    match: str
    by: tuple[str, ...]
    found: tuple[tuple[str, str], ...] = ()


def literal(sentence: str) -> str:
    """A ``Trace.match`` for exactly this sentence."""
    return re.escape(sources.normal(sentence))


def row(sentence: str, by: tuple[str, ...], *found: tuple[str, str]) -> Trace:
    """A row for exactly one sentence, covered ``by`` refs, with the checklist's ``found``."""
    return Trace(literal(sentence), by, found)


def entries(*ids: str) -> tuple[str, ...]:
    return tuple(f"entry:{i}" for i in ids)


def switches(*names: str) -> tuple[str, ...]:
    return tuple(f"switch:{n}" for n in names)


def clauses(*where: str) -> tuple[str, ...]:
    return tuple(f"clause:{w}" for w in where)


def cover(source_text: list[str], rows: tuple[Trace, ...]) -> list[tuple[str, list[int]]]:
    """Each of the sentences with the indexes of the rows that match it."""
    compiled = [re.compile(r.match) for r in rows]
    return [(s, [k for k, rx in enumerate(compiled) if rx.fullmatch(s)]) for s in source_text]


def problems(traces: Mapping[str, tuple[Trace, ...]], known: Mapping[str, Iterable[str]]) -> list[str]:
    """What keeps a game's traceability from being complete: a sentence of a source matched by no
    row or by two, a row matching no sentence, a reference of an unknown kind or naming an entry
    or switch that ``known`` (kind -> names) does not have, a checklist question that does not
    exist, a row covered by nothing."""
    out = []
    names = {k: set(v) for k, v in known.items()}
    for name, rows in traces.items():
        covered = cover(source_sentences(name), rows)
        used: set[int] = set()
        for s, ks in covered:
            used.update(ks)
            if not ks:
                out.append(f"{name}: covered by nothing: {s!r}")
            elif len(ks) > 1:
                out.append(f"{name}: covered by rows {ks} at once: {s!r}")
        for k, row in enumerate(rows):
            if k not in used:
                out.append(f"{name}: row {k} ({row.match[:40]!r}) matches no sentence")
            if not row.by:
                out.append(f"{name}: row {k} is covered by nothing")
            for ref in row.by:
                kind, _, what = ref.partition(":")
                if kind not in KINDS or not what:
                    out.append(f"{name}: row {k}: {ref!r} is not entry:, switch: or clause:")
                elif kind != "clause" and what not in names.get(kind, ()):
                    out.append(f"{name}: row {k}: no {kind} named {what!r}")
            out += [f"{name}: row {k}: no checklist question {q!r}" for q, _ in row.found if q not in CHECKLIST]
    return out


def _ref(ref: str, numbers: Mapping[str, int]) -> str:
    kind, _, what = ref.partition(":")
    if kind == "entry":
        return f"entry {numbers[what]}" if what in numbers else f"entry {what}"
    return f"switch {what}" if kind == "switch" else what


def appendix(title: str, intro: str, traces: Mapping[str, tuple[Trace, ...]], labels: Mapping[str, str],
             numbers: Mapping[str, int]) -> dict[str, Any]:
    """The traceability appendix: per source (``labels``: file -> the name it is cited by), every
    sentence numbered, what covers it (``numbers``: entry id -> number) and the checklist's result."""
    tables = []
    for name, rows in traces.items():
        body = []
        for k, (s, ks) in enumerate(cover(source_sentences(name), rows), 1):
            row = rows[ks[0]] if ks else None
            by = ", ".join(_ref(r, numbers) for r in row.by) if row else "NOTHING"
            found = "; ".join(f"{q}: {f}" for q, f in row.found) if row and row.found else "nothing found"
            body.append([f"{labels[name]} {k}", s, by, found])
        tables.append({"caption": f"{labels[name]} ({name}), sentence by sentence", "head":
                       ["sentence", "text", "covered by", "checklist"], "rows": body})
    questions = "; ".join(f"*{q}*: {d}" for q, d in CHECKLIST.items())
    return {"id": "traceability", "title": title, "intro": f"{intro} The checklist asked of every sentence: {questions}.",
            "tables": tables}
