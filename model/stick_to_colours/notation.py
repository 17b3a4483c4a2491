"""Position notation: the JSON object and the one-line text form of ``docs/notation.md``
(section Stick to Colours). Both round-trip exactly; bad input raises PositionError naming the field.

>>> from arbiter.model.stick_to_colours.game import deal
>>> pos = deal(3, seed=1)
>>> parse_position(format_text(pos)) == pos
True
"""

from __future__ import annotations

from typing import Any

from ..games import parse_position_text
from .cards import (
    EMPTY,
    KINDS,
    CardError,
    Counts,
    add,
    card_code,
    codes,
    contains,
    counts_of,
    parse_card,
    parse_cards,
    sub,
)
from .game import (
    TOKENS,
    Auction,
    Position,
    PositionError,
    Record,
    Slot,
    buried,
    deck_counts,
    has_bot,
    market_size,
    runs_sorted,
)
from .ruleset import Ruleset, RulesetError

GAME_ID = "stick-to-colours"
_KEYS = {"game", "ruleset", "players", "bot", "dealer", "passes", "deck", "market", "discard", "auction", "scores",
         "record"}
_AUCTION_KEYS = {"lot", "bidder", "leader", "high", "passed", "refused"}


def _players_list(mask: int) -> list[int]:
    # Every bit, not only those of real seats: a text naming player 9 must reach the check that refuses it.
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _digits(word: str, field: str) -> list[int]:
    """The players of a text field such as ``passes 02`` (``-``: none)."""
    if word == "-":
        return []
    if not word.isdigit():
        raise PositionError(field, f"expected the digits of players (e.g. 02) or -, got {word!r}")
    return [int(ch) for ch in word]


def _slot_json(s: Slot) -> dict[str, Any]:
    out: dict[str, Any] = {"card": codes(_one(s.card))[0]}
    if s.q:
        out["q"] = _players_list(s.q)
    if s.x:
        out["x"] = _players_list(s.x)
    return out


def _one(card: int) -> Counts:
    n = [0] * KINDS
    n[card] = 1
    return tuple(n)


def position_to_json(pos: Position) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": GAME_ID,
        "ruleset": pos.ruleset.to_json(),
        "players": [{"hand": codes(h)} for h in pos.hands[:pos.players]],
    }
    if pos.bot:
        out["bot"] = {"hand": codes(pos.hands[pos.players])}
    out.update({"dealer": pos.dealer, "passes": _players_list(pos.passes),
                "deck": [codes(_one(c))[0] for c in pos.deck], "market": [_slot_json(s) for s in pos.market],
                "discard": codes(pos.discard), "auction": None})
    if pos.auction:
        a = pos.auction
        out["auction"] = {"lot": _slot_json(a.lot), "bidder": a.bidder, "leader": a.leader, "high": a.high,
                          "passed": _players_list(a.passed), "refused": [codes(r) for r in a.refused]}
    if pos.record:
        out["record"] = [record_codes(r) for r in pos.record]
    if pos.is_over:
        out["scores"] = list(pos.scores)
    return out


def record_codes(entries: tuple[int, ...]) -> list[str]:
    """A collection's record as codes: ``R5`` taken face up, ``~G2`` discarded face down."""
    return [card_code(c) if c >= 0 else "~" + card_code(~c) for c in entries]


def _record(value: Any, collections: int) -> Record:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) != collections:
        raise PositionError("record", f"must be a list of {collections} lists (each player, then the bot)")
    rows = []
    for i, row in enumerate(value):
        if not isinstance(row, list) or not all(isinstance(w, str) for w in row):
            raise PositionError(f"record[{i}]", "must be a list of card codes (~CODE: discarded face down)")
        try:
            rows.append(runs_sorted(tuple(~parse_card(w[1:]) if w.startswith("~") else parse_card(w) for w in row)))
        except CardError as e:
            raise PositionError(f"record[{i}]", str(e)) from None
    return tuple(rows) if any(rows) else ()


def _need(obj: dict, key: str, where: str = "") -> Any:
    if key not in obj:
        raise PositionError(f"{where}{key}", "missing field")
    return obj[key]


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise PositionError(field, f"must be an integer {lo}..{hi}, got {value!r}")
    return value


def _mask(value: Any, field: str, players: int) -> int:
    if not isinstance(value, list):
        raise PositionError(field, "must be a list of player indices")
    mask = 0
    for v in value:
        _int(v, field, 0, players - 1)
        if mask >> v & 1:
            raise PositionError(field, f"player {v} is listed twice")
        mask |= 1 << v
    return mask


