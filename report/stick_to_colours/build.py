"""Assemble the Stick to Colours clarification report as one JSON-ready dict in the shared report
format (``report.render``): the catalogue's entries with their examples from seeded games in words,
how often each point arises and changes the winner, the theorems that bear on each, and the
Stick to Colours theorem catalogue as the proofs appendix."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arbiter.model.stick_to_colours import apply, parse_cards, position_from_json, position_to_json
from arbiter.model.stick_to_colours.game import unrecorded
from arbiter.proofs.cache import Cache
from arbiter.solver.pieces import Pieces

from .. import claims, glossary, publisher, sample, trace
from ..build import DEFAULT_SEED, Cost
from ..entry import Entry, entry_json
from ..progress import counter
from ..proved import appendix, linked
from . import narrate, sampling, theorems
from . import witness as w
from .catalogue import CATALOGUE
from .glossary import GLOSSARY, GLOSSARY_INTRO
from .play import EXPLORE, MAX_TURNS, REFUSAL_COST, play, winners
from .trace import LABELS, TRACE_INTRO, TRACES

DEFAULT_GAMES = 200  # games per player count: the committed report (docs/performance.md gives its build time)
COST = Cost(12.0, 5.7, 15.0)  # CPU seconds on one core, measured (docs/performance.md, "What a report costs")
CARDS = narrate.CARDS  # the card tiles, with the scenes that draw them


def witness_data(entry: Entry, cand: dict[str, Any] | None) -> dict[str, Any] | None:
    """An entry's smallest example as the tests replay it: the sampled game it comes from (players,
    seed, the decisions from the deal), the position or collection, and what each reading computes
    there (the decisions it offers in words, the position a decision leads to, a score, the winners)."""
    if cand is None:
        return None
    rules = sampling.rulesets(entry)
    labels = [r.label for r in entry.readings]
    game = {"players": cand["players"], "game": cand["game"], "seed": cand["seed"]}
    how = w.HOW[entry.switch]
    if how == w.MOVE:
        pos = position_from_json(cand["position"])
        claim = w.move_claim(cand["kind"], pos, rules, labels)
        for o, r in zip(claim["outcomes"], rules, strict=True):
            p = replace(pos, ruleset=r)
            if cand["kind"] == "legal_moves":
                o["shown_words"] = [narrate.move_words(p, m) for m in o["shown"]]
            else:
                after = apply(p, claim["move"])
                o["after_words"] = narrate.after_words(p, after)
                o["state"] = position_to_json(unrecorded(w.settled(after)))  # the rules' position
        return {"kind": cand["kind"], **game, "turns": cand["turns"], "position": cand["position"], **claim}
    if how == w.SCORE:
        small = w.shrink(parse_cards(cand["collection"]), rules)
        return {"kind": "collection", **game, "seat": cand["seat"], "from": cand["collection"],
                **w.score_claim(small, rules, labels)}
    pos = position_from_json(cand["position"])
    extra = {k: cand[k] for k in ("searched",) if k in cand}
    return {"kind": "end", **game, **extra, "turns": cand["turns"], "position": cand["position"],
            **w.end_claim(pos, rules, labels)}


def one_colour_data(entry: Entry) -> dict[str, Any] | None:
    """A point of scoring no sampled collection showed: the smallest one-colour collection the
    readings score differently (``sampling.smallest_one_colour``), with each reading's score."""
    found = sampling.smallest_one_colour(entry)
    if found is None:
        return None
    rules = sampling.rulesets(entry)
    return {"kind": "collection", "players": None, "game": None, "seed": None, "seat": None, "searched": "one colour",
            "from": found["collection"], **w.score_claim(parse_cards(found["collection"]), rules,
                                                           [r.label for r in entry.readings])}


def deal_data(entry: Entry, seed: int) -> dict[str, Any] | None:
    """For a reading that changes the deal: the first sampled game (fewest players first) where the
    point arises, played from its deal under each reading by the same seeded players."""
    for n in sampling.players_of(entry):
        setting = sample.Setting(f"{n}", f"{n} players", (n,))
        for g in range(sampling.WITNESS_GAMES):
            gs = sample.game_seed(seed, setting, g)
            path = play(n, gs, entry.base)
            if not sampling.arises_in_deal(entry, path):
                continue
            outcomes = []
            for r in entry.readings:
                end = (path if r.ruleset(entry.base) == entry.base else play(n, gs, r.ruleset(entry.base)))[-1][1]
                outcomes.append({"reading": r.label, "players": n, "scores": list(end.scores),
                                 "winners": None if winners(end) is None else list(winners(end)), "over": end.is_over})
            return {"players": n, "game": g, "seed": gs, "turns": len(path) - 1, "outcomes": outcomes}
    return None


def split_data(entry: Entry) -> dict[str, Any]:
    """The run split over every one-colour collection (``theorems.one_colour_split``), per reading."""
    comparison = theorems.one_colour_split()
    outcomes = []
    for r in entry.readings:
        layered = r.ruleset(entry.base).run_split == "layered"
        outcomes.append({"reading": r.label, "collections": comparison["collections"],
                         "below_best": comparison["differ"] if layered else 0,
                         "below_by": comparison["below_by"] if layered else {},
                         "smallest": comparison["smallest"] if layered else []})
    return {"kind": "split", "outcomes": outcomes}


