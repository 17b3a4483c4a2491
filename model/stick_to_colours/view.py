"""Stick to Colours views: the game as one player sees it, as the reading defines what is visible.

"Deal each player 2 cards. Do not show your cards to your opponents!", "the player discards any
card (or cards) from their hand face down" and "players may not look at the bot's cards": so a seat
sees its own hand, the market and its tokens, the card put up, the public discards (a cleared
market, the bot's pile set aside) and every card another collection took from the market or won
(they were face up); it does not see the 2 cards dealt to each other collection (the bot's too),
which of its cards another player refused face down, nor the deck's order.

So each other collection is ``Hidden(known, dealt, holds, refused)``: it has held the ``known``
cards and ``dealt`` unseen ones, of which it ``holds`` some now, ``refused`` lie face down in the
auction in progress, and the rest were discarded face down. A deal gives each collection its
unseen cards, then splits its cards into held, refused and discarded (every split alike: the seat
cannot tell them apart), and orders the deck (``model/views.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations, pairwise
from math import comb
from typing import Any

from ..games import parse_position_text
from ..views import Place, check_count, count_deals, deal_all, deal_one, is_count
from .cards import EMPTY, CardError, Counts, add, cards_of, codes, counts_of, parse_cards, size, sub
from .game import HAND_START, Position, PositionError, deck_counts
from .notation import format_text, position_from_json, position_to_json, text_to_json


@dataclass(frozen=True)
class Hidden:
    """What a seat knows of another collection (see the module docstring)."""

    known: Counts
    dealt: int
    holds: int
    refused: int = 0

    @property
    def cards(self) -> int:
        """Every card it has held: the known and the dealt ones."""
        return size(self.known) + self.dealt


@dataclass(frozen=True)
class View:
    """``position`` holds what the seat sees (another collection's hand, its face-down refusals and
    the deck are empty there, the discard holds only the public discards and the seat's own);
    ``hidden[i]`` is None for the seat, else collection i's Hidden; ``deck`` the deck's size."""

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
            if h is not None and not 0 <= h.holds + h.refused <= h.cards:
                raise PositionError(f"hands[{i}]", f"holds {h.holds} and refused {h.refused} of {h.cards} cards")
        return self

    def places(self) -> list[Place]:
        return [Place(h.dealt) for h in self.hidden if h is not None and h.dealt] + [Place(self.deck, ordered=True)]

    def count(self) -> int:
        n = count_deals(size(self.unseen), self.places())
        for h in self.hidden:
            if h is not None:
                n *= comb(h.cards, h.holds) * comb(h.cards - h.holds, h.refused)
        return n

    def _filled(self, dealt: tuple[tuple[int, ...], ...], splits: list[tuple[tuple[int, ...], tuple[int, ...]]]
                ) -> Position:
        pos = self.position
        hands, refused = list(pos.hands), list(pos.auction.refused) if pos.auction else []
        discard, k, s = pos.discard, 0, 0
        for i, h in enumerate(self.hidden):
            if h is None:
                continue
            mine = cards_of(h.known) + list(dealt[k] if h.dealt else ())
            k += bool(h.dealt)
            held, ref = splits[s]
            s += 1
            hands[i] = counts_of(mine[j] for j in held)
            face_down = counts_of(mine[j] for j in ref)
            rest = counts_of(c for j, c in enumerate(mine) if j not in held and j not in ref)
            if i < len(refused):
                refused[i] = face_down
            discard = add(discard, rest)
        auction = replace(pos.auction, refused=tuple(refused)) if pos.auction else None
        return replace(pos, hands=tuple(hands), deck=dealt[k], discard=discard, auction=auction)

    def _splits(self) -> list[Iterator[tuple[tuple[int, ...], tuple[int, ...]]]]:
        out = []
        for h in self.hidden:
            if h is not None:
                out.append(list(_split_all(h.cards, h.holds, h.refused)))
        return out

    def deals(self) -> Iterator[Position]:
        """Every consistent deal once (copies of a card told apart), in a fixed order."""
        splits = self._splits()

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
        splits = []
        for h in self.hidden:
            if h is not None:
                order = rng.sample(range(h.cards), h.cards)
                splits.append((tuple(sorted(order[:h.holds])), tuple(sorted(order[h.holds:h.holds + h.refused]))))
        return self._filled(dealt, splits)


def _split_all(n: int, holds: int, refused: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    for held in combinations(range(n), holds):
        rest = [j for j in range(n) if j not in held]
        for ref in combinations(rest, refused):
            yield held, ref


class Tracker:
    """What ``seat`` knows as a game goes on from its deal: ``step(before, after)`` after each
    decision; ``view(pos)`` the seat's view of the position reached. A card another collection
    gains came face up (a lot won, a card handed over); its hand refusals lie face down, in the
    auction and then in the discard pile, where the seat cannot name them."""

    def __init__(self, start: Position, seat: int) -> None:
        self.seat = seat
        n = len(start.hands)
        self.known: list[Counts] = [EMPTY] * n
        self.dealt = [0 if i == seat else size(start.hands[i]) for i in range(n)]
        self.public = start.discard  # the discards the seat saw face up (and its own)

    def step(self, before: Position, after: Position) -> None:
        for i in range(len(after.hands)):
            if i != self.seat:
                self.known[i] = add(self.known[i], _minus(after.hands[i], before.hands[i]))
        added = _minus(after.discard, before.discard)
        if before.auction is not None and (after.auction is None or after.auction.lot != before.auction.lot):
            for i, r in enumerate(before.auction.refused):
                if i != self.seat:
                    added = sub(added, r)  # discarded face down
        self.public = add(self.public, added)

    def view(self, pos: Position) -> View:
        hidden: list[Hidden | None] = []
        hands = []
        refused = list(pos.auction.refused) if pos.auction else []
        for i, h in enumerate(pos.hands):
            if i == self.seat:
                hidden.append(None)
                hands.append(h)
                continue
            r = size(refused[i]) if i < len(refused) else 0
            hidden.append(Hidden(self.known[i], self.dealt[i], size(h), r))
            hands.append(EMPTY)
            if r:
                refused[i] = EMPTY
        auction = replace(pos.auction, refused=tuple(refused)) if pos.auction else None
        known = replace(pos, hands=tuple(hands), deck=(), discard=self.public, auction=auction)
        return View(known, tuple(hidden), len(pos.deck), self.seat)


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(max(0, x - y) for x, y in zip(a, b, strict=True))


def view_of(history: list[Position], seat: int | None = None) -> View:
    """The view of the last of ``history`` (a game's positions from its deal, one a decision) from
    ``seat`` (default: the player to move there)."""
    last = history[-1]
    tracker = Tracker(history[0], last.to_move if seat is None else seat)
    for before, after in pairwise(history):
        tracker.step(before, after)
    return tracker.view(last)


def start_view(pos: Position, seat: int | None = None) -> View:
    """The view of a position from ``seat`` when nothing has happened that the seat saw (a deal, or
    a position given alone): every card of another collection is taken as one it was dealt."""
    return view_of([pos], seat)


# -- notation: the position's JSON and text, with counts where the seat sees none ----------------

def view_to_json(view: View) -> dict[str, Any]:
    obj = position_to_json(view.position)
    obj["seat"] = view.seat
    obj["deck"] = view.deck
    n = view.position.players
    for i, h in enumerate(view.hidden):
        if h is None:
            continue
        entry = {"known": codes(h.known), "dealt": h.dealt, "holds": h.holds}
        if i < n:
            obj["players"][i]["hand"] = entry
        else:
            obj["bot"]["hand"] = entry
        if obj.get("auction") and i < n:
            obj["auction"]["refused"][i] = h.refused
    return obj


def view_from_json(obj: Any) -> View:
    """A View from position JSON in which another collection's ``hand`` is ``{"known": [...],
    "dealt": N, "holds": N}``, its ``auction.refused`` a count, ``deck`` a count, plus ``seat``."""
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
        try:
            known = parse_cards(h.get("known", []), f"{where}.known")
        except CardError as e:
            raise PositionError(f"{where}.known", str(e)) from None
        dealt = check_count(h.get("dealt", HAND_START), f"{where}.dealt", 48, PositionError) if is_count(
            h.get("dealt", HAND_START)) else _bad(f"{where}.dealt")
        holds = check_count(h.get("holds", size(known) + dealt), f"{where}.holds", 48, PositionError) if is_count(
            h.get("holds", 0)) else _bad(f"{where}.holds")
        r = 0
        if i < len(refused) and is_count(refused[i]):
            r = check_count(refused[i], f"auction.refused[{i}]", 48, PositionError)
            refused[i] = []
        hidden.append(Hidden(known, dealt, holds, r))
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
    """The one-line text: another collection's hand as ``?DEALT KNOWN... holds N``, a count of face-down
    refusals in the auction, ``deck N``, and ``seat S``."""
    parts = format_text(view.position).split(" | ")
    n = view.position.players
    hands = []
    for i, h in enumerate(view.hidden):
        if h is None:
            hands.append(" ".join(codes(view.position.hands[i])) or "-")
        else:
            hands.append(" ".join([f"?{h.dealt}", *codes(h.known), "holds", str(h.holds)]))
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
            hidden_json.append({"known": body[1:body.index("holds")], "dealt": int(body[0][1:]),
                                "holds": int(body[-1])})
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


__all__ = ["Hidden", "Tracker", "View", "format_view", "parse_view", "start_view", "view_from_json", "view_of",
           "view_to_json"]