def _cards(value: Any, field: str) -> Counts:
    try:
        return parse_cards(value, field)
    except CardError as e:
        raise PositionError(field, str(e).removeprefix(f"{field}: ")) from None


def _slot(value: Any, field: str, players: int) -> Slot:
    if not isinstance(value, dict) or set(value) - {"card", "q", "x"}:
        raise PositionError(field, 'must be an object {"card": ..., "q": [...], "x": [...]}')
    try:
        card = parse_card(_need(value, "card", f"{field}."))
    except CardError as e:
        raise PositionError(f"{field}.card", str(e)) from None
    q = _mask(value.get("q", []), f"{field}.q", players)
    x = _mask(value.get("x", []), f"{field}.x", players)
    if q & x:
        raise PositionError(field, "a player's ? and X tokens cannot lie on the same card")
    return Slot(card, q, x)


def position_from_json(obj: Any) -> Position:
    """A Position from the parsed JSON object; PositionError naming the field on bad input."""
    if not isinstance(obj, dict):
        raise PositionError("position", f"must be a JSON object, got {type(obj).__name__}")
    unknown = sorted(set(obj) - _KEYS)
    if unknown:
        raise PositionError(unknown[0], f"unknown key (known: {', '.join(sorted(_KEYS))})")
    if obj.get("game", GAME_ID) != GAME_ID:
        raise PositionError("game", f"expected {GAME_ID!r}, got {obj.get('game')!r}")
    try:
        ruleset = Ruleset.from_json(obj.get("ruleset", "default"))
    except (RulesetError, TypeError) as e:
        raise PositionError("ruleset", str(e)) from None
    players_obj = _need(obj, "players")
    if not isinstance(players_obj, list) or not 2 <= len(players_obj) <= 4:
        raise PositionError("players", "must be a list of 2 to 4 player objects")
    n = len(players_obj)
    hands = []
    for i, p in enumerate(players_obj):
        if not isinstance(p, dict) or set(p) != {"hand"}:
            raise PositionError(f"players[{i}]", 'must be an object {"hand": [...]}')
        hands.append(_cards(p["hand"], f"players[{i}].hand"))
    if has_bot(n, ruleset):
        bot = _need(obj, "bot")
        if not isinstance(bot, dict) or set(bot) != {"hand"}:
            raise PositionError("bot", 'must be an object {"hand": [...]}')
        hands.append(_cards(bot["hand"], "bot.hand"))
    elif "bot" in obj:
        raise PositionError("bot", "there is a bot only with 2 players and two_player=bot")
    dealer = _int(_need(obj, "dealer"), "dealer", 0, n - 1)
    passes = _mask(obj.get("passes", []), "passes", n)
    deck_obj = _need(obj, "deck")
    if not isinstance(deck_obj, list):
        raise PositionError("deck", "must be a list of card codes, top first")
    try:
        deck = tuple(parse_card(c) for c in deck_obj)
    except CardError as e:
        raise PositionError("deck", str(e)) from None
    market_obj = _need(obj, "market")
    if not isinstance(market_obj, list):
        raise PositionError("market", "must be a list of market cards")
    market = tuple(sorted(_slot(s, f"market[{i}]", n) for i, s in enumerate(market_obj)))
    discard = _cards(obj.get("discard", []), "discard")
    auction = None
    a = obj.get("auction")
    if a is not None:
        auction = _auction(a, n)
    record = _record(obj.get("record"), len(hands))
    pos = Position(ruleset, n, deck, market, tuple(hands), discard, dealer, passes, (TOKENS,) * n, auction, record)
    pos = _check(pos)
    if "scores" in obj:
        if not pos.is_over:
            raise PositionError("scores", "only a finished game has scores")
        if obj["scores"] != list(pos.scores):
            raise PositionError("scores", f"the collections score {list(pos.scores)}, not {obj['scores']!r}")
    return pos


def _auction(a: Any, n: int) -> Auction:
    if not isinstance(a, dict):
        raise PositionError("auction", "must be an object or null")
    unknown = sorted(set(a) - _AUCTION_KEYS)
    if unknown:
        raise PositionError(f"auction.{unknown[0]}", f"unknown key (known: {', '.join(sorted(_AUCTION_KEYS))})")
    lot = _slot(_need(a, "lot", "auction."), "auction.lot", n)
    if lot.q:
        raise PositionError("auction.lot", "no ? token lies on the card put up")
    refused_obj = a.get("refused", [[] for _ in range(n)])
    if not isinstance(refused_obj, list) or len(refused_obj) != n:
        raise PositionError("auction.refused", f"must be a list of {n} card lists")
    refused = tuple(_cards(r, f"auction.refused[{i}]") for i, r in enumerate(refused_obj))
    return Auction(lot, _int(_need(a, "bidder", "auction."), "auction.bidder", 0, n - 1),
                   _int(_need(a, "leader", "auction."), "auction.leader", 0, n - 1),
                   _int(_need(a, "high", "auction."), "auction.high", 1, 48),
                   _mask(a.get("passed", []), "auction.passed", n), refused)


