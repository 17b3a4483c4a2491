"""Realms witnesses in words: deals and positions as scenes (each seat's hand as card tiles), the
plays of a trick as sentences ("Player 1 plays the Yellow 1: it matches the Red 1, so the ruling
colour shifts to Yellow"), and what each reading makes of it."""

from __future__ import annotations

from typing import Any

from arbiter.model.realms.cards import (
    COLOUR_NAMES,
    COLOURS,
    CYCLONE,
    GIANT,
    PICTURE_NAMES,
    SPECIAL_NAMES,
    SPECIALS,
    TREE,
    TROLL,
    WARLOCK,
    Card,
    card_code,
    cards_of,
    colour_of,
    is_purple,
    is_special,
    number_of,
    parse_card,
    picture_of,
)
from arbiter.model.realms.game import RULING, parse_play
from arbiter.model.realms.notation import position_from_json
from arbiter.model.realms.reference import matches, walk
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.model.realms.spec import trick_spec

from .. import claims
from ..entry import Entry, Quote
from ..seats import who
from ..tiles import tiles
from .catalogue import EXAMPLE, FOLLOW, GAME, STEAL, TRICK

CARDS = tiles({"R": "Red", "Y": "Yellow", "B": "Blue", "G": "Green", "P": "Purple", "S": "Special"})


def colour(c: int | None) -> str:
    return "no colour" if c is None else COLOUR_NAMES[c].capitalize()


def name(c: Card) -> str:
    """A card's name: the Red 5, the Yellow Dragon, the Phoenix, the Purple 3."""
    if is_special(c):
        return SPECIAL_NAMES[SPECIALS.index(card_code(c))]
    if is_purple(c):
        return f"Purple {number_of(c)}"
    p = picture_of(c)
    return f"{colour(colour_of(c))} {PICTURE_NAMES[p] if p is not None else number_of(c)}"


def tile(c: Card) -> str:
    """The tile code: the legend letter then what the tile shows (Specials under ``S``)."""
    return "S" + card_code(c) if is_special(c) else card_code(c)


def card_names() -> dict[str, str]:
    return {tile(c): name(c) for c in range(65)}


def the(c: Card) -> str:
    return f"the {name(c)}"


def cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def scene(pos_json: dict[str, Any], caption: str) -> dict[str, Any]:
    """A position as a scene: facts in words and each seat's hand (and card in the trick) as tiles."""
    p = position_from_json(pos_json)
    facts = []
    if p.phase == RULING:
        facts.append(f"{who(p.dealer)} deals and chooses the starting ruling colour before looking at their hand")
    else:
        facts.append(f"Ruling colour before this trick: {colour(p.ruling)}")
    if p.to_move is not None and p.phase != RULING:
        facts.append(f"{who(p.to_move)} to play")
    facts.append("Scores: " + ", ".join(f"{who(i)} {s}" for i, s in enumerate(p.scores)))
    facts.append(f"Round {p.round}; draw pile {cards_count(p.pile().bit_count())}, discard pile "
                 f"{cards_count(p.discard.bit_count())}")
    played = {p.player_of(k): x for k, x in enumerate(p.trick) if x is not None}
    seats = []
    for i, h in enumerate(p.hands):
        rows = [{"label": "hand", "cards": [tile(c) for c in cards_of(h)]}]
        if i in played:
            rows.append({"label": "in the trick", "cards": [tile(played[i][0])]})
        label = who(i) + (" (dealer)" if i == p.dealer else "") + (" (leads)" if i == p.leader and p.trick == () else "")
        seats.append({"name": label, "out": False, "rows": rows})
    return {"caption": caption, "facts": facts, "seats": seats, "deck": [], "deck_shown": False}


