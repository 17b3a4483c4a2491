"""Stick to Colours views: the game as one player sees it, as the reading defines what is visible.

"Deal each player 2 cards. Do not show your cards to your opponents!", "the player discards any
card (or cards) from their hand face down" and "players may not look at the bot's cards": so a seat
sees its own hand, the market and its tokens (every bid: the ? and X tokens on the market, the
number of cards refused face down), the card put up, the face-up discards (a cleared market, the
bot's pile set aside under ``bot_pile=out``) and every card another collection took from the
market (a lot won, a card handed over, the bot's pile: they were face up), and when another player
discarded how many cards face down; it does not see the 2 cards dealt to each other collection (the
bot's too), which cards another player refused or discarded face down, nor the deck's order.

A position records all of this as it is played (``Position.record``), so the view of a seat is a
function of the position alone (``seat_view``), wherever the position comes from: a game's last
position, a record's start (``small_deal``), a position given as text.

So each other collection is ``Hidden(taken, dealt, holds, refused, down)``: it took the ``taken``
cards face up in that order and was dealt ``dealt`` unseen ones; before the ``down`` discards it
had taken that many of them (a card it discarded face down was one it held then: dealt, or taken
before); ``refused`` lie face down in the auction in progress and it ``holds`` the rest. A deal gives
each collection its unseen cards, then each face-down discard its cards among those held then, and
the refusals in progress (every such choice alike: the seat cannot tell them apart), and orders the
deck (``model/views.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb
from typing import Any

from ..games import parse_position_text
from ..views import Place, check_count, count_deals, deal_all, deal_one, is_count
from .cards import (
    EMPTY,
    CardError,
    Counts,
    add,
    card_code,
    cards_of,
    codes,
    counts_of,
    parse_card,
    parse_cards,
    size,
    sub,
)
from .game import HAND_START, Position, PositionError, buried, deck_counts
from .notation import format_text, position_from_json, position_to_json, text_to_json


@dataclass(frozen=True)
class Hidden:
    """What a seat knows of another collection (see the module docstring). A discard not in ``down``
    (a view written without them) is taken as made after every card taken."""

    taken: tuple[int, ...]
    dealt: int
    holds: int
    refused: int = 0
    down: tuple[int, ...] = ()

    @property
    def known(self) -> Counts:
        """The cards it took face up."""
        return counts_of(self.taken)

    @property
    def cards(self) -> int:
        """Every card it has held: the taken and the dealt ones."""
        return len(self.taken) + self.dealt

    @property
    def discarded(self) -> int:
        """The cards it discarded face down."""
        return self.cards - self.holds - self.refused

    def stages(self) -> list[tuple[int, int]]:
        """Its face-down discards as (cards it had held by then, cards discarded), in order, the
        unmarked ones last: the dealt cards come first, then the taken ones in order."""
        out: list[tuple[int, int]] = []
        for a in (*self.down, *[len(self.taken)] * (self.discarded - len(self.down))):
            if out and out[-1][0] == self.dealt + a:
                out[-1] = (out[-1][0], out[-1][1] + 1)
            else:
                out.append((self.dealt + a, 1))
        return out

    def splits(self) -> int:
        """The number of ways its cards (dealt first, then taken) may have been discarded and refused."""
        n, gone = 1, 0
        for avail, k in self.stages():
            n *= comb(avail - gone, k)
            gone += k
        return n * comb(self.holds + self.refused, self.refused)

    def each_split(self) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """Each way once: the indices discarded at each stage, and those refused now."""
        stages = self.stages()

        def rec(t: int, gone: frozenset[int], chosen: tuple) -> Iterator:
            if t == len(stages):
                rest = [j for j in range(self.cards) if j not in gone]
                for ref in combinations(rest, self.refused):
                    yield chosen, ref
                return
            avail, k = stages[t]
            for pick in combinations([j for j in range(avail) if j not in gone], k):
                yield from rec(t + 1, gone | set(pick), (*chosen, pick))

        yield from rec(0, frozenset(), ())

    def one_split(self, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """One way drawn uniformly (every way of ``each_split`` alike: each stage's choices are as many
        whatever the earlier ones were)."""
        gone: set[int] = set()
        chosen = []
        for avail, k in self.stages():
            pick = tuple(sorted(rng.sample([j for j in range(avail) if j not in gone], k)))
            gone |= set(pick)
            chosen.append(pick)
        rest = [j for j in range(self.cards) if j not in gone]
        return tuple(chosen), tuple(sorted(rng.sample(rest, self.refused)))

    def row(self, mine: list[int], split: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]) -> tuple[int, ...]:
        """The collection's record in a deal: its cards ``mine`` (dealt, then taken) discarded as ``split`` says."""
        out: list[int] = []
        at = self.dealt
        for (avail, _), pick in zip(self.stages(), split[0], strict=True):
            out += mine[at:avail] + [~c for c in sorted(mine[j] for j in pick)]  # a batch as the game lists it
            at = avail
        return tuple(out + mine[at:])


