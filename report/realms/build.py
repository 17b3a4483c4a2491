"""Assemble the Realms clarification report as one JSON-ready dict in the shared report format
(``report.render``): the catalogue's entries with their witnesses in words and their frequencies,
and (optionally) the Realms theorem catalogue as an appendix."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces, local

from ..entry import Entry, entry_json
from ..progress import counter
from ..proved import appendix
from . import narrate, sampling, theorems, witness
from .catalogue import BY_ID, CATALOGUE

DEFAULT_GAMES = 10  # seeded games per player count: the committed report, well under a minute on 2 cores
DEFAULT_SEED = 7


def _witness(entry_id: str, seed: int) -> dict | None:
    entry = BY_ID[entry_id]
    return witness.find(entry, seed) if entry.plays else None


def find_all(entries: tuple[Entry, ...], seed: int, runner: Pieces,
             progress: Callable[[int, int], None] | None = None) -> dict[str, dict | None]:
    """Each entry's witness, searched by ``runner`` (the same wherever they ran)."""
    ids = [e.id for e in entries]
    found = {}
    for k, (id, w) in enumerate(zip(ids, runner.map(_witness, [(id, seed) for id in ids]), strict=True)):
        found[id] = w
        if progress:
            progress(k + 1, len(ids))
    return found


def method(games: int) -> str:
    """How the frequencies were measured, said once."""
    return (f"How often each point matters was measured in {games} seeded games for each of 2, 3 and 4 players, "
            "played to 100 points under the recommended reading by greedy players: each plays the cheapest card "
            "that wins the trick so far, else its cheapest card (the Phoenix, Giant and Warlock are kept longest, "
            "then pictures, then numbers), takes the best card a Warlock or Tree offers and throws the worst to a "
            "Troll; the dealer "
            "picks the starting colour at random, before looking at the hand. For a point about how a trick is "
            "won, the situation *arises* in a trick on that trick's cards, and the reading *changes the trick* "
            "when the same cards, resolved under the other reading, go to another player. For the other points "
            "the situation arises where the readings first part (the player to move may play other cards, a "
            "halftime, a steal, a recycling), and the trick changes when the first trick the two readings play "
            "differently goes to another player. Every game in which the readings part is replayed from there "
            "under the other reading with the same players and the same luck (each decision draws one salt and "
            "takes the choice with the least salted hash, each chance event an exponential race on its salted "
            "outcomes), and the reading *changes the game* when another player wins it. Percentages come with "
            "95% Wilson intervals; the smaller the count, the wider the interval. The sample is kept small so that "
            "the report is rebuilt within about a minute on two idle cores.")


def proofs_appendix(p: dict[str, Any]) -> dict[str, Any]:
    return appendix("Realms theorems", theorems.INTRO, p)


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None,
          proofs: bool = True) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as work advances; ``jobs``
    worker processes search witnesses and play the games (or ``pieces`` plays them); the proofs
    appendix (``proofs``) is read from ``cache`` when there, unless ``refresh``."""
    runner = pieces or local(jobs)
    found = find_all(entries, seed, runner, None if progress is None else lambda k, n: progress("witnesses", k, n))
    total = games * len(sampling.PLAYER_COUNTS)
    step = counter(progress, "games", total)

    freq = sampling.sample(list(entries), games, seed, step, pieces=runner)
    out_entries = []
    for e in entries:
        item = entry_json(e)
        w = found[e.id]
        item["witness"] = [narrate.story(w, e)] if w is not None else []
        item["frequency"] = freq.get(e.id)
        item["technical"]["witness_search"] = {"kind": w["kind"]} if w is not None else None
        out_entries.append(item)
    appendices = []
    if proofs:
        section = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh,
                                   jobs=jobs)
        appendices.append(proofs_appendix(section))
    return {
        **CATALOGUE.header(),
        "command": f"arbiter report --game realms --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": False} for k, v in CATALOGUE.sources.items()],
        "cards": narrate.CARDS,
        "card_names": narrate.card_names(),
        "method": method(games),
        "entries": out_entries,
        "appendices": appendices,
    }
