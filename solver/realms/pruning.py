"""What the Realms rules let the open-hand search skip, derived from a reading's trick spec: cards
of one hand that are interchangeable (equivalent), and tricks whose winner is already sure.

Equivalence. Two cards ``a`` and ``b`` in the mover's hand are interchangeable when swapping them
everywhere is a symmetry of every trick they can still meet: then playing ``b`` leads to the
mirror image of playing ``a``, with the same values. ``adjacent(a, b, others)`` checks it from the
spec (never from one reading's habits): neither card has a choice or an effect or wins as a
Special; both have one colour (so they follow alike); neither matches any card that may still
share a trick with it (a match shifts the marker and wins under the Timing Rule, and stands on
its own rungs under the Match Rank Nuance); and no such card can stand between them, or level
with either, on any rank ladder the reading uses (as a ruling card, a Purple counting as the ruling
colour, or a matched card on a Nuance rung), nor, where being the highest number suffices for a
Purple, among the numbers between them. The symmetry holds while the two cannot meet in one
trick: in the horizon's last trick, or while the played one cannot come back from the discard
pile (no recycling within the horizon, no Warlock to fetch it). ``classes`` joins adjacent pairs:
R4 R5 R6 in one hand with nothing between them are one class.
"""

from __future__ import annotations

from functools import cache, cached_property

from arbiter.model.realms import fast, reference
from arbiter.model.realms.cards import (
    DECK_SIZE,
    FIRST_SPECIAL,
    PURPLE_MASK,
    SPECIALS,
    TREE,
    WARLOCK,
    Card,
    CardMask,
    cards_of,
    colour_of,
    is_number,
    is_purple,
    kind_of,
    number_of,
)
from arbiter.model.realms.game import DRAW, HAND_SIZE, PLAY, Position, choice_kind
from arbiter.model.realms.reference import Played
from arbiter.model.realms.ruleset import Ruleset
from arbiter.model.realms.spec import HighestOnLadder, LastMatch, trick_spec


def _ladders(ruleset: Ruleset) -> list[HighestOnLadder]:
    """Every ladder the reading ranks cards on: the resolution's and the no-winner fallback's."""
    spec = trick_spec(ruleset)
    resolution = spec.resolution
    out = [resolution.otherwise if isinstance(resolution, LastMatch) else resolution]
    if spec.fallback.lead_colour is not None:
        out.append(spec.fallback.lead_colour)
    return out


class Rules:
    """The per-reading tables: which cards are plain, what matches what, the rungs of each card."""

    def __init__(self, ruleset: Ruleset) -> None:
        spec = trick_spec(ruleset)
        self.spec = spec
        effects = spec.effects.flip | spec.effects.choose | spec.effects.leads_next
        special = set(spec.specials.winners) | spec.specials.cannot_win
        self.plain = 0
        for c in range(DECK_SIZE):
            if (colour_of(c) is not None and choice_kind(c, True) is None and choice_kind(c, False) is None
                    and kind_of(c) not in effects and kind_of(c) not in special):
                self.plain |= 1 << c
        self.sufficient = spec.purple.sufficient
        # the winning Specials, highest first, as cards; those that can lose to a match (any, or a later one)
        code = {s: FIRST_SPECIAL + i for i, s in enumerate(SPECIALS)}
        self.winners = [code[s] for s in spec.specials.winners]
        self.yields = {code[s] for s in spec.specials.yield_to_match | spec.specials.yield_to_later}
        self.ladders = _ladders(ruleset)

    @cached_property
    def matches(self) -> list[CardMask]:
        """Per card: the cards it matches, or that match it."""
        m = self.spec.matching
        return [sum(1 << x for x in range(DECK_SIZE) if x != c and (reference.matches(m, c, x) or reference.matches(m, x, c)))
                for c in range(DECK_SIZE)]

    @cached_property
    def own(self) -> list[list[int | None]]:
        """Per ladder and card: the rung of a plain card standing unmatched in its own colour when that colour rules."""
        return [[reference.rung_of(ld, Played(c, colour_of(c), False, colour_of(c)), colour_of(c))
                 if self.plain >> c & 1 else None for c in range(DECK_SIZE)] for ld in self.ladders]

    @cached_property
    def stand(self) -> tuple[list, list]:
        """Per ladder, ruling colour k and rung r: the cards that can stand on r unmatched (their own
        colour, or a Purple counting as k), and those that can stand there as a matched card."""
        stands, matcheds = [], []
        for ld in self.ladders:
            n = len(ld.ladder.rungs)
            stand = [[0] * n for _ in range(4)]
            matched = [[0] * n for _ in range(4)]
            for k in range(4):
                for x in range(DECK_SIZE):
                    for colour in ((k, None) if is_purple(x) else (colour_of(x),)):
                        for was_matched, table in ((False, stand), (True, matched)):
                            r = reference.rung_of(ld, Played(x, colour, was_matched, k), k)
                            if r is not None:
                                table[k][r] |= 1 << x
            stands.append(stand)
            matcheds.append(matched)
        return stands, matcheds