@dataclass(frozen=True)
class View:
    """``position`` holds what the seat sees (another collection's hand, its face-down refusals and
    the deck are empty there, the discard holds only the face-up discards and the seat's own, the
    record is left out); ``hidden[i]`` is None for the seat, else collection i's Hidden; ``deck`` the
    deck's size."""

    position: Position
    hidden: tuple[Hidden | None, ...]
    deck: int
    seat: int

    @property
    def me(self) -> int:
        return self.seat

    @property
    def unseen(self) -> Counts:
        """The cards the seat has not seen: the deck, the other collections' dealt cards."""
        seen = self.position.all_cards()
        for h in self.hidden:
            if h is not None:
                seen = add(seen, h.known)
        try:
            return sub(deck_counts(self.position.ruleset), seen)
        except ValueError:
            raise PositionError("cards", "more cards seen than the deck holds") from None

    def validate(self) -> View:
        pos = self.position
        n = len(pos.hands)
        if not 0 <= self.seat < pos.players:
            raise PositionError("seat", f"the seat is a player 0 to {pos.players - 1}, got {self.seat}")
        if len(self.hidden) != n or self.hidden[self.seat] is not None:
            raise PositionError("hands", "the seat's own hand is listed; every other collection is hidden")
        unseen = size(self.unseen)
        dealt = sum(h.dealt for h in self.hidden if h is not None) + self.deck
        if dealt != unseen:
            raise PositionError("deck", f"the dealt cards and the deck hold {dealt} cards but {unseen} are unseen")
        for i, h in enumerate(self.hidden):
            if h is None:
                continue
            if not 0 <= h.holds + h.refused <= h.cards:
                raise PositionError(f"hands[{i}]", f"holds {h.holds} and refused {h.refused} of {h.cards} cards")
            if len(h.down) > h.discarded or list(h.down) != sorted(h.down) or any(
                    not 0 <= a <= len(h.taken) for a in h.down):
                raise PositionError(f"hands[{i}]", "its face-down discards (~) do not fit the cards it held")
            gone = 0
            for avail, k in h.stages():
                if avail - gone < k:
                    raise PositionError(f"hands[{i}]", "it discarded face down more cards than it held then")
                gone += k
        return self

    def places(self) -> list[Place]:
        return [Place(h.dealt) for h in self.hidden if h is not None and h.dealt] + [Place(self.deck, ordered=True)]

    def count(self) -> int:
        n = count_deals(size(self.unseen), self.places())
        for h in self.hidden:
            if h is not None:
                n *= h.splits()
        return n

    def _filled(self, dealt: tuple[tuple[int, ...], ...], splits: list) -> Position:
        pos = self.position
        hands, refused = list(pos.hands), list(pos.auction.refused) if pos.auction else []
        rows: list[tuple[int, ...]] = [()] * len(hands)
        discard, k, s = pos.discard, 0, 0
        for i, h in enumerate(self.hidden):
            if h is None:
                continue
            mine = list(dealt[k] if h.dealt else ()) + list(h.taken)
            k += bool(h.dealt)
            split = splits[s]
            s += 1
            gone = {j for pick in split[0] for j in pick}
            face_down = counts_of(mine[j] for j in split[1])
            hands[i] = counts_of(c for j, c in enumerate(mine) if j not in gone and j not in split[1])
            if i < len(refused):
                refused[i] = face_down
            discard = add(discard, counts_of(mine[j] for j in gone))
            rows[i] = h.row(mine, split)
        auction = replace(pos.auction, refused=tuple(refused)) if pos.auction else None
        return replace(pos, hands=tuple(hands), deck=dealt[k], discard=discard, auction=auction,
                       record=tuple(rows) if any(rows) else ())

    def deals(self) -> Iterator[Position]:
        """Every consistent deal once (copies of a card told apart), in a fixed order."""
        splits = [list(h.each_split()) for h in self.hidden if h is not None]

        def each(k: int, chosen: list) -> Iterator[list]:
            if k == len(splits):
                yield list(chosen)
                return
            for sp in splits[k]:
                chosen.append(sp)
                yield from each(k + 1, chosen)
                chosen.pop()

        for dealt in deal_all(cards_of(self.unseen), self.places()):
            for chosen in each(0, []):
                yield self._filled(dealt, chosen)

    def sample(self, rng: random.Random) -> Position:
        dealt = deal_one(cards_of(self.unseen), self.places(), rng)
        return self._filled(dealt, [h.one_split(rng) for h in self.hidden if h is not None])