def _check(pos: Position) -> Position:
    """Reject what no game reaches; fill in the token supplies."""
    deck = deck_counts(pos.ruleset)
    try:
        total = pos.all_cards()
    except ValueError:
        raise PositionError("position", "bad card counts") from None
    if not contains(deck, total):
        extra = sub(add(total, EMPTY), tuple(min(a, b) for a, b in zip(total, deck, strict=True)))
        code = codes(extra)[0]
        raise PositionError("cards", f"{code} is in more places than the deck holds it ({deck[parse_card(code)]})")
    if len(pos.market) > market_size(pos.players):
        raise PositionError("market", f"holds at most {market_size(pos.players)} cards")
    if pos.passes == (1 << pos.players) - 1:
        raise PositionError("passes", "every dealer passed: the market would have been cleared")
    a = pos.auction
    if a is None:
        if any(s.q for s in pos.market):
            raise PositionError("market", "? tokens lie only during an auction")
    else:
        _check_auction(pos, a)
    _check_record(pos)
    supply = tuple(TOKENS - pos.tokens_out(i) for i in range(pos.players))
    return Position(pos.ruleset, pos.players, pos.deck, pos.market, pos.hands, pos.discard, pos.dealer, pos.passes,
                    supply, pos.auction, pos.record)


def _check_record(pos: Position) -> None:
    """Each collection's record plays out: the cards it was dealt (those it has held but did not take
    face up) then its record, never discarding a card it did not hold; the face-down discards lie in
    the discard pile."""
    if not pos.record:
        return
    down = EMPTY
    for i, row in enumerate(pos.record):
        held = pos.hands[i]
        if pos.auction and i < pos.players:
            held = add(held, pos.auction.refused[i])
        mine = buried(pos.record, i)
        down = add(down, mine)
        try:
            pool = sub(add(held, mine), counts_of(c for c in row if c >= 0))
        except ValueError:
            raise PositionError(f"record[{i}]", "it took face up a card it neither holds nor discarded") from None
        for c in row:
            try:
                pool = add(pool, counts_of([c])) if c >= 0 else sub(pool, counts_of([~c]))
            except ValueError:
                raise PositionError(f"record[{i}]", f"it discarded {card_code(~c)} before it held it") from None
    if not contains(pos.discard, down):
        raise PositionError("record", "the cards discarded face down are not all in the discard pile")


def _check_auction(pos: Position, a: Auction) -> None:
    n = pos.players
    everyone = (1 << n) - 1
    if a.bidder == a.leader:
        raise PositionError("auction.bidder", "the leading bidder does not bid against themselves")
    if a.passed >> a.leader & 1:
        raise PositionError("auction.passed", "the leading bidder has not passed")
    if a.passed >> a.bidder & 1 and pos.ruleset.pass_final:
        raise PositionError("auction.bidder", "a player who passed does not bid again (pass_final=true)")
    if a.passed | 1 << a.leader == everyone:
        raise PositionError("auction.passed", "every other player passed: the auction would be over")
    sizes = [sum(1 for s in pos.market if s.q >> i & 1) + sum(a.refused[i]) for i in range(n)]
    if sizes[a.leader] != a.high:
        raise PositionError("auction.high", f"the leader's refusals number {sizes[a.leader]}, not {a.high}")
    if any(sizes[i] >= a.high for i in range(n) if i != a.leader):
        raise PositionError("auction.high", "another bidder's refusals reach the leading bid")


def format_text(pos: Position) -> str:
    """The one-line text form: ``stick-to-colours RULESET | dealer D passes P | deck ... | market ...
    | hands H0 / H1 [/ bot H] | discard ... | auction ...``."""
    def cards(counts: Counts) -> str:
        return " ".join(codes(counts)) or "-"

    hands = " / ".join(cards(h) for h in pos.hands[:pos.players])
    if pos.bot:
        hands += " / bot " + cards(pos.hands[pos.players])
    passes = "".join(str(i) for i in _players_list(pos.passes)) or "-"
    deck = " ".join(codes(_one(c))[0] for c in pos.deck) or "-"
    market = " ".join(map(str, pos.market)) or "-"
    auction = "-"
    if pos.auction:
        a = pos.auction
        passed = "".join(str(i) for i in _players_list(a.passed)) or "-"
        auction = (f"{a.lot} bidder {a.bidder} leader {a.leader} high {a.high} passed {passed} refused "
                   + " / ".join(cards(r) for r in a.refused))
    text = (f"{GAME_ID} {pos.ruleset} | players {pos.players} dealer {pos.dealer} passes {passes} | deck {deck} | "
            f"market {market} | hands {hands} | discard {cards(pos.discard)} | auction {auction}")
    if pos.record:
        rows = [" ".join(record_codes(r)) or "-" for r in pos.record]
        if pos.bot:
            rows[-1] = "bot " + rows[-1]
        text += " | record " + " / ".join(rows)
    return text