def plays_in_words(pos_json: dict[str, Any], moves: list[str], ruleset: Any) -> list[str]:
    """The dealer's colour and the trick's plays as sentences, as ``ruleset`` resolves them."""
    p = position_from_json(pos_json)
    out = []
    ruling = 0
    plays: list[tuple[Card, int | None]] = []
    spec = trick_spec(ruleset)
    for text in moves:
        if text.startswith("ruling="):
            ruling = parse_play(text, True).choice
            out.append(f"{who(p.dealer)} (the dealer) chooses {colour(ruling)} as the starting ruling colour.")
            continue
        leading = not plays
        m = parse_play(text, leading)
        card, choice = m.card, m.choice
        colour_choice = choice if card == CYCLONE or (is_purple(card) and leading) else None
        plays.append((card, colour_choice))
        w = walk(spec, ruling, plays)
        me = who((p.leader + len(plays) - 1) % p.players)
        now = w[-1].marker
        if leading:
            what = f"{me} leads {the(card)}"
            if is_purple(card):
                what += f" and nominates {colour(choice)}: it counts as a {colour(choice)} {number_of(card)}"
            elif colour_of(card) is not None:
                what += f": the ruling colour is {colour(colour_of(card))}"
            else:
                what += f", which has no colour: the ruling colour stays {colour(ruling)}"
        else:
            what = f"{me} plays {the(card)}"
            if w[-1].matched:
                earlier = next(q.card for q in w[:-1] if matches(spec.matching, card, q.card))
                what += f": it matches {the(earlier)}"
                if w[-1].colour is not None and w[-1].colour == w[-2].marker:
                    what += f", and the ruling colour is already {colour(w[-1].colour)}"
                elif w[-1].colour is not None:
                    what += f", so the ruling colour shifts to {colour(w[-1].colour)}"
            elif is_purple(card):
                what += (f": it counts as a {colour(w[-1].colour)} {number_of(card)}" if w[-1].colour is not None
                         else ": it has no colour")
        if card == GIANT:
            what += f"; the Giant flips the ruling colour within its realm to {colour(now)}"
        elif card == CYCLONE:
            what += f"; the Cyclone sets the ruling colour to {colour(now)} and its player will lead next"
        elif card == WARLOCK:
            what += "; the Warlock searches the discard pile" + ("" if choice is None else f" and takes {the(choice)}")
        elif card == TREE:
            what += f"; the Tree takes {the(choice)} from the draw pile, which is then reshuffled"
        elif picture_of(card) == TROLL:
            what += f"; the Troll's player discards {the(choice)}, then takes a random card from a random player"
        out.append(what + ".")
    return out


def _meaning(entry: Entry) -> dict[str, str]:
    return {r.label: r.meaning for r in entry.readings}


def step_words(pos_json: dict[str, Any], what: str) -> str:
    """A game step (a move text or a chance label) in words."""
    words = what.split()
    if what == "deal":
        return "the deal"
    if len(words) == 4 and words[2] == "draws":
        return f"the draw of {the(parse_card(words[3]))} by {who(int(words[1]))}"
    if len(words) == 7 and words[2] == "takes":
        return f"the steal of {the(parse_card(words[3]))} from {who(int(words[6]))} by {who(int(words[1]))}'s Troll"
    p = position_from_json(pos_json)
    return f"{who(p.to_move)}'s play of {the(parse_card(what.split('=')[0]))}"


def clash(entry: Entry) -> tuple[Quote, Quote] | None:
    """For a contradiction: the two sentences that name different results, the recommended first."""
    if entry.kind != "contradiction" or len(entry.sources) < 2:
        return None
    return entry.sources[0], entry.sources[1]


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _card_words(code: str | None) -> str:
    return "" if code is None else f" with {the(parse_card(code))}"


def say_trick(v: dict[str, Any]) -> str:
    """One reading's computed trick result in words."""
    if v["winner"] is None:
        head = "nobody wins the trick"
    else:
        head = f"{who(v['winner'])} wins the trick{_card_words(v['card'])}"
    return f"{head}, the marker ends on {colour(COLOUR_NAMES.index(v['ruling']))} and {who(v['leads_next'])} leads next"