def seat_view(pos: Position, seat: int | None = None) -> View:
    """What ``seat`` (default: the player to move) sees of ``pos``: its own hand and the table; of
    each other collection its record with the cards discarded face down unnamed, the number of
    cards it holds and has refused face down in the auction; the face-up discards; the deck's size.
    A position without a record (a deal, a position written without one) has every card of another
    collection taken as one it was dealt and every discard as face up."""
    seat = pos.to_move if seat is None else seat
    if seat is None:
        raise PositionError("seat", "the game is over: name the seat")
    hidden: list[Hidden | None] = []
    hands = []
    refused = list(pos.auction.refused) if pos.auction else []
    public = pos.discard
    for i, h in enumerate(pos.hands):
        if i == seat:
            hidden.append(None)
            hands.append(h)
            continue
        row = pos.record[i] if pos.record else ()
        r = size(refused[i]) if i < len(refused) else 0
        taken = tuple(c for c in row if c >= 0)
        down, before = [], 0
        for c in row:
            if c >= 0:
                before += 1
            else:
                down.append(before)
        mine = buried(pos.record, i)
        public = sub(public, mine)
        hidden.append(Hidden(taken, size(h) + r + size(mine) - len(taken), size(h), r, tuple(down)))
        hands.append(EMPTY)
        if r:
            refused[i] = EMPTY
    auction = replace(pos.auction, refused=tuple(refused)) if pos.auction else None
    known = replace(pos, hands=tuple(hands), deck=(), discard=public, auction=auction, record=())
    return View(known, tuple(hidden), len(pos.deck), seat)


def view_of(history: list[Position], seat: int | None = None) -> View:
    """The view of the last of ``history`` (a game's positions, one a decision) from ``seat``
    (default: the player to move there): the position records what the seat saw (``seat_view``)."""
    return seat_view(history[-1], seat)


def start_view(pos: Position, seat: int | None = None) -> View:
    """The view of a position given alone (``seat_view``)."""
    return seat_view(pos, seat)


# -- notation: the position's JSON and text, with counts where the seat sees none ----------------

def view_to_json(view: View) -> dict[str, Any]:
    obj = position_to_json(view.position)
    obj["seat"] = view.seat
    obj["deck"] = view.deck
    n = view.position.players
    for i, h in enumerate(view.hidden):
        if h is None:
            continue
        entry: dict[str, Any] = {"known": [card_code(c) for c in h.taken], "dealt": h.dealt, "holds": h.holds}
        if h.down:
            entry["down"] = list(h.down)
        if i < n:
            obj["players"][i]["hand"] = entry
        else:
            obj["bot"]["hand"] = entry
        if obj.get("auction") and i < n:
            obj["auction"]["refused"][i] = h.refused
    return obj


