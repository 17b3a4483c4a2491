"""Realms games as pure functions: an immutable ``Position``, ``legal_moves``, ``apply``, explicit
chance events (``chance_outcomes``: a draw from a shuffled pile, the Troll's random steal), the
seeded deal, tricks, scoring, halftime and the end of the game.

A position is in one phase: ``ruling`` (the dealer chooses the starting colour), ``play`` (a player
plays to the trick), ``draw`` or ``steal`` (chance acts next) or ``over``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from ..tricks.play import seat_of, shuffled_hands
from . import fast
from .cards import (
    ALL_CARDS,
    COLOUR_NAMES,
    CYCLONE,
    DECK_SIZE,
    TREE,
    TROLL,
    WARLOCK,
    Card,
    CardError,
    CardMask,
    card_code,
    cards_of,
    is_purple,
    parse_card,
    parse_colour,
    picture_of,
)
from .ruleset import DEFAULT, Ruleset

HAND_SIZE = 7
POINTS_PER_TRICK = 10
HALFTIME, TARGET = 50, 100
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4

RULING, PLAY, DRAW, STEAL, OVER = "ruling", "play", "draw", "steal", "over"
PHASES = (RULING, PLAY, DRAW, STEAL, OVER)


class MoveError(ValueError):
    """A move text that is not a legal move in the position."""


class PositionError(ValueError):
    """A position that breaks the notation's constraints; ``field`` names where."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


# What a card's choice names: a colour (a leading Purple, the Cyclone) or a card (Troll: the card
# discarded; Warlock: the card taken from the discard pile; Tree: the card taken from the draw pile).
COLOUR_CHOICE, CARD_CHOICE = "colour", "card"


@dataclass(frozen=True)
class Move:
    """A move: the dealer's colour (``card`` None, ``choice`` the colour), a play (``card`` and its
    ``choice`` or None), or a pass (a player with no cards; ``card`` None, ``choice`` None)."""

    card: Card | None
    choice: int | None = None
    ruling: bool = False

    def __str__(self) -> str:
        if self.ruling:
            return f"ruling={COLOUR_NAMES[self.choice]}"
        if self.card is None:
            return "pass"
        text = card_code(self.card)
        if self.choice is None:
            return text
        return f"{text}={COLOUR_NAMES[self.choice] if choice_kind(self.card, True) == COLOUR_CHOICE else card_code(self.choice)}"


PASS = Move(None)

Play = tuple[Card, int | None]  # a card in the trick and its choice; None for a pass