def _names(codes: list[str]) -> str:
    names = [the(parse_card(c)) for c in codes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def say_follow(v: dict[str, Any]) -> str:
    cards = sorted({m.split("=")[0] for m in v["legal"]}, key=parse_card)
    return f"{who(v['to_move'])} may play {_names(cards)}"


def say_steal(v: dict[str, Any]) -> str:
    victims: dict[str, float] = {}
    for prob, label in v["steals"]:
        victim = label.rsplit(" ", 1)[-1]
        victims[victim] = victims.get(victim, 0) + prob
    return "the Troll takes a random card " + " or ".join(
        f"from {who(int(x))} (chance {p:.2f})" for x, p in victims.items())


def say_after(v: dict[str, Any]) -> str:
    """What a game step leads to, as the witness computed it."""
    a = v["after"]
    if set(a) == {"leader"}:
        return f"{who(a['leader'])} leads the first trick"
    if a["phase"] == RULING:
        return (f"a new round starts: {who(a['dealer'])} deals and chooses the ruling colour, {who(a['leader'])} "
                f"leads the first trick; the draw pile holds {cards_count(a['draw_pile'])} and the discard pile "
                f"{cards_count(a['discard_pile'])}")
    ruling = "no colour yet" if a["ruling"] is None else colour(COLOUR_NAMES.index(a["ruling"]))
    return (f"the marker shows {ruling}, {who(a['to_move'])} is to move, the draw pile holds "
            f"{cards_count(a['draw_pile'])} and the discard pile {cards_count(a['discard_pile'])}")


def say_replay(v: dict[str, Any]) -> str:
    trick = "nobody wins that trick" if v["trick"] is None else f"{who(v['trick'])} wins that trick"
    return f"{trick} and {who(v['game'])} wins the game"


SAY: dict[str, claims.Say] = {"trick": say_trick, "follow": say_follow, "steal": say_steal, "after": say_after,
                              "replay": say_replay}
# What each kind of witness compares, the key naming who wins (None: not a winner), and its heading's lead.
CLAIMS = {TRICK: ("trick", ("winner", "card", "ruling", "leads_next"), "winner", "In this trick"),
          EXAMPLE: ("trick", ("winner", "card", "ruling", "leads_next"), "winner", "In the text's example"),
          FOLLOW: ("follow", ("to_move", "legal"), None, "At this point"),
          STEAL: ("steal", ("steals",), None, "When this Troll is played"),
          GAME: ("after", ("after",), None, "After this step")}


def with_trick(sc: dict[str, Any], w: dict[str, Any]) -> dict[str, Any]:
    """The deal's scene with each card of the witness's trick, as a tile, beside the hand that plays it."""
    p = position_from_json(w["position"])
    plays = [m for m in w["moves"] if not m.startswith("ruling=")]
    seats = [dict(seat, rows=list(seat["rows"])) for seat in sc["seats"]]
    for k, m in enumerate(plays):
        seats[p.player_of(k)]["rows"].append({"label": "leads" if k == 0 else f"plays {ordinal(k + 1)}",
                                             "cards": [tile(parse_card(m.split("=")[0]))]})
    return {**sc, "caption": sc["caption"] + " and the trick", "seats": seats}


def ordinal(n: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}[n]


def _claimed(story: dict[str, Any], kind: str, prefix: str = "") -> dict[str, Any]:
    about, keys, winner, lead = CLAIMS[kind]
    c = claims.compare(about, keys, story["data"]["outcomes"], winner)
    story["claim"] = c
    story["summary"] = (prefix + " " if prefix else "") + claims.summary(c, SAY[about], lead)
    return story


def story(w: dict[str, Any], entry: Entry) -> dict[str, Any]:
    """A witness as a story: the deal or position, the plays in words, each reading's result; its
    heading is written from the values the witness computed (``report.claims``)."""
    meaning = _meaning(entry)
    kind = w["kind"]
    about, keys, _, _ = CLAIMS[kind]
    title = "A game where it matters" if kind == GAME else "Smallest example"
    steps: list[str] = []
    if kind in (TRICK, EXAMPLE, FOLLOW, STEAL):
        steps = plays_in_words(w["position"], w["moves"], entry.default.ruleset(entry.base))
    outcomes = [{"label": o["reading"], "reading": meaning[o["reading"]], "text": sentence(SAY[about]({k: o[k] for k in keys}))}
                for o in w["outcomes"]]
    prefix = ""
    pair = clash(entry)
    if kind in (TRICK, EXAMPLE) and pair and len({o["winner"] for o in w["outcomes"]}) > 1:
        won = [say_trick(o).split(", the marker")[0] for o in w["outcomes"]]
        prefix = f"Two sentences of the text name different winners: “{pair[0].text}” ({won[0]}); “{pair[1].text}” ({won[1]})."
    if kind == GAME:
        what = step_words(w["position"], w["what"])
        prefix = (f"A seeded game of {w['players']} greedy players (game {w['game']} of the search, seed "
                  f"{w['seed']}) reaches step {w['step'] + 1}, {what}.")
    caption = "The deal" if kind != GAME or w["what"] == "deal" else "The position"
    scenes = [scene(w["position"], caption)]
    if kind in (TRICK, EXAMPLE, FOLLOW, STEAL):
        scenes = [with_trick(scenes[0], w)]
    return _claimed({"title": title, "scenes": scenes, "steps": steps, "outcomes": outcomes, "data": w}, kind, prefix)


def replay_story(example: dict[str, Any], entry: Entry, title: str = "From a game") -> dict[str, Any]:
    """A sampled game where the readings' replays part: the position where they part, each reading's
    next trick (as tiles) and the game's winner, as the replays with one other luck computed them."""
    meaning = _meaning(entry)
    outcomes, seats = [], []
    for o in example["outcomes"]:
        outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": sentence(say_replay(o))})
        seats.append({"name": f"Next trick, {o['reading']}", "out": False,
                      "rows": [{"label": who(pl), "cards": [tile(c)]} for (c, _), pl in zip(o["plays"], o["players"],
                                                                                            strict=True)]})
    setting = f"{example['players']} players" + ("" if entry.base == DEFAULT else
                                                 f", under {str(entry.base).removeprefix('default,')}")
    prefix = (f"Game {example['game']} of the sample ({setting}, seed {example['seed']}): the readings part at "
              f"step {example['step'] + 1}. Each reading plays on from there with the same players and one new luck.")
    first = scene(example["position"], "Where the readings part, and the next trick under each reading")
    scenes = [{**first, "seats": first["seats"] + seats}]
    c = claims.compare("replay", ("trick", "game"), example["outcomes"], "game")
    return {"title": title, "summary": prefix + " " + claims.summary(c, say_replay, "Played on"), "claim": c,
            "scenes": scenes, "steps": [], "outcomes": outcomes, "data": {"kind": "replay", **example}}


__all__ = ["CARDS", "COLOURS", "SAY", "card_names", "name", "replay_story", "scene", "story", "tile"]
