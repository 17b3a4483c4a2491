"""Assemble the Stick to Colours clarification report as one JSON-ready dict in the shared report
format (``report.render``): the catalogue's entries with their examples from seeded games in words,
how often each point arises and changes the winner, the theorems that bear on each, and the
Stick to Colours theorem catalogue as the proofs appendix."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbiter.model.stick_to_colours import parse_cards, position_from_json
from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces

from ..entry import Entry, entry_json
from ..proved import appendix, linked
from . import narrate, sampling, theorems
from . import witness as w
from .catalogue import CATALOGUE
from .play import EXPLORE, MAX_TURNS, REFUSAL_COST

DEFAULT_GAMES = 10  # games per player count: the committed report, about a minute on 2 cores
DEFAULT_SEED = 7
CARDS = {  # tile colours: every text/background pair has a contrast of at least 4.5:1
    "R": {"name": "Red", "background": "#b71c1c", "text": "#ffffff"},
    "B": {"name": "Blue", "background": "#0d47a1", "text": "#ffffff"},
    "G": {"name": "Green", "background": "#1b5e20", "text": "#ffffff"},
}


def witness_data(entry: Entry, cand: dict[str, Any] | None, seed: int) -> dict[str, Any] | None:
    """An entry's smallest example as the tests replay it: the sampled game it comes from (players,
    seed, the decisions from the deal), the position or collection, and what each reading says there."""
    if cand is None:
        return None
    rules = sampling.rulesets(entry)
    labels = [r.label for r in entry.readings]
    game = {"players": cand["players"], "game": cand["game"],
            "seed": sampling.game_seed(seed, cand["players"], cand["game"])}
    how = w.HOW[entry.switch]
    if how == w.DEAL:
        return {k: v for k, v in cand.items() if k != "key"}
    if how == w.MOVE:
        pos = position_from_json(cand["position"])
        return {"kind": cand["kind"], **game, "turns": cand["turns"], "position": cand["position"],
                **w.move_claim(cand["kind"], pos, rules, labels)}
    if how == w.SCORE:
        small = w.shrink(parse_cards(cand["collection"]), rules)
        return {"kind": "collection", **game, "seat": cand["seat"], "from": cand["collection"],
                **w.score_claim(small, rules, labels)}
    pos = position_from_json(cand["position"])
    return {"kind": "end", **game, "turns": cand["turns"], "position": cand["position"],
            **w.end_claim(pos, rules, labels)}


def stories(entry: Entry, data: dict[str, Any] | None, changed: dict[str, Any] | None) -> list[dict[str, Any]]:
    out = []
    if data is not None and w.HOW[entry.switch] == w.DEAL:
        out.append(narrate.game_story(data, entry, arises=True))
        if changed is not None and changed["game"] == data["game"] and changed["players"] == data["players"]:
            return out  # the same game tells both
    elif data is not None:
        tell = {"collection": narrate.collection_story, "end": narrate.end_story}.get(data["kind"],
                                                                                     narrate.position_story)
        out.append(tell(data, entry))
    if changed is not None:
        out.append(narrate.game_story(changed, entry))
    return out


def method(games: int) -> str:
    return (f"How often each point matters was measured in {games} seeded games for each player count the entry "
            "concerns (2, 3 and 4 players; the points about the bot in 2-player games only), played to the end under "
            "the recommended reading by greedy players: each puts up the card that adds most to a quick estimate of "
            "its collection (sets, runs and near-sets, the same under every reading), bids as few cards as it can, "
            f"refusing those it needs least, stays in an auction only while the card is worth more than "
            f"{REFUSAL_COST} a refusal, and takes {round(EXPLORE * 100)}% of its decisions at random. A point "
            "*arises* in a game when at some decision the readings offer the player to move other decisions or a "
            "decision with another result, when a final collection scores differently, or, for the deck and the "
            "bot, when a blue or green joker ends in a collection or the bot receives a card. Every game is then "
            "replayed from its deal under each other reading by the same seeded players (their random choices are "
            "drawn in the same order, so both games make the same choice wherever it is legal in both; the deck "
            "reading takes the blue and green jokers out of the same shuffle), and the reading *changes the winner* "
            "when the winners differ. A game where the point never arose is the same game under every reading. "
            f"A game still running after {MAX_TURNS} decisions (possible only without a market clear) counts as "
            "changed. Each entry's smallest example is taken from these games: the position with the fewest cards "
            "still to come (fewest players first) where the readings differ, or a final collection cut down until no "
            "card can be taken away; the tests replay each from its deal. Percentages come with 95% Wilson "
            "intervals; the sample is kept small so that the report is rebuilt within about a minute.")


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as games are played; ``jobs``
    worker processes (or ``pieces``, a cluster say) play them, with the same report for any number.
    The proofs appendix is read from ``cache`` when there (unless ``refresh``) and written to it
    otherwise."""
    total = games * len(sampling.PLAYER_COUNTS)
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress("games", min(done, total), total)

    freq, cands, changed = sampling.sample(list(entries), games, seed, step, jobs, pieces)
    for e in entries:
        if e.plays and w.HOW[e.switch] == w.END and e.id not in cands:
            found = sampling.search_end(e, seed)
            if found is not None:
                cands[e.id] = found
    proofs = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh,
                              jobs=jobs)
    out_entries = []
    for e in entries:
        item = entry_json(e)
        item["theorems"] = linked(e.theorems, proofs)
        item["witness"] = stories(e, witness_data(e, cands.get(e.id), seed), changed.get(e.id)) if e.plays else []
        item["frequency"] = freq.get(e.id)
        item["technical"]["witness_search"] = {"from": "the sampled games", "measure": w.HOW[e.switch]}
        out_entries.append(item)
    return {
        **CATALOGUE.header(),
        "command": f"arbiter report --game stick-to-colours --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": False} for k, v in CATALOGUE.sources.items()],
        "cards": CARDS,
        "method": method(games),
        "entries": out_entries,
        "appendices": [appendix(theorems.TITLE, theorems.INTRO, proofs)],
    }


__all__ = ["CARDS", "DEFAULT_GAMES", "DEFAULT_SEED", "build", "method", "stories", "witness_data"]