@cache
def rules(ruleset: Ruleset) -> Rules:
    return Rules(ruleset)


class Pruning:
    """Equivalence classes and sure tricks for one search: the cards in play never change, so
    which of them can ever be matched is worked out once."""

    def __init__(self, ruleset: Ruleset, universe: CardMask) -> None:
        self.rules = rules(ruleset)
        self.universe = universe
        self._between: dict[tuple[int, int, int, int], CardMask] = {}

    @cached_property
    def matchable(self) -> CardMask:
        """The cards in play that some other card in play matches (the tables are built on first use)."""
        m = self.rules.matches
        return sum(1 << x for x in cards_of(self.universe) if m[x] & self.universe)

    def _between_mask(self, ladder: int, k: int, lo: int, hi: int) -> CardMask:
        key = (ladder, k, lo, hi)
        mask = self._between.get(key)
        if mask is None:
            stands, matcheds = self.rules.stand
            stand, matched = stands[ladder][k], matcheds[ladder][k]
            mask = 0
            for r in range(lo, hi + 1):
                mask |= stand[r] | (matched[r] & self.matchable)
            self._between[key] = mask
        return mask

    def adjacent(self, a: Card, b: Card, others: CardMask) -> bool:
        """Whether swapping ``a`` and ``b`` changes no trick played with the cards ``others``."""
        rules = self.rules
        if not (rules.plain >> a & 1 and rules.plain >> b & 1) or colour_of(a) != colour_of(b):
            return False
        if (rules.matches[a] | rules.matches[b]) & others:
            return False
        k = colour_of(a)
        for i in range(len(rules.ladders)):
            ra, rb = rules.own[i][a], rules.own[i][b]
            if ra is None or rb is None:
                if ra != rb:
                    return False
                continue
            if self._between_mask(i, k, min(ra, rb), max(ra, rb)) & others:
                return False
        if rules.sufficient and others & PURPLE_MASK:
            if is_number(a) != is_number(b):
                return False  # only one of them can keep a Purple from being the highest number
            if is_number(a):
                lo, hi = sorted((number_of(a), number_of(b)))
                if any(lo <= number_of(p) <= hi for p in cards_of(others & PURPLE_MASK)):
                    return False
        return True

    def still_in_play(self, pos: Position, left: int) -> CardMask | None:
        """The cards that may still share a trick with the mover's card within ``left`` tricks (the
        current one included), or None when a played card may come back before the horizon. In
        the last trick these are the trick's and the later players' hands (hands only shrink
        within a trick for those still to play); before it, every hand, the trick and the pile."""
        trick = pos.trick_mask()
        if left <= 1:  # the last trick: only the players still to play can add cards, from their hands
            out = trick
            for k in range(len(pos.trick) + 1, pos.players):
                out |= pos.hands[pos.player_of(k)]
            return out
        if self.played_may_return(pos, left):
            return None
        hands = 0
        for h in pos.hands:
            hands |= h
        return trick | hands | pos.pile()

    def played_may_return(self, pos: Position, left: int) -> bool:
        """Whether a card played (in the trick or the discard pile) may reach a hand again before
        the horizon of ``left`` tricks (the current one included): the discard pile recycled by the draws
        within it, or a Warlock (or a Tree fetching it from the pile) taking one back."""
        pile = pos.pile()
        players = pos.players
        # at most every hand refilled, then two cards out of a hand per play (a Troll and its discard)
        # in each trick before the last draw within the horizon, and the Tree's take
        draws = HAND_SIZE * players - sum(h.bit_count() for h in pos.hands) + 2 * players * (left - 1) + 1
        if pile.bit_count() <= draws:
            return True  # the discard pile may be recycled
        hands = 0
        for h in pos.hands:
            hands |= h
        reach = hands | pos.shuffled | sum(1 << c for c in pos.draw[:draws])  # cards that may reach a hand
        return bool(reach >> WARLOCK & 1 or (reach >> TREE & 1 and pile >> WARLOCK & 1))

    def playable_later(self, pos: Position, left: int, me: int, cards: CardMask) -> bool:
        """Whether ``me`` may still play one of ``cards`` from ``pos`` within ``left`` tricks (the
        current one included). In the current trick, before its turn, a player's hand only
        shrinks (a card comes in by its own Warlock, Tree or Troll, or by the Draw Phase), so only
        the hand counts there; in a later trick any card still in a hand or the pile may have
        come in, and a played one too when it may come back (``played_may_return``)."""
        if pos.phase == DRAW:  # between tricks, before the draws: every trick left is later
            now, later = False, left
        else:
            now = len(pos.trick) <= (me - pos.leader) % pos.players  # me has not played in this trick
            later = left - 1
        if now and pos.hands[me] & cards:
            return True
        if later <= 0:
            return False
        reach = pos.pile()
        for h in pos.hands:
            reach |= h
        if reach & cards:
            return True
        return bool(cards & (pos.trick_mask() | pos.discard)) and self.played_may_return(pos, left)

    def classes(self, pos: Position, cards: list[Card], left: int) -> dict[Card, Card]:
        """Each of the mover's ``cards`` (legal, distinct) -> the first card of its class."""
        rep = {c: c for c in cards}
        plain = [c for c in cards if self.rules.plain >> c & 1]
        if len(plain) < 2:
            return rep
        in_play = self.still_in_play(pos, left)
        if in_play is None:
            return rep
        for i, a in enumerate(plain):
            for b in plain[i + 1:]:
                ra, rb = rep[a], rep[b]
                if ra != rb and self.adjacent(a, b, in_play & ~(1 << a | 1 << b)):
                    root, gone = min(ra, rb), max(ra, rb)
                    for c, r in rep.items():
                        if r == gone:
                            rep[c] = root
        return rep

    def decided(self, pos: Position) -> int | None:
        """The player certain to win the trick in progress whatever is still played to it, or None
        when it is open (a winning Special played, none above it still to come, and it cannot
        lose to a match)."""
        cards, players = pos.plays()
        if not cards:
            return None
        if len(pos.trick) == pos.players:  # a full trick waiting for its Troll's steal, which moves no trick card
            w, _, _ = fast.resolve(pos.ruleset, pos.ruling, [c for c, _ in cards], [x for _, x in cards])
            return -1 if w is None else players[w]
        played = [c for c, _ in cards]
        rules = self.rules
        for rank, s in enumerate(rules.winners):
            if s in played:
                if s in rules.yields:
                    return None
                later = 0
                for k in range(len(pos.trick), pos.players):
                    later |= pos.hands[pos.player_of(k)]
                if any(later >> t & 1 for t in rules.winners[:rank]):
                    return None
                return players[played.index(s)]
        return None

    def can_take(self, pos: Position, legal: CardMask) -> bool:
        """Whether the mover (phase play) can make sure of the trick in progress by playing a
        winning Special it may play now: none above it played or still to come, not one that
        loses to a match."""
        if pos.phase != PLAY:
            return False
        rules = self.rules
        played = pos.trick_mask()
        later = 0
        for k in range(len(pos.trick) + 1, pos.players):
            later |= pos.hands[pos.player_of(k)]
        for rank, s in enumerate(rules.winners):
            if legal >> s & 1 and s not in rules.yields:
                return not any((played | later) >> t & 1 for t in rules.winners[:rank])
        return False
