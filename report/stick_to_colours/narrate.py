"""Stick to Colours witnesses in words: positions as scenes (each seat's collection, the market with
its tokens, the card up for auction), decisions as sentences, collections with their sets, and games
whose winner changes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arbiter.model.stick_to_colours import Position, position_from_json, position_to_json
from arbiter.model.stick_to_colours.cards import KINDS, card_code, codes, sub
from arbiter.model.stick_to_colours.game import Move, Slot

from .. import claims
from ..seats import who
from ..tiles import tiles
from .play import game_deal

COLOURS = {"R": "Red", "B": "Blue", "G": "Green"}
CARDS = tiles(COLOURS)  # the card tiles of the report's scenes


def card(code: str) -> str:
    return f"{COLOURS[code[0]]} {'joker' if code[1] == 'J' else code[1]}"


def cards(items: list[str]) -> str:
    names = [card(c) for c in items]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _whom(ids: list[int], players: int) -> str:
    names = [who(i, players) for i in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _marks(slot: dict[str, Any], players: int) -> str:
    parts = []
    if slot.get("q"):
        parts.append(f"? of {_whom(slot['q'], players)}")
    if slot.get("x"):
        parts.append(f"X of {_whom(slot['x'], players)}")
    return ", ".join(parts) or "no tokens"


def scene(pos: dict[str, Any], caption: str) -> dict[str, Any]:
    """A position as a scene: facts in words, each seat's collection (and hand refusals), the market
    grouped by the tokens on its cards, and the deck when it is short."""
    n = len(pos["players"])
    p = position_from_json(pos)
    facts = [f"{n} players" + (" and the bot" if "bot" in pos else ""), f"{who(pos['dealer'], n)} is the dealer"]
    a = pos["auction"]
    if p.is_over:
        facts.append("the game is over; scores " + ", ".join(f"{who(i, n)} {s}" for i, s in enumerate(p.scores)))
    elif a is None:
        facts.append(f"{who(pos['dealer'], n)} chooses a card to put up, or passes")
    else:
        facts.append(f"{card(a['lot']['card'])} is up for auction; {who(a['leader'], n)} leads with a bid of "
                     f"{a['high']}; {who(a['bidder'], n)} to bid")
        if a["passed"]:
            facts.append(f"{_whom(a['passed'], n)} passed")
    if pos["passes"]:
        facts.append(f"passed as dealer since the last auction: {_whom(pos['passes'], n)}")
    facts.append(f"{len(pos['deck'])} cards in the deck")
    seats = []
    for i, s in enumerate(pos["players"]):
        rows = [{"label": "collection", "cards": s["hand"]}]
        if a is not None and a["refused"][i]:
            rows.append({"label": "refused from hand", "cards": a["refused"][i]})
        seats.append({"name": who(i, n) + (" (to move)" if p.to_move == i else ""), "out": False, "rows": rows})
    if "bot" in pos:
        seats.append({"name": "The bot", "out": False, "rows": [{"label": "collection", "cards": pos["bot"]["hand"]}]})
    groups: dict[str, list[str]] = {}
    for slot in pos["market"]:
        groups.setdefault(_marks(slot, n), []).append(slot["card"])
    rows = [{"label": f"up for auction ({_marks(a['lot'], n)})", "cards": [a["lot"]["card"]]}] if a else []
    rows += [{"label": label, "cards": group} for label, group in groups.items()]
    if rows:
        seats.append({"name": "Market", "out": False, "rows": rows})
    return {"caption": caption, "facts": facts, "seats": seats, "deck": list(pos["deck"]),
            "deck_shown": 0 < len(pos["deck"]) <= 12}


def move_words(before: Position, text: str) -> str:
    """A decision in words."""
    m = Move.parse(text)
    me = who(before.to_move, before.players)
    if m.kind == "pass":
        return f"{me} passes" + (" as dealer" if before.auction is None else "")
    refused = [Slot.parse(t).card for t in m.market]
    parts = [cards(codes(tuple(refused.count(c) for c in range(KINDS))))] if refused else []
    if m.hand:
        parts.append(f"from their hand {cards(list(m.hand))}")
    what = " and ".join(parts)
    size = len(m.market) + len(m.hand)
    if m.kind == "auction":
        return f"{me} puts {card(card_code(Slot.parse(m.lot).card))} up for auction, refusing {what}"
    return f"{me} bids, refusing {what} ({size} more refusal{'s' if size > 1 else ''})"


def after_words(before: Position, after: Position) -> str:
    """What follows a decision: the auction going on, or who took which cards, a market cleared, the
    next dealer, the end of the game."""
    n = before.players
    if after.auction is not None:
        a = after.auction
        out = [i for i in range(n) if a.passed >> i & 1]
        return (f"the bidding goes on: {who(a.leader, n)} leads with {a.high}, {who(a.bidder, n)} to bid; "
                + (f"{_whom(out, n)} {'has' if len(out) == 1 else 'have'} passed" if out else "nobody has passed"))
    parts = []
    for i, (h0, h1) in enumerate(zip(before.hands, after.hands, strict=True)):
        got = tuple(max(0, y - x) for x, y in zip(h0, h1, strict=True))
        if any(got):
            parts.append(f"{who(i, n)} takes {cards(codes(got))}")
    gone = sub(after.discard, before.discard)
    if before.auction is None and any(gone):
        parts.append(f"the market ({cards(codes(gone))}) is discarded and laid out again")
    elif before.auction is not None and any(gone) and not any(before.auction.refused):
        parts.append(f"{cards(codes(gone))} {'is' if sum(gone) == 1 else 'are'} set aside")
    if after.is_over:
        parts.append("the game is over: " + ", ".join(f"{who(i, n)} {s}" for i, s in enumerate(after.scores)))
    else:
        parts.append(f"{who(after.dealer, n)} deals next" + (f" (passed as dealer so far: "
                                                                f"{_whom([i for i in range(n) if after.passes >> i & 1], n)})"
                                                                if after.passes else ""))
    return "; ".join(parts)


def _under(pos: dict[str, Any], entry: Any, label: str) -> Position:
    reading = next(r for r in entry.readings if r.label == label)
    p = position_from_json(pos)
    return replace(p, ruleset=reading.ruleset(entry.base))


def _from(w: dict[str, Any]) -> str:
    k = len(w["turns"])
    return f"game {w['game']} of the {w['players']}-player sample, after {k} decision{'s' if k != 1 else ''} from the deal"


def say_choices(v: dict[str, Any]) -> str:
    text = f"{v['moves']} possible decisions"
    if v["shown_words"]:
        more = v["only_here"] - len(v["shown_words"])
        text += "; only under this reading: " + "; ".join(v["shown_words"]) + (f"; and {more} more" if more > 0 else "")
    return text


def say_after(v: dict[str, Any]) -> str:
    return v["after_words"]


def _sets(sets: list[dict[str, Any]]) -> str:
    return "; ".join(f"{'value set' if s['kind'] == 'value' else 'run'} "
                     f"{' '.join(s['cards'])} ({s['points']})" for s in sets) or "no set"


def say_score(v: dict[str, Any]) -> str:
    return f"{v['points']} points: {_sets(v['sets'])}"


def say_result(v: dict[str, Any]) -> str:
    n = v["players"]
    scores = ", ".join(f"{who(i, n)} {s}" for i, s in enumerate(v["scores"]))
    if v["winners"] is None:
        return f"the game has not ended after the decision limit ({scores} so far)"
    names = _whom(v["winners"], n)
    return f"final scores {scores}: {names} {'share the victory' if len(v['winners']) > 1 else 'wins'}"


def say_split(v: dict[str, Any]) -> str:
    by = ", ".join(f"{n} by {d} point{'s' if d != '1' else ''}" for d, n in sorted(v["below_by"].items()))
    if not v["below_best"]:
        return f"every one of the {v['collections']} one-colour collections scores its best arrangement"
    return (f"{v['below_best']} of the {v['collections']} one-colour collections score below their best arrangement "
            f"({by}), the smallest being {' '.join(v['smallest'])}")


SAY: dict[str, claims.Say] = {"choices": say_choices, "after": say_after, "score": say_score, "result": say_result,
                              "split": say_split}


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _claimed(story: dict[str, Any], about: str, keys: tuple[str, ...], winner: str | None, lead: str,
             prefix: str) -> dict[str, Any]:
    """The story with its claim (the values the witness computed) and its heading written from it."""
    c = claims.compare(about, keys, story["data"]["outcomes"], winner)
    story["claim"] = c
    story["summary"] = f"{prefix} {claims.summary(c, SAY[about], lead)}"
    return story


def _outcomes(w: dict[str, Any], entry: Any, about: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"label": o["reading"], "reading": entry.meanings[o["reading"]],
             "text": sentence(SAY[about]({k: o[k] for k in keys}))} for o in w["outcomes"]]


def position_story(w: dict[str, Any], entry: Any) -> dict[str, Any]:
    """A position from a seeded game where the readings offer other decisions, or where one decision
    leads elsewhere (each outcome as the engine computed it, in words)."""
    pos = w["position"]
    if w["kind"] == "legal_moves":
        about, keys, lead = "choices", ("moves", "only_here", "shown_words"), "For the player to move"
    else:
        first = _under(pos, entry, w["outcomes"][0]["reading"])
        about, keys = "after", ("after_words", "state")
        lead = f"After the same decision ({move_words(first, w['move'])})"
    story = {"title": "Smallest example from a game", "scenes": [scene(pos, "The position")], "steps": [],
             "outcomes": _outcomes(w, entry, about, keys), "data": w}
    return _claimed(story, about, keys, None, lead, f"In this position ({_from(w)}):")


def collection_story(w: dict[str, Any], entry: Any) -> dict[str, Any]:
    n = w["players"]
    if w.get("searched") == "one colour":
        prefix = (f"No sampled game ended with a collection the readings score differently; the smallest collection "
                  f"of one colour they do ({len(w['collection'])} cards, every one-colour collection searched) is "
                  "this one.")
    else:
        prefix = (f"These {len(w['collection'])} cards are what is left of {who(w['seat'], n)}'s final collection in "
                  f"game {w['game']} of the {n}-player sample ({len(w['from'])} cards) once every card that does not "
                  "change the comparison is taken away.")
    sc = {"caption": "The collection", "facts": [f"{len(w['collection'])} cards"],
          "seats": [{"name": "Collection", "out": False, "rows": [{"label": "cards", "cards": w["collection"]}]}],
          "deck": [], "deck_shown": False}
    keys = ("points", "sets")
    story = {"title": "Smallest collection from a game", "scenes": [sc], "steps": [],
             "outcomes": _outcomes(w, entry, "score", keys), "data": w}
    return _claimed(story, "score", keys, None, "Scored", prefix)


def split_story(w: dict[str, Any], entry: Any) -> dict[str, Any]:
    """The run split compared over every one-colour collection (the computation kept in ``data``)."""
    keys = ("collections", "below_best", "below_by", "smallest")
    story = {"title": "Every one-colour collection", "scenes": [], "steps": [],
             "outcomes": _outcomes(w, entry, "split", keys), "data": w}
    return _claimed(story, "split", keys, None, "Over all of them",
                    "Every collection of one colour (0-2 copies of each value 1-6, 0-1 of each 7-9 and of the joker) "
                    "scored under each reading by the engine's scorer.")


def end_story(w: dict[str, Any], entry: Any) -> dict[str, Any]:
    n = w["players"]
    where = (f"game {w['game']} of the {n}-player sample" if w.get("game") is not None else
             f"a seeded {n}-player game searched for this point (search {w['searched']}, seed {w['seed']}; no sampled "
             "game ended so)")
    keys = ("players", "scores", "winners")
    story = {"title": "Smallest example from a game", "scenes": [scene(w["position"], "The end")], "steps": [],
             "outcomes": _outcomes(w, entry, "result", keys), "data": w}
    return _claimed(story, "result", keys, "winners", "At the end",
                    f"The end of {where}, {len(w['turns'])} decisions from the deal.")


def game_story(w: dict[str, Any], entry: Any, arises: bool = False) -> dict[str, Any]:
    """A sampled game played on under each reading (or, with ``arises``, played from its deal under
    each reading with the same luck), with each reading's result; for a reading that changes the
    deal, each reading's deal."""
    n = w["players"]
    if arises:
        prefix = (f"Game {w['game']} of the {n}-player sample (seed {w['seed']}), where the point arises, played "
                  "from its deal under each reading by the same seeded players.")
    else:
        prefix = (f"Game {w['game']} of the {n}-player sample (seed {w['seed']}): the readings part after "
                  f"{w['at']} decisions; each reading plays on from there with the same players and one new luck.")
    scenes = []
    if entry.switch in ("deck", "two_player"):
        for r in entry.readings:
            scenes.append(scene(position_to_json(game_deal(n, w["seed"], r.ruleset(entry.base))), f"The deal, {r.label}"))
    keys = ("players", "scores", "winners")
    title = "A game where it arises" if arises else "From a game"
    story = {"title": title, "scenes": scenes, "steps": [], "outcomes": _outcomes(w, entry, "result", keys),
             "data": {"kind": "game", **w}}
    return _claimed(story, "result", keys, "winners", "Played out", prefix)