@dataclass(frozen=True)
class Position:
    """A Realms game between moves. ``ruling`` is the marker before the current trick's lead (the
    marker now is derived from the trick); ``trick`` holds the plays from ``leader`` on, None for a
    player who had no card; ``draw`` is the known top of the draw pile (top first) and ``shuffled``
    the cards beneath it whose order nobody knows (after a reshuffle)."""

    hands: tuple[CardMask, ...]
    draw: tuple[Card, ...] = ()
    shuffled: CardMask = 0
    discard: CardMask = 0
    ruling: int | None = None
    trick: tuple[Play | None, ...] = ()
    leader: int = 0
    dealer: int = 0
    scores: tuple[int, ...] = ()
    round: int = 1
    phase: str = RULING
    ruleset: Ruleset = field(default=DEFAULT)

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int | None:
        """The player to move; None when chance acts next or the game is over."""
        if self.phase == RULING:
            return self.dealer
        if self.phase == PLAY:
            return seat_of(self.leader, len(self.trick), self.players)
        return None

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return max(range(self.players), key=lambda i: self.scores[i])

    def player_of(self, k: int) -> int:
        """The player of the trick's ``k``-th play."""
        return seat_of(self.leader, k, self.players)

    def plays(self) -> tuple[list[Play], list[int]]:
        """The cards of the trick so far with their colour choices, and the player of each."""
        cards, players = [], []
        for k, p in enumerate(self.trick):
            if p is None:
                continue
            c, choice = p
            lead = not cards
            cards.append((c, choice if choice_kind(c, lead) == COLOUR_CHOICE else None))
            players.append(self.player_of(k))
        return cards, players

    def trick_mask(self) -> CardMask:
        m = 0
        for p in self.trick:
            if p is not None:
                m |= 1 << p[0]
        return m

    def in_play(self) -> CardMask:
        """Every card in the game: the hands, the trick, the draw and discard piles."""
        m = self.pile() | self.discard | self.trick_mask()
        for h in self.hands:
            m |= h
        return m

    def pile(self) -> CardMask:
        """Every card of the draw pile, known or shuffled."""
        m = self.shuffled
        for c in self.draw:
            m |= 1 << c
        return m

    def validate(self) -> Position:
        """Raise PositionError naming the field at fault; return self when sound."""
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise PositionError("hands", f"Realms takes {MIN_PLAYERS} to {MAX_PLAYERS} players here, got {n}")
        if self.phase not in PHASES:
            raise PositionError("phase", f"must be one of {', '.join(PHASES)}, got {self.phase!r}")
        seen: dict[Card, str] = {}

        def place(c: Card, where: str) -> None:
            if not 0 <= c < DECK_SIZE:
                raise PositionError(where, "holds something that is not a Realms card")
            if c in seen:
                raise PositionError(where, f"card {card_code(c)} is in two places ({seen[c]} and {where})")
            seen[c] = where

        for i, h in enumerate(self.hands):
            if h < 0 or h & ~ALL_CARDS:
                raise PositionError(f"hands[{i}]", "holds something that is not a Realms card")
            for c in cards_of(h):
                place(c, f"hands[{i}]")
        for c in self.draw:
            place(c, "draw")
        for where, mask in (("shuffled", self.shuffled), ("discard", self.discard)):
            if mask < 0 or mask & ~ALL_CARDS:
                raise PositionError(where, "holds something that is not a Realms card")
            for c in cards_of(mask):
                place(c, where)
        for k, p in enumerate(self.trick):
            if p is not None:
                place(p[0], f"trick[{k}]")
        if not (0 <= self.leader < n and 0 <= self.dealer < n):
            raise PositionError("leader", f"leader and dealer must be player indices 0..{n - 1}")
        if len(self.scores) != n:
            raise PositionError("scores", f"needs one score per player ({n})")
        for s in self.scores:
            if type(s) is not int or s < 0 or s % POINTS_PER_TRICK or s > TARGET:
                raise PositionError("scores", f"scores are multiples of {POINTS_PER_TRICK} from 0 to {TARGET}, got {s!r}")
        top = max(self.scores)
        if (top >= TARGET) != (self.phase == OVER):
            raise PositionError("phase", f"the game is over exactly when a score reaches {TARGET}")
        if self.round not in (1, 2):
            raise PositionError("round", "is 1 (before halftime) or 2 (after)")
        if self.round == 1 and top >= HALFTIME and self.phase != OVER:
            raise PositionError("round", f"a score of {HALFTIME} or more means halftime has come (round 2)")
        if self.phase == RULING:
            if self.ruling is not None or self.trick:
                raise PositionError("ruling", "the dealer has not chosen the ruling colour yet (no marker, no trick)")
        elif self.ruling is None or not 0 <= self.ruling < 4:
            raise PositionError("ruling", "must be a colour once the dealer has chosen")
        limit = n if self.phase == STEAL else n - 1
        if len(self.trick) > limit or (self.phase in (DRAW, RULING) and self.trick):
            raise PositionError("trick", f"holds {len(self.trick)} plays, too many for {n} players in phase {self.phase}")
        if self.phase == STEAL and (not self.trick or self.trick[-1] is None or picture_of(self.trick[-1][0]) != TROLL):
            raise PositionError("phase", "a steal follows a Troll played last in the trick")
        lead = True
        for k, p in enumerate(self.trick):
            if p is None:
                continue
            c, choice = p
            kind = choice_kind(c, lead)
            if kind == COLOUR_CHOICE and not (choice is not None and 0 <= choice < 4):
                raise PositionError(f"trick[{k}]", f"{card_code(c)} needs a colour choice")
            if kind is None and choice is not None:
                raise PositionError(f"trick[{k}]", f"{card_code(c)} takes no choice here")
            if kind == CARD_CHOICE and choice is not None and not 0 <= choice < DECK_SIZE:
                raise PositionError(f"trick[{k}]", "the choice is not a card")
            lead = False
        return self