def stories(entry: Entry, data: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The smallest example's story (and, for the run split, the comparison over every one-colour
    collection)."""
    out = []
    if data is not None and w.HOW[entry.switch] == w.DEAL:
        out.append(narrate.game_story(data, entry, arises=True))
    elif data is not None:
        tell = {"collection": narrate.collection_story, "end": narrate.end_story}.get(data["kind"],
                                                                                     narrate.position_story)
        out.append(tell(data, entry))
    if entry.switch == "run_split":
        out.append(narrate.split_story(split_data(entry), entry))
    return out


def headline(entry: Entry, stories_: list[dict[str, Any]], freq: dict[str, Any] | None) -> dict[str, Any]:
    """"Can change the winner": yes with an example whose computed winners differ, else what was
    searched without finding one."""
    searched = f" and {freq['games']} sampled games" if freq else ""
    return claims.headline(stories_, narrate.SAY, "not shown: no example in which the winner changes turned up in "
                                                  f"the witness searches{searched}.")


def method(games: int) -> str:
    """What was played and how it was measured, said once."""
    return (f"What was played: {games} seeded games for each player count an entry concerns (2, 3 and 4 players; "
            "the points about the bot in 2-player games only), to the end, under the recommended reading, by greedy "
            "players: each puts up the card that adds most to a quick estimate of its collection (sets, runs and "
            "near-sets, the same under every reading), bids as few cards as it can, refusing those it needs least, "
            f"stays in an auction only while the card is worth more than {REFUSAL_COST} a refusal, and takes "
            f"{round(EXPLORE * 100)}% of its decisions at random. A point *arises* in a game at the first decision "
            "where the readings offer the player to move other decisions or a decision with another result; for a "
            "point of scoring, at the end, when a final collection scores differently (or a tie is read "
            "differently); for the deck and the bot, at the deal, when a blue or green joker ends in a collection or "
            "the bot receives a card. From there the game is played on under each reading by the same players with "
            "one new luck (their random choices drawn afresh from that point, the deck's order being the deal's): "
            "the reading *changes the game winner* when another reading's replay ends with other winners than the "
            "recommended reading's replay; the recommended reading's replay against the game itself is the "
            "*baseline*, what the new luck alone changes (nothing, for a point of scoring: no decision is left), and "
            "the reading's own effect is the first share minus the second (a paired difference with Newcombe's 95% "
            f"interval). A game still running after {MAX_TURNS} decisions (possible only without a market clear) is "
            "called off. Each entry's smallest example is taken from the first 20 games of each setting: the "
            "position with the fewest cards still to come (fewest players first) where the readings differ, or a "
            "final collection cut down until no card can be taken away; the tests replay each from its deal. Shares "
            "come with 95% Wilson intervals.")


def build(games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, entries: tuple[Entry, ...] = CATALOGUE.entries,
          progress: Callable[[str, int, int], None] | None = None, cache: Cache | None = None,
          refresh: bool = False, jobs: int = 1, pieces: Pieces | None = None) -> dict[str, Any]:
    """The whole report. ``progress(stage, done, total)`` is called as games are played; ``jobs``
    worker processes (or ``pieces``, a cluster say) play them, with the same report for any number.
    The proofs appendix is read from ``cache`` when there (unless ``refresh``) and written to it
    otherwise."""
    playing = [e for e in entries if e.plays]
    step = counter(progress, "games", games * len(sampling.PLUG.settings(playing)))
    sampled = sampling.sample_all(playing, games, seed, step, jobs, pieces)
    proofs = theorems.section(cache, None if progress is None else lambda k, n: progress("proofs", k, n), refresh,
                              jobs=jobs)
    out_entries = []
    for e in entries:
        item = entry_json(e)
        item["theorems"] = linked(e.theorems, proofs)
        example = sampled.examples.get(e.id)
        told = [narrate.game_story(example, e)] if example is not None else []
        for part in w.pairs(e):
            if w.HOW[e.switch] == w.DEAL:
                data = deal_data(part, seed)
            else:
                cand = sampling.candidates(part, seed)
                if cand is None and w.HOW[e.switch] == w.END:
                    cand = sampling.search_end(part, seed)
                data = witness_data(part, cand)
                if cand is None and w.HOW[e.switch] == w.SCORE:
                    data = one_colour_data(part)
            told += stories(part, data)
        item["witness"] = told
        item["frequency"] = sampling.entry_frequency(e, sampled, games, seed) if e.plays else None
        item["headline"] = headline(e, told, item["frequency"])
        item["technical"]["witness_search"] = {"from": "the sampled games", "measure": w.HOW[e.switch]}
        out_entries.append(item)
    numbers = {e.id: e.number for e in entries}
    return {
        **CATALOGUE.header(),
        "command": f"arbiter report --game stick-to-colours --games {games} --seed {seed}",
        "games": games,
        "seed": seed,
        "sources": [{"name": k, "description": v, "paraphrase": False} for k, v in CATALOGUE.sources.items()],
        "cards": CARDS,
        "method": method(games),
        "first_page": publisher.first_page(out_entries),
        "entries": out_entries,
        "sampling": sample.record(sampled, games, seed),
        "appendices": [appendix(theorems.TITLE, theorems.INTRO, proofs), glossary.appendix(GLOSSARY, GLOSSARY_INTRO),
                       trace.appendix("Traceability: every sentence of the rulebook", TRACE_INTRO, TRACES, LABELS,
                                      numbers)],
    }


__all__ = ["CARDS", "DEFAULT_GAMES", "DEFAULT_SEED", "build", "method", "stories", "witness_data"]
