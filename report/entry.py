"""The entry format of every game's clarification report (FAQ and errata style): numbered entries
that keep their number across editions, their sources and readings, and the edition change log."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# What kind of point an entry is, in the publisher's terms.
KINDS = {
    "conflict": "conflict between sources",
    "contradiction": "contradiction between sentences of one text",
    "gap": "gap no source fills",
    "unclear": "unclear wording",
    "translation": "translation",
}
UNCHANGED = "(English text unchanged.)"  # a suggested English wording that changes nothing (no erratum)


@dataclass(frozen=True)
class Quote:
    """A source sentence. ``paraphrase`` marks a source known only through a summary in our words
    (printed as such, never as a quotation)."""

    source: str
    text: str
    paraphrase: bool = False


@dataclass(frozen=True)
class Reading:
    """One way to read the point. ``switches`` are ruleset overrides on the entry's base ruleset;
    ``view`` names a game-specific evaluation for readings the ruleset has no switch for."""

    label: str
    meaning: str
    switches: tuple[tuple[str, Any], ...] = ()
    view: str | None = None

    def ruleset(self, base: Any) -> Any:
        return base.with_switches(**dict(self.switches))


def switch_readings(switch: str, values: tuple[Any, ...], meanings: tuple[str, ...]) -> tuple[Reading, ...]:
    """One reading per value of a ruleset switch (the default first), labelled ``switch=value``."""
    def show(v: Any) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)
    return tuple(Reading(f"{switch}={show(v)}", m, ((switch, v),)) for v, m in zip(values, meanings, strict=True))


@dataclass(frozen=True)
class Entry:
    """One numbered point. The first reading is the engine's default and the recommended one.
    ``base`` is the game's ruleset under which the point arises (``preset`` its name) and
    ``measured_in`` the presets whose games measure how often it matters. ``readings`` may be
    empty for a point of wording that changes no play."""

    id: str
    number: int
    since: str  # the edition it first appeared in
    title: str
    question: str
    answer: str  # one or two plain sentences
    kind: str  # a key of KINDS
    recommendation: str
    wording_en: str
    wording_fr: str
    sources: tuple[Quote, ...]
    readings: tuple[Reading, ...]
    preset: str
    base: Any
    switch: str | None = None
    related: tuple[str, ...] = ()
    measured_in: tuple[str, ...] = ()
    rule: int | None = None  # game-specific: the rule the point is about, when it is about one
    notes: tuple[str, ...] = ()  # technical notes, printed in the entry's appendix
    changes: tuple[tuple[str, str], ...] = ()  # (edition, what changed in it)
    theorems: tuple[str, ...] = ()  # ids of the game's theorems that bear on the point (the build links them)
    # The source sentences the suggested wordings replace (errata: "this sentence should read");
    # None: the wording is added to the text rather than replacing a sentence of it.
    replaces_en: Quote | None = None
    replaces_fr: Quote | None = None
    # Why the readings cannot change play, for an entry with no reading that plays differently, and
    # the test that shows it in a stated scope (the headline's "no" is this text).
    same_in_play: str | None = None
    # For a point whose other reading would play differently but is not modelled (no switch): why,
    # said in the headline ("not shown: ...") and where the frequency would be.
    unmodelled: str | None = None

    @property
    def default(self) -> Reading:
        return self.readings[0]

    @property
    def meanings(self) -> dict[str, str]:
        """Each reading's label -> its meaning in words."""
        return {r.label: r.meaning for r in self.readings}

    @property
    def plays(self) -> bool:
        """Whether the readings differ in play (otherwise the point is one of wording only)."""
        return len(self.readings) > 1


@dataclass(frozen=True)
class Edition:
    version: str
    summary: str


@dataclass(frozen=True)
class Retired:
    """A number no longer used: it is never given to another entry."""

    number: int
    id: str
    version: str  # the edition that retired it
    why: str


@dataclass(frozen=True)
class Catalogue:
    """A game's entries with its sources (name -> description), editions (oldest first) and
    retired numbers."""

    game: str
    title: str
    sources: dict[str, str]
    entries: tuple[Entry, ...]
    editions: tuple[Edition, ...]
    retired: tuple[Retired, ...] = field(default=())

    @property
    def version(self) -> str:
        return self.editions[-1].version

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}

    def check(self) -> None:
        """Raise ValueError on a reused or duplicate number or id, an unknown kind, a cross-link
        to nothing, or an edition nobody published."""
        numbers = [e.number for e in self.entries] + [r.number for r in self.retired]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"{self.game}: an entry number is used twice (retired numbers are never reused)")
        ids = [e.id for e in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.game}: an entry id is used twice")
        versions = {e.version for e in self.editions}
        for e in self.entries:
            if e.kind not in KINDS:
                raise ValueError(f"{e.id}: unknown kind {e.kind!r}")
            if e.since not in versions or any(v not in versions for v, _ in e.changes):
                raise ValueError(f"{e.id}: names an edition that is not in the catalogue")
            for r in e.related:
                if r not in ids:
                    raise ValueError(f"{e.id}: related entry {r!r} does not exist")

    def header(self) -> dict[str, Any]:
        """The keys every game's report starts with: the game, title, edition, every edition, the change
        log and the retired numbers."""
        return {"game": self.game, "title": self.title, "version": self.version,
                "editions": [{"version": ed.version, "summary": ed.summary} for ed in self.editions],
                "changelog": self.changelog(),
                "retired": [{"number": r.number, "id": r.id, "version": r.version, "why": r.why} for r in self.retired]}

    def changelog(self) -> dict[str, list[dict[str, Any]]]:
        """What the current edition changed against the previous one: entries added, entries
        changed (with what), numbers retired (with why)."""
        v = self.version
        return {
            "added": [{"number": e.number, "id": e.id, "title": e.title} for e in self.entries if e.since == v],
            "changed": [{"number": e.number, "id": e.id, "title": e.title, "what": what}
                        for e in self.entries for ver, what in e.changes if ver == v],
            "retired": [{"number": r.number, "id": r.id, "why": r.why} for r in self.retired if r.version == v],
        }


def _quote(q: Quote | None) -> dict[str, Any] | None:
    return None if q is None else {"source": q.source, "text": q.text, "paraphrase": q.paraphrase}


def entry_json(entry: Entry) -> dict[str, Any]:
    """An entry's own fields as JSON (the build adds witness and frequency)."""
    return {
        "id": entry.id,
        "number": entry.number,
        "since": entry.since,
        "title": entry.title,
        "question": entry.question,
        "answer": entry.answer,
        "kind": entry.kind,
        "kind_text": KINDS[entry.kind],
        "recommendation": entry.recommendation,
        "wording": {"en": entry.wording_en, "fr": entry.wording_fr},
        "sources": [_quote(q) for q in entry.sources],
        "readings": [{"label": r.label, "meaning": r.meaning, "switches": dict(r.switches), "view": r.view,
                      "recommended": k == 0} for k, r in enumerate(entry.readings)],
        "related": list(entry.related),
        "changes": [{"version": v, "what": w} for v, w in entry.changes],
        "replaces": {"en": _quote(entry.replaces_en), "fr": _quote(entry.replaces_fr)},
        "same_in_play": entry.same_in_play,
        "unmodelled": entry.unmodelled,
        "technical": {"preset": entry.preset, "switch": entry.switch, "measured_in": list(entry.measured_in),
                      "notes": list(entry.notes)},
    }