def replace(pos: Position, **changes) -> Position:
    """``dataclasses.replace`` for positions without its per-call field walk: a game step makes
    several copies, and this was most of a step's time (the solver and random games live on it)."""
    new = object.__new__(Position)
    new.__dict__.update(pos.__dict__)
    new.__dict__.update(changes)
    return new


def choice_kind(c: Card, leading: bool) -> str | None:
    """What a play of card ``c`` chooses: a colour, a card, or nothing."""
    if c == CYCLONE or (is_purple(c) and leading):
        return COLOUR_CHOICE
    if c in (WARLOCK, TREE) or picture_of(c) == TROLL:
        return CARD_CHOICE
    return None


def _set(t: tuple, i: int, v) -> tuple:
    return t[:i] + (v,) + t[i + 1:]


def current_ruling(pos: Position) -> int | None:
    """The marker now (after the trick's shifts, flips and choices so far)."""
    if pos.ruling is None:
        return None
    cards, _ = pos.plays()
    return fast.resolve(pos.ruleset, pos.ruling, [c for c, _ in cards], [x for _, x in cards])[1]


def legal_cards(pos: Position) -> CardMask:
    """The hand cards the player to move may play (follow rule of the ruleset)."""
    hand = pos.hands[pos.to_move]
    if not pos.trick:
        return hand
    cards, _ = pos.plays()
    return fast.follower(pos.ruleset)(pos.ruling, [c for c, _ in cards], [x for _, x in cards], hand)