def _words(section: str, head: str) -> list[str]:
    words = section.split()
    if not words or words[0].lower() != head:
        raise PositionError(head, f"expected the section {head!r}, got {section.strip()!r}")
    return [w for w in words[1:] if w != "-"]


def parse_text(text: str) -> Position:
    return position_from_json(text_to_json(text))


def text_to_json(text: str) -> dict[str, Any]:
    """The JSON object of a text position (not yet checked: ``position_from_json`` does that)."""
    sections = text.strip().split("|")
    record = sections.pop() if len(sections) == 8 and sections[7].split()[:1] == ["record"] else None
    if len(sections) != 7:
        raise PositionError("position", "a text position has 7 sections separated by | (and 'record ...' last, "
                            "see docs/notation.md)")
    head = sections[0].split()
    if len(head) != 2 or head[0].lower() != GAME_ID:
        raise PositionError("game", f"a text position starts with '{GAME_ID} RULESET'")
    try:
        ruleset = Ruleset.parse(head[1])
    except RulesetError as e:
        raise PositionError("ruleset", str(e)) from None
    meta = sections[1].split()
    if len(meta) != 6 or [meta[0], meta[2], meta[4]] != ["players", "dealer", "passes"]:
        raise PositionError("players", "expected 'players N dealer D passes P'")
    if not meta[1].isdecimal() or not meta[3].isdecimal():
        raise PositionError("players", "players and dealer are numbers")
    n = int(meta[1])
    passes = _digits(meta[5], "passes")
    _words(sections[4], "hands")
    hands_txt = [h.split() for h in sections[4].strip()[len("hands"):].split("/")]
    players = [{"hand": [w for w in h if w != "-"]} for h in hands_txt]
    obj: dict[str, Any] = {"game": GAME_ID, "ruleset": ruleset.to_json(), "dealer": int(meta[3]), "passes": passes}
    if players and players[-1]["hand"][:1] == ["bot"]:
        obj["bot"] = {"hand": players.pop()["hand"][1:]}
    if len(players) != n:
        raise PositionError("hands", f"{n} players need {n} hands separated by /")
    obj["players"] = players
    obj["deck"] = _words(sections[2], "deck")
    try:
        obj["market"] = [_slot_json(Slot.parse(w)) for w in _words(sections[3], "market")]
    except CardError as e:
        raise PositionError("market", str(e)) from None
    obj["discard"] = _words(sections[5], "discard")
    _words(sections[6], "auction")
    obj["auction"] = _auction_text(sections[6].split()[1:], n)
    if record is not None:
        rows = [r.split() for r in record.strip()[len("record"):].split("/")]
        if rows and rows[-1][:1] == ["bot"]:
            rows[-1] = rows[-1][1:]
        obj["record"] = [[w for w in r if w != "-"] for r in rows]
    return obj


def _auction_text(words: list[str], n: int) -> dict[str, Any] | None:
    if words == ["-"]:
        return None
    if len(words) < 10 or words[1::2][:5] != ["bidder", "leader", "high", "passed", "refused"]:
        raise PositionError("auction", "expected 'auction LOT bidder B leader L high H passed P refused R0 / R1 ...'")
    try:
        lot = _slot_json(Slot.parse(words[0]))
        bidder, leader, high = int(words[2]), int(words[4]), int(words[6])
    except (CardError, ValueError) as e:
        raise PositionError("auction", str(e)) from None
    passed = _digits(words[8], "auction.passed")
    refused = [[w for w in r.split() if w != "-"] for r in " ".join(words[10:]).split("/")]
    if refused == [[]] and n:
        refused = [[] for _ in range(n)]
    return {"lot": lot, "bidder": bidder, "leader": leader, "high": high, "passed": passed, "refused": refused}


def parse_position(text: str) -> Position:
    """A position from its JSON text or its one-line text form."""
    return parse_position_text(text, position_from_json, parse_text, PositionError)
