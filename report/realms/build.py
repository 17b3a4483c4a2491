"""Assemble the Realms clarification report as one JSON-ready dict in the shared report format
(``report.render``): the catalogue's entries with their witnesses in words, a game from the sample
where the readings part, their frequencies against the baseline of chance and their headline, the
publisher's first page, and the appendices (the Realms theorems, the glossary, the traceability of
every sentence of the rule text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces, local

from .. import claims, glossary, publisher, sample, trace
from ..build import DEFAULT_SEED, Cost
from ..entry import Entry, entry_json
from ..progress import counter
from ..proved import appendix
from . import narrate, sampling, theorems, witness
from .catalogue import BY_ID, CATALOGUE
from .glossary import GLOSSARY, GLOSSARY_INTRO
from .trace import LABELS, TRACE_INTRO, TRACES

DEFAULT_GAMES = 200  # seeded games per setting: the committed report (docs/performance.md gives its build time)
COST = Cost(2.0, 4.8, 46.0)  # CPU seconds on one core, measured (docs/performance.md, "What a report costs")


def _witnesses(entry_id: str, seed: int) -> list[dict]:
    return witness.find_all(BY_ID[entry_id], seed)


def find_all(entries: tuple[Entry, ...], seed: int, runner: Pieces,
             progress: Callable[[int, int], None] | None = None) -> dict[str, list[dict]]:
    """Each entry's witnesses, searched by ``runner`` (the same wherever they ran)."""
    ids = [e.id for e in entries]
    found = {}
    for k, (id, ws) in enumerate(zip(ids, runner.map(_witnesses, [(id, seed) for id in ids]), strict=True)):
        found[id] = ws
        if progress:
            progress(k + 1, len(ids))
    return found


def method(games: int) -> str:
    """What was played and how it was measured, said once."""
    return (f"What was played: {games} seeded games for each of 2, 3 and 4 players, to 100 points, under the "
            "recommended reading (and, for the two entries that arise only under another reading, the Match Rank "
            "Nuance of entry 20 and the colour_match=shift of entry 26, under that reading). The players are greedy: "
            "each plays the cheapest card that wins the trick so far, else its cheapest card (the Phoenix, Giant and Warlock are kept "
            "longest, then pictures, then numbers), takes the best card a Warlock or Tree offers and throws the "
            "worst to a Troll; the dealer picks the starting colour at random, before looking at the hand; ties "
            "between equally cheap cards are broken at random. A point *arises* in a "
            "game at the first trick whose cards show its situation (for a point about how a trick is won) or at the "
            "first step where the readings part (the player to move may play other cards, a halftime, a steal, a "
            "recycling). From there the game is played on under each reading by the same players with one new luck "
            "(every random choice ranks the moves by one salted draw, so the replays choose alike wherever a move "
            "is legal in both): the reading *changes* the trick (or the game) when the other reading's replay has "
            "another winner of that trick (or of the game) than the recommended reading's replay; the recommended "
            "reading's replay against the game itself is the *baseline*, what the new luck alone changes, and the "
            "reading's own effect is the first share minus the second (a paired difference with Newcombe's 95% "
            "interval). Where the reading changes nothing both replays are the same game, so chance alone reads as "
            "zero. Shares come with 95% Wilson intervals.")


def headline(entry: Entry, stories: list[dict[str, Any]], freq: dict[str, Any] | None) -> dict[str, Any]:
    """"Can change the winner": yes with an example whose computed winners differ, else the entry's
    reason (``same_in_play``) or what was searched without finding one."""
    if not entry.plays:
        otherwise = f"no: {entry.same_in_play}" if entry.same_in_play else ("no: a point of wording; no reading plays "
                                                                             "differently.")
    else:
        searched = f" and {freq['games']} sampled games" if freq else ""
        otherwise = f"not shown: no example in which a winner changes turned up in the witness searches{searched}."
    return claims.headline(stories, narrate.SAY, otherwise)


def proofs_appendix(p: dict[str, Any], only: str | None = None) -> dict[str, Any]:
    intro = theorems.INTRO + ("" if only is None else theorems.only_note(only))
    return appendix("Realms theorems", intro, p)


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None,
          proofs: bool = True, theorems_only: str | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances; ``jobs``
    worker processes search witnesses and play the games (or ``pieces`` plays them); the proofs
    appendix (``proofs``) is read from ``cache`` when there, unless ``refresh``. ``theorems_only``
    (an id prefix) narrows the appendix to those theorems, for a quick build (the report says so,
    and names the call that built it: no command line does)."""
    runner = pieces or local(jobs)
    found = find_all(entries, seed, runner, None if progress is None else lambda k, n: progress("witnesses", k, n))
    playing = [e for e in entries if e.plays]
    step = counter(progress, "games", games * len(sampling.PLUG.settings(playing)))
    sampled = sampling.sample_all(playing, games, seed, step, pieces=runner)
    out_entries = []
    for e in entries:
        item = entry_json(e)
        stories = [narrate.story(w, e) for w in found[e.id]]
        if e.id in sampled.examples:
            stories.insert(0, narrate.replay_story(sampled.examples[e.id], e))
        item["witness"] = stories
        item["frequency"] = sampling.entry_frequency(e, sampled, games, seed) if e.plays else None
        item["headline"] = headline(e, stories, item["frequency"])
        item["technical"]["witness_search"] = [{"kind": w["kind"]} for w in found[e.id]] or None
        out_entries.append(item)
    appendices = []
    if proofs:
        section = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh,
                                   jobs=jobs, only=theorems_only)
        appendices.append(proofs_appendix(section, theorems_only))
    numbers = {e.id: e.number for e in entries}
    appendices += [glossary.appendix(GLOSSARY, GLOSSARY_INTRO),
                   trace.appendix("Traceability: every sentence of the rule text", TRACE_INTRO, TRACES, LABELS, numbers)]
    return {
        **CATALOGUE.header(),
        "command": (f"arbiter report --game realms --games {games} --seed {seed}" if theorems_only is None else
                    f"arbiter.report.realms.build.build({games}, {seed}, theorems_only={theorems_only!r})"),
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": False} for k, v in CATALOGUE.sources.items()],
        "cards": narrate.CARDS,
        "card_names": narrate.card_names(),
        "method": method(games),
        "first_page": publisher.first_page(out_entries),
        "entries": out_entries,
        "sampling": sample.record(sampled, games, seed),
        "appendices": appendices,
    }