def _choices(pos: Position, c: Card, leading: bool) -> list[int | None]:
    kind = choice_kind(c, leading)
    if kind == COLOUR_CHOICE:
        return list(range(4))
    if kind is None:
        return [None]
    if c == WARLOCK:
        pool = pos.discard
    elif c == TREE:
        pool = pos.pile()
    else:
        pool = pos.hands[pos.to_move] & ~(1 << c)  # Troll: the card discarded
    return list(cards_of(pool)) or [None]


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move, in canonical order; empty when chance acts next or the game is over."""
    if pos.phase == RULING:
        return [Move(None, colour, ruling=True) for colour in range(4)]
    if pos.phase != PLAY:
        return []
    if not pos.hands[pos.to_move]:
        return [PASS]
    leading = all(p is None for p in pos.trick)
    return [Move(c, x) for c in cards_of(legal_cards(pos)) for x in _choices(pos, c, leading)]


def parse_move(pos: Position, text: str) -> Move:
    """A move text (``R5``, ``P3=red``, ``RTr=B5``, ``ruling=red``, ``pass``) -> Move; MoveError or
    CardError naming what is wrong. Legality is checked by ``apply``."""
    return parse_play(text, all(p is None for p in pos.trick))


def parse_play(text: str, leading: bool) -> Move:
    """A move text read as the lead (``leading``) or as a follow."""
    if not isinstance(text, str) or not text.strip():
        raise MoveError(f"a move is a text like 'R5', 'P3=red' or 'ruling=red', got {text!r}")
    head, sep, tail = text.strip().partition("=")
    head, tail = head.strip(), tail.strip()
    if head.lower() == "pass" and not sep:
        return PASS
    if head.lower() == "ruling":
        if not sep:
            raise MoveError("ruling needs a colour: ruling=red")
        return Move(None, parse_colour(tail), ruling=True)
    c = parse_card(head)
    kind = choice_kind(c, leading)
    if not sep:
        if kind == COLOUR_CHOICE:
            raise MoveError(f"{card_code(c)} needs a colour: {card_code(c)}=red")
        return Move(c)
    if kind is None:
        raise MoveError(f"{card_code(c)} takes no choice{' when following' if is_purple(c) else ''}, got {text!r}")
    return Move(c, parse_colour(tail) if kind == COLOUR_CHOICE else parse_card(tail))


def apply(pos: Position, move: Move | str) -> Position:
    """The position after a legal move; MoveError for an illegal one."""
    if isinstance(move, str):
        try:
            move = parse_move(pos, move)
        except CardError as e:
            raise MoveError(str(e)) from None
    if pos.phase not in (RULING, PLAY):
        raise MoveError(f"no player moves now (phase {pos.phase}: {'the game is over' if pos.is_over else 'chance acts'})")
    if move not in legal_moves(pos):
        raise MoveError(f"{move} is not legal here (legal: {', '.join(map(str, legal_moves(pos)))})")
    return successor(pos, move)


def successor(pos: Position, move: Move) -> Position:
    """The position after ``move``, which must be one of ``legal_moves(pos)`` (not checked: the
    solver applies only moves it generated there)."""
    if move.ruling:
        return _settle(replace(pos, ruling=move.choice, phase=DRAW))
    me = pos.to_move
    if move.card is None:
        return _after_play(replace(pos, trick=pos.trick + (None,)))
    c, x = move.card, move.choice
    hand = pos.hands[me] & ~(1 << c)
    new = replace(pos, trick=pos.trick + ((c, x),))
    if c == WARLOCK and x is not None:
        new = replace(new, discard=new.discard & ~(1 << x))
        hand |= 1 << x
    elif c == TREE and x is not None:
        rest = new.pile() & ~(1 << x)
        new = replace(new, draw=(), shuffled=rest)  # take it, then reshuffle the draw pile
        hand |= 1 << x
    elif picture_of(c) == TROLL:
        if x is not None:
            hand &= ~(1 << x)
            new = replace(new, discard=new.discard | 1 << x)
        new = replace(new, hands=_set(new.hands, me, hand))
        if _victims(new):
            return replace(new, phase=STEAL)
        return _after_play(new)
    return _after_play(replace(new, hands=_set(new.hands, me, hand)))


def _victims(pos: Position) -> list[int]:
    me = pos.player_of(len(pos.trick) - 1)
    return [i for i in range(pos.players) if i != me or pos.ruleset.troll_victim == "anyone"]


def _after_play(pos: Position) -> Position:
    if len(pos.trick) < pos.players:
        return _recycle_at_once(replace(pos, phase=PLAY))
    return _end_trick(pos)


def _end_trick(pos: Position) -> Position:
    cards, players = pos.plays()
    winner, ruling, lead = fast.resolve(pos.ruleset, pos.ruling, [c for c, _ in cards], [x for _, x in cards])
    leader = players[lead] if lead is not None else pos.leader
    scores = pos.scores
    if winner is not None:
        scores = _set(scores, players[winner], scores[players[winner]] + POINTS_PER_TRICK)
    new = replace(pos, trick=(), discard=pos.discard | pos.trick_mask(), scores=scores, ruling=ruling,
                  leader=leader, phase=DRAW)
    top = max(scores)
    if top >= TARGET:
        return replace(new, phase=OVER)
    if pos.round == 1 and top >= HALFTIME:
        return _halftime(new)
    return _settle(new)


def first_leader(dealer: int, players: int, ruleset: Ruleset) -> int:
    return dealer if ruleset.first_lead == "dealer" else (dealer + 1) % players


def _halftime(pos: Position) -> Position:
    """Record scores, reshuffle every card, redeal (by draws from the shuffled pile), resume."""
    everything = pos.pile() | pos.discard
    for h in pos.hands:
        everything |= h
    new = replace(pos, hands=(0,) * pos.players, draw=(), shuffled=everything, discard=0, round=2)
    if pos.ruleset.halftime == "new_round":
        dealer = (pos.dealer + 1) % pos.players
        return replace(new, dealer=dealer, leader=first_leader(dealer, pos.players, pos.ruleset), ruling=None,
                       phase=RULING)
    return _settle(new)


def _drawer(pos: Position) -> int | None:
    """The next player to draw in the Draw Phase (in turn from the leader), or None."""
    return drawer_of(pos.hands, pos.leader)


def drawer_of(hands: tuple[CardMask, ...], leader: int) -> int | None:
    """``_drawer`` on the hands alone: the first player in turn from ``leader`` whose hand is not full."""
    n = len(hands)
    for k in range(n):
        i = (leader + k) % n
        if hands[i].bit_count() < HAND_SIZE:
            return i
    return None


def _recycle(pos: Position) -> Position:
    return replace(pos, shuffled=pos.discard, discard=0)


def _recycle_at_once(pos: Position) -> Position:
    if pos.ruleset.recycle == "at_once" and not pos.draw and not pos.shuffled and pos.discard:
        return _recycle(pos)
    return pos


def _settle(pos: Position) -> Position:
    """Run the Draw Phase as far as it goes without chance; the position then waits for a shuffled
    draw (phase ``draw``) or for the leader (phase ``play``)."""
    while True:
        pos = _recycle_at_once(pos)
        i = _drawer(pos)
        if i is None:
            break
        if pos.draw:
            pos = replace(pos, hands=_set(pos.hands, i, pos.hands[i] | 1 << pos.draw[0]), draw=pos.draw[1:])
        elif pos.shuffled:
            return replace(pos, phase=DRAW)
        elif pos.discard:
            pos = _recycle(pos)
        else:
            break  # both piles empty: skip the draw and continue
    return replace(pos, phase=PLAY)


def chance_outcomes(pos: Position) -> list[tuple[float, str, Position]]:
    """``(probability, label, position)`` for each outcome of the chance event next (a card drawn
    from the shuffled pile, the Troll's steal); empty when a player moves next or the game is over."""
    if pos.phase == DRAW:
        return [(p, str(d), drawn(pos, d)) for p, d in draw_sets(pos, 0)]
    if pos.phase == STEAL:
        me = pos.player_of(len(pos.trick) - 1)
        victims = _victims(pos)
        out = []
        nothing = 0.0
        for v in victims:
            hand = pos.hands[v]
            if not hand:
                nothing += 1 / len(victims)
                continue
            k = hand.bit_count()
            for c in cards_of(hand):
                hands = _set(pos.hands, v, hand & ~(1 << c))
                hands = _set(hands, me, hands[me] | 1 << c)
                out.append((1 / len(victims) / k, f"player {me} takes {card_code(c)} from player {v}",
                            _after_play(replace(pos, hands=hands))))
        if nothing:
            out.append((nothing, f"player {me} takes nothing", _after_play(pos)))
        return out
    return []


# The most sets of drawn cards one ``whole_draws`` expansion lists. A drawer refilling several cards
# from a large shuffled pile would otherwise list comb(40, 7), some 18.6 million positions, at once.
WHOLE_DRAWS_MAX = 4096


@dataclass(frozen=True)
class Draw:
    """A draw from the shuffled pile (phase ``draw``) before its position is made: ``player``
    takes the ``cards``; ``str`` is its label in ``chance_outcomes`` and ``whole_draws``."""

    player: int
    cards: CardMask

    def __str__(self) -> str:
        return f"player {self.player} draws {' '.join(card_code(c) for c in cards_of(self.cards))}"


def draw_sets(pos: Position, limit: int = WHOLE_DRAWS_MAX) -> list[tuple[float, Draw]]:
    """The draws out of ``pos`` (phase ``draw``) with their probabilities, no position made
    (``drawn`` makes one): one per set of cards the drawer takes before it is full or the pile is
    empty, each set equally likely, or, when there would be more than ``limit`` sets, the first
    card alone (one outcome per card: the draw's next expansion has one card fewer to take)."""
    i = _drawer(pos)
    return [(p, Draw(i, cards)) for p, cards in _taken(pos.hands[i], pos.shuffled, limit)]


def _taken(hand: CardMask, shuffled: CardMask, limit: int) -> list[tuple[float, CardMask]]:
    """The sets of cards a drawer holding ``hand`` takes from the ``shuffled`` pile (``draw_sets``)."""
    pile = list(cards_of(shuffled))
    k = min(HAND_SIZE - hand.bit_count(), len(pile))
    sets = comb(len(pile), k)
    if sets > limit:
        return [(1 / len(pile), 1 << c) for c in pile]
    p = 1 / sets
    return [(p, sum(1 << c for c in taken)) for taken in combinations(pile, k)]


def hand_draws(hands: tuple[CardMask, ...], leader: int, shuffled: CardMask,
               limit: int = WHOLE_DRAWS_MAX) -> list[tuple[float, tuple[CardMask, ...], CardMask, bool]]:
    """``draw_sets`` and ``drawn`` on the hands alone, for a Draw Phase (a drawer due, ``shuffled``
    not empty) whose discard pile and known draw pile are empty, so that nothing is recycled and
    the phase only moves shuffled cards into hands: per draw, in ``draw_sets``' order, its
    probability, the hands and the shuffled pile after it, and whether another draw follows (else
    the phase is over: the trick comes next)."""
    i = drawer_of(hands, leader)
    out = []
    for p, cards in _taken(hands[i], shuffled, limit):
        after = hands[:i] + (hands[i] | cards,) + hands[i + 1:]
        rest = shuffled & ~cards
        out.append((p, after, rest, bool(rest) and drawer_of(after, leader) is not None))
    return out


def drawn(pos: Position, d: Draw) -> Position:
    """The position after the draw ``d`` out of ``pos``, the Draw Phase run on as far as it goes without chance."""
    return _settle(replace(pos, hands=_set(pos.hands, d.player, pos.hands[d.player] | d.cards),
                           shuffled=pos.shuffled & ~d.cards))


def whole_draws(pos: Position, limit: int = WHOLE_DRAWS_MAX) -> list[tuple[float, str, Position]]:
    """Like ``chance_outcomes``, but in phase ``draw`` one outcome per set of cards the drawer takes
    from the shuffled pile before it is full or the pile is empty, each set equally likely: the
    order the cards come in changes nothing after (hands and piles are sets), so these are the
    positions the draws one at a time reach, with the same probabilities, in far fewer steps.

    When there would be more than ``limit`` sets, the first card alone is drawn (``chance_outcomes``):
    the same distribution, and the draw's next expansion, with one card fewer to take, is smaller."""
    if pos.phase != DRAW:
        return chance_outcomes(pos)
    return [(p, str(d), drawn(pos, d)) for p, d in draw_sets(pos, limit)]


def deal(players: int = DEFAULT_PLAYERS, seed: int = 0, ruleset: Ruleset = DEFAULT) -> Position:
    """A seeded deal: the 65 cards shuffled, 7 to each player, the rest the draw pile in a known
    order; the dealer (the last player) chooses the ruling colour next."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise PositionError("players", f"Realms takes {MIN_PLAYERS} to {MAX_PLAYERS} players here, got {players}")
    hands, rest = shuffled_hands(seed, DECK_SIZE, players, HAND_SIZE)
    dealer = players - 1
    return Position(hands=hands, draw=tuple(rest), dealer=dealer,
                    leader=first_leader(dealer, players, ruleset), scores=(0,) * players, ruleset=ruleset)


MAX_STEPS = 100_000  # a seeded random game that has not ended by then is reported, not played on


def random_game(players: int = DEFAULT_PLAYERS, seed: int = 0,
                ruleset: Ruleset = DEFAULT) -> Iterator[tuple[Position, str, Position]]:
    """A seeded game of uniformly random legal moves and chance outcomes: ``(before, what, after)``
    for each move (``what`` its text) and chance event (``what`` its label)."""
    rng = random.Random(seed)
    pos = deal(players, seed, ruleset)
    for _ in range(MAX_STEPS):
        if pos.is_over:
            return
        moves = legal_moves(pos)
        if moves:
            m = moves[rng.randrange(len(moves))]
            after = apply(pos, m)
            yield pos, str(m), after
        else:
            outcomes = chance_outcomes(pos)
            r = rng.random()
            for p, label, after in outcomes:
                r -= p
                if r < 0:
                    break
            yield pos, label, after
        pos = after
    raise RuntimeError(f"the seeded game (seed {seed}) did not end within {MAX_STEPS} steps")
