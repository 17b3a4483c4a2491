"""Realms witnesses in words: deals and positions as scenes (each seat's hand as card tiles), the
plays of a trick as sentences ("Player 2 plays the Yellow 1: it matches the Red 1, so the ruling
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
from arbiter.model.realms.spec import trick_spec

from ..entry import Entry, Quote
from .catalogue import EXAMPLE, FOLLOW, GAME, STEAL, TRICK

CARDS = {  # tile colours: every text/background pair has a contrast of at least 4.5:1 (tested)
    "R": {"name": "Red", "background": "#b71c1c", "text": "#ffffff"},
    "Y": {"name": "Yellow", "background": "#fdd835", "text": "#000000"},
    "B": {"name": "Blue", "background": "#0d47a1", "text": "#ffffff"},
    "G": {"name": "Green", "background": "#1b5e20", "text": "#ffffff"},
    "P": {"name": "Purple", "background": "#6a1b9a", "text": "#ffffff"},
    "S": {"name": "Special", "background": "#212121", "text": "#ffffff"},
}


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


def who(i: int | None) -> str:
    return "nobody" if i is None else f"Player {i + 1}"


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


def _winner_words(o: dict[str, Any], plays: list[str]) -> str:
    w = o["winner"]
    return "nobody" if w is None else f"{who(w)} ({the(parse_card(plays[w].split('=')[0]))})"


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


def _trick_text(o: dict[str, Any], plays: list[str]) -> str:
    w = o["winner"]
    if w is None:
        text = "Nobody wins the trick: no points"
    else:
        text = f"{who(w)} wins the trick with {the(parse_card(plays[w].split('=')[0]))} (10 points)"
    return text + f"; the marker ends on {colour(COLOUR_NAMES.index(o['ruling']))}; {who(o['leads_next'])} leads next."


def _legal_text(legal: list[str], other: list[str]) -> str:
    cards = sorted({m.split("=")[0] for m in legal}, key=lambda c: parse_card(c))
    extra = [c for c in cards if c not in {m.split("=")[0] for m in other}]
    text = "May play " + ", ".join(the(parse_card(c)) for c in cards) + "."
    if extra:
        text += " Only under this reading: " + ", ".join(the(parse_card(c)) for c in extra) + "."
    return text


def _steal_text(o: dict[str, Any]) -> str:
    victims: dict[str, float] = {}
    for prob, label in o["steals"]:
        v = label.rsplit(" ", 2)[-1]
        victims[v] = victims.get(v, 0) + prob
    parts = [f"from {who(int(v))}{' (their own hand)' if label_own(o, v) else ''} with chance {share:.2f}"
             for v, share in victims.items()]
    return "The Troll takes a random card " + "; ".join(parts) + "."


def label_own(o: dict[str, Any], victim: str) -> bool:
    return any(label.startswith(f"player {victim} takes") and label.endswith(f"player {victim}")
               for _, label in o["steals"])


def _game_text(entry: Entry, o: dict[str, Any]) -> str:
    a = o["after"]
    if entry.switch == "first_lead":
        return f"{who(a['leader'])} leads the first trick."
    if entry.switch == "halftime":
        if a["phase"] == RULING:
            return (f"Halftime starts a new round: every card is reshuffled, {who(a['dealer'])} deals and chooses the "
                    f"ruling colour, {who(a['leader'])} leads the first trick.")
        return (f"Halftime redeals and play resumes: the marker stays {colour(COLOUR_NAMES.index(a['ruling']))} and "
                f"{who(a['leader'])}, who won the trick, leads.")
    return (f"Afterwards the draw pile holds {cards_count(a['draw_pile'])} and the discard pile "
            f"{cards_count(a['discard_pile'])}: the "
            "Warlock " + ("finds nothing to take." if not a["discard_pile"] else
                          f"can take any of {cards_count(a['discard_pile'])}."))


def clash(entry: Entry) -> tuple[Quote, Quote] | None:
    """For a contradiction: the two sentences that name different results, the recommended first."""
    if entry.kind != "contradiction" or len(entry.sources) < 2:
        return None
    return entry.sources[0], entry.sources[1]


def story(w: dict[str, Any], entry: Entry) -> dict[str, Any]:
    """A witness as a story: the deal or position, the plays in words, each reading's result."""
    meaning = _meaning(entry)
    kind = w["kind"]
    title = "A game where it matters" if kind == GAME else "Smallest example"
    outcomes = []
    steps: list[str] = []
    pair = clash(entry)
    if kind in (TRICK, EXAMPLE, FOLLOW, STEAL):
        steps = plays_in_words(w["position"], w["moves"], entry.default.ruleset(entry.base))
        plays = w["moves"][1:]
    if kind in (TRICK, EXAMPLE):
        if pair:
            won = [_winner_words(o, plays) for o in w["outcomes"]]
            summary = (f"These two sentences name different winners for this trick: “{pair[0].text}” gives it to "
                       f"{won[0]}; “{pair[1].text}” to {won[1]}.")
        else:
            summary = "The readings give this trick to different players."
        for o in w["outcomes"]:
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]], "text": _trick_text(o, plays)})
    elif kind == FOLLOW:
        mover = w["outcomes"][0]["to_move"]
        summary = f"{who(mover)} may play different cards under each reading."
        for k, o in enumerate(w["outcomes"]):
            other = w["outcomes"][1 - k]["legal"]
            outcomes.append({"label": o["reading"], "reading": meaning[o["reading"]],
                             "text": _legal_text(o["legal"], other)})
    elif kind == STEAL:
        summary = "The Troll's steal has different outcomes under each reading."
        outcomes = [{"label": o["reading"], "reading": meaning[o["reading"]], "text": _steal_text(o)}
                    for o in w["outcomes"]]
    else:
        what = step_words(w["position"], w["what"])
        summary = (f"A seeded game of {w['players']} greedy players (game {w['game'] + 1} of the search, seed "
                   f"{w['seed']}): the readings part at step {w['step'] + 1}, {what}.")
        if pair:
            summary += f" These two sentences say different things happen next: “{pair[0].text}” and “{pair[1].text}”."
        outcomes = [{"label": o["reading"], "reading": meaning[o["reading"]], "text": _game_text(entry, o)}
                    for o in w["outcomes"]]
    caption = "The deal" if kind != GAME or w["what"] == "deal" else "The position"
    return {"title": title, "summary": summary, "scenes": [scene(w["position"], caption)], "steps": steps,
            "outcomes": outcomes, "data": w}


__all__ = ["CARDS", "COLOURS", "card_names", "name", "scene", "story", "tile"]