def view_from_json(obj: Any) -> View:
    """A View from position JSON in which another collection's ``hand`` is ``{"known": [...],
    "dealt": N, "holds": N, "down": [...]}`` (the cards it took face up in order; before each card it
    discarded face down, how many it had taken), its ``auction.refused`` a count, ``deck`` a count,
    plus ``seat``."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    rest = {k: v for k, v in obj.items() if k != "seat"}
    deck = obj.get("deck")
    if not is_count(deck):
        raise PositionError("deck", "a view's deck is its number of cards (their order is unseen)")
    rest["deck"] = []
    seat = obj.get("seat", obj.get("dealer"))
    if not is_count(seat):
        raise PositionError("seat", f"must be a player number, got {seat!r}")
    hands_obj = [p.get("hand") if isinstance(p, dict) else None for p in obj.get("players", []) or []]
    if isinstance(obj.get("bot"), dict):
        hands_obj.append(obj["bot"].get("hand"))
    hidden: list[Hidden | None] = []
    players = [dict(p) if isinstance(p, dict) else p for p in obj.get("players", []) or []]
    auction = dict(obj["auction"]) if isinstance(obj.get("auction"), dict) else obj.get("auction")
    refused = list(auction.get("refused", [])) if isinstance(auction, dict) else []
    for i, h in enumerate(hands_obj):
        where = f"players[{i}].hand" if i < len(players) else "bot.hand"
        if not isinstance(h, dict):
            hidden.append(None)
            continue
        listed = h.get("known", [])
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise PositionError(f"{where}.known", "must be a list of card codes")
        try:
            taken = tuple(parse_card(c) for c in listed)
        except CardError as e:
            raise PositionError(f"{where}.known", str(e)) from None
        known = counts_of(taken)
        down = h.get("down", [])
        if not isinstance(down, list) or not all(is_count(a) for a in down):
            raise PositionError(f"{where}.down", "must be a list of counts of cards taken")
        dealt = check_count(h.get("dealt", HAND_START), f"{where}.dealt", 48, PositionError) if is_count(
            h.get("dealt", HAND_START)) else _bad(f"{where}.dealt")
        holds = check_count(h.get("holds", size(known) + dealt), f"{where}.holds", 48, PositionError) if is_count(
            h.get("holds", 0)) else _bad(f"{where}.holds")
        r = 0
        if i < len(refused) and is_count(refused[i]):
            r = check_count(refused[i], f"auction.refused[{i}]", 48, PositionError)
            refused[i] = []
        hidden.append(Hidden(taken, dealt, holds, r, tuple(down)))
        if i < len(players):
            players[i] = {"hand": []}
        else:
            rest["bot"] = {"hand": []}
    rest["players"] = players
    if isinstance(auction, dict):
        auction["refused"] = refused
        rest["auction"] = auction
    pos = _known_position(rest, [h.refused if h is not None else 0 for h in hidden])
    if seat >= pos.players or hidden[seat] is not None:
        raise PositionError("seat", f"player {seat} must be a player whose hand is listed")
    return View(pos, tuple(hidden), deck, seat).validate()


def _known_position(obj: dict[str, Any], face_down: list[int]) -> Position:
    """The position of a view's JSON, checked as a position is: another player's face-down refusals
    count toward the auction's bids, so they stand in as cards not listed anywhere while it is
    read, and are taken out again."""
    if not any(face_down) or not isinstance(obj.get("auction"), dict):
        return position_from_json(obj)
    bare = position_from_json({**obj, "auction": None, "market": [
        {k: v for k, v in m.items() if k != "q"} if isinstance(m, dict) else m for m in obj.get("market", [])]})
    listed = [obj["auction"].get("lot", {}).get("card") if isinstance(obj["auction"].get("lot"), dict) else None]
    for r in obj["auction"].get("refused", []):
        listed += r if isinstance(r, list) else []
    try:
        spare = cards_of(sub(sub(deck_counts(bare.ruleset), bare.all_cards()), parse_cards([c for c in listed if c])))
    except (CardError, ValueError):
        return position_from_json(obj)  # the cards themselves are wrong: the plain reading names where
    refused = list(obj["auction"]["refused"])
    stand_in: list[Counts] = []
    for i, k in enumerate(face_down[:len(refused)]):
        if len(spare) < k:
            raise PositionError(f"auction.refused[{i}]", "more face-down refusals than unseen cards")
        mine, spare = spare[:k], spare[k:]
        stand_in.append(counts_of(mine))
        refused[i] = [*refused[i], *codes(counts_of(mine))] if isinstance(refused[i], list) else refused[i]
    pos = position_from_json({**obj, "auction": {**obj["auction"], "refused": refused}})
    a = pos.auction
    clean = tuple(sub(r, stand_in[i]) if i < len(stand_in) else r for i, r in enumerate(a.refused))
    return replace(pos, auction=replace(a, refused=clean))


def _bad(field: str) -> int:
    raise PositionError(field, "must be a count of cards")


def format_view(view: View) -> str:
    """The one-line text: another collection's hand as ``?DEALT KNOWN... holds N`` (the cards it took
    face up in order, ``~`` where it discarded a card face down), a count of face-down
    refusals in the auction, ``deck N``, and ``seat S``."""
    parts = format_text(view.position).split(" | ")
    n = view.position.players
    hands = []
    for i, h in enumerate(view.hidden):
        if h is None:
            hands.append(" ".join(codes(view.position.hands[i])) or "-")
        else:
            words = [f"?{h.dealt}"]
            for j in range(len(h.taken) + 1):
                words += ["~"] * h.down.count(j) + ([card_code(h.taken[j])] if j < len(h.taken) else [])
            hands.append(" ".join([*words, "holds", str(h.holds)]))
    if len(hands) > n:
        hands[n] = "bot " + hands[n]
    parts[2] = f"deck {view.deck}"
    parts[4] = "hands " + " / ".join(hands)
    if view.position.auction:
        head, _, _ = parts[6].partition(" refused ")
        parts[6] = head + " refused " + " / ".join(
            (" ".join(codes(view.position.auction.refused[i])) or "-") if h is None or i >= n else str(h.refused)
            for i, h in enumerate(view.hidden[:n]))
    return " | ".join(parts) + f" | seat {view.seat}"


def parse_view(text: str) -> View:
    """A View from JSON or from the text of ``format_view``."""
    return parse_position_text(text, view_from_json, _text_view, PositionError)


def _text_view(text: str) -> View:
    sections = [s.strip() for s in text.strip().split("|")]
    if len(sections) != 8 or not sections[7].startswith("seat "):
        raise PositionError("position", "a view's text is a position's 7 sections and 'seat S' (docs/notation.md)")
    seat_word = sections[7].split()[1:]
    if len(seat_word) != 1 or not seat_word[0].isdecimal():
        raise PositionError("seat", f"expected 'seat S', got {sections[7]!r}")
    words = sections[2].split()
    if len(words) != 2 or words[0] != "deck" or not words[1].isdecimal():
        raise PositionError("deck", "a view's deck is 'deck N', its number of cards")
    hands = sections[4].removeprefix("hands").split("/")
    hidden_json: list[Any] = []
    plain = []
    for h in hands:
        ws = h.split()
        bot = ws[:1] == ["bot"]
        body = ws[1:] if bot else ws
        if body[:1] and body[0].startswith("?"):
            if "holds" not in body or not body[0][1:].isdecimal() or not body[-1].isdecimal():
                raise PositionError("hands", f"a hidden hand is '?DEALT KNOWN... holds N', got {h.strip()!r}")
            seen = body[1:body.index("holds")]
            down, before = [], 0
            for w in seen:
                if w == "~":
                    down.append(before)
                else:
                    before += 1
            hidden_json.append({"known": [w for w in seen if w != "~"], "dealt": int(body[0][1:]),
                                "holds": int(body[-1]), "down": down})
            plain.append(("bot " if bot else "") + "-")
        else:
            hidden_json.append(None)
            plain.append(h.strip())
    sections[4] = "hands " + " / ".join(plain)
    sections[2] = "deck -"
    auction_counts: list[int | None] = []
    if " refused " in sections[6]:
        head, _, tail = sections[6].partition(" refused ")
        items = [r.strip() for r in tail.split("/")]
        auction_counts = [int(r) if r.isdecimal() else None for r in items]
        sections[6] = head + " refused " + " / ".join("-" if r.isdecimal() else r for r in items)
    obj = text_to_json(" | ".join(sections[:7]))
    obj["deck"] = int(words[1])
    obj["seat"] = int(seat_word[0])
    n = len(obj["players"])
    for i, h in enumerate(hidden_json):
        if h is not None:
            if i < n:
                obj["players"][i]["hand"] = h
            else:
                obj["bot"]["hand"] = h
    if obj.get("auction"):
        for i, r in enumerate(auction_counts):
            if r is not None:
                obj["auction"]["refused"][i] = r
    obj.pop("scores", None)
    return view_from_json(obj)


__all__ = ["Hidden", "View", "format_view", "parse_view", "seat_view", "start_view", "view_from_json", "view_of",
           "view_to_json"]
