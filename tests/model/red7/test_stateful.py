"""Stateful test over whole games (Hypothesis ``RuleBasedStateMachine``): every preset, 2-4
players, random reading switches. Hypothesis picks turns, plays rounds out and starts new
Advanced rounds; after every turn the machine checks the rules' bookkeeping, and at teardown the
game is played to its end with seeded random turns. Every turn's text is also replayed step by
step by an independent reading of the rules (``Replay``) and must lead to the same zones."""

import random

from arbiter.model.red7 import fast, game, match, reference
from arbiter.model.red7.cards import ALL_CARDS, RED, cards_of, colour_of, number_of
from arbiter.model.red7.ruleset import PRESETS, SWITCHES
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

READING_CHOICES = [(name, value) for name in SWITCHES if name not in ("actions", "advanced")
                   for value in SWITCHES[name][1:]]
MAX_ROUNDS = 60  # a round banks at least one card unless nobody qualified; far above any real game


def measure(pos: game.Position) -> int:
    """Strictly decreases with every turn, which bounds a round: each turn but a lone 3 play
    shrinks the hands of players still in, a lone 3 play shrinks the deck (a draw moves one card
    from the deck to a hand, at most one deck card comes back per card played), and a pass puts
    a player out."""
    return sum(2 * pos.hands[i].bit_count() + 1 for i in pos.in_play) + len(pos.deck)


def face_value(mask: int) -> int:
    """Points of banked cards: each scores its number."""
    return sum(number_of(c) for c in cards_of(mask))


def canvas_cards(move: game.Move) -> int:
    """Cards this turn sent to the Canvas: hand discards and a 7's Canvas moves."""
    return sum(1 << c for verb, c in move if verb in (game.DISCARD, game.CANVAS))


class NeedMore(Exception):
    """The steps so far are the start of a turn, not a whole one."""


class Replay:
    """Reads a turn's steps one by one as the rulebook tells them, checking each step is allowed
    (and that mandatory actions and draws were not skipped), and moves the cards it names. Written
    apart from game.py, so the resulting zones check ``apply``; ``all_turns`` builds every legal
    turn from it to check ``legal_moves`` is complete."""

    def __init__(self, pos: game.Position, move: game.Move) -> None:
        self.pos, self.rs, self.me = pos, pos.ruleset, pos.to_move
        self.hand, self.palettes, self.deck, self.rule = pos.hands[self.me], list(pos.palettes), list(pos.deck), pos.rule
        self.drawn_by_3 = 0
        self.moved_to_canvas = False
        self.failed_at_once = False  # a 7's Canvas move left the mover not winning, checked at once
        self.steps, self.i = list(move), 0
        if self.peek() == game.PASS:
            self.take_step(game.PASS)
        elif self.peek() == game.PLAY:
            self.play()
            # FR's "durant son tour" read literally: winning is also checked after the play.
            if self.rs.winning_check == "every_step" and not self.is_winning():
                self.failed_at_once = True
            if self.peek() == game.DISCARD:
                self.discard()
        else:
            self.discard()
        assert self.i == len(self.steps), f"steps left over in {move}"

    def peek(self) -> str | None:
        return self.steps[self.i][0] if self.i < len(self.steps) else None

    def take_step(self, verb: str) -> int:
        if self.peek() is None:
            raise NeedMore
        assert self.peek() == verb, f"expected {verb} at step {self.i}"
        self.i += 1
        return self.steps[self.i - 1][1]

    @property
    def mine(self) -> int:
        return self.palettes[self.me]

    def draw(self) -> int:
        self.take_step(game.DRAW)
        assert self.deck, "a draw from an empty deck"
        x = self.deck.pop(0)
        self.hand |= 1 << x
        return x

    def play(self, chain: bool = True) -> None:
        c = self.take_step(game.PLAY)
        assert self.hand >> c & 1, "played a card not in hand"
        self.hand &= ~(1 << c)
        self.palettes[self.me] |= 1 << c
        if self.rs.actions and chain and number_of(c) % 2:
            getattr(self, f"action{number_of(c)}")(c)

    def owed(self, possible: bool, taken: bool, verbs: tuple[str, ...]) -> None:
        """Check a skipped action: never if impossible; under "mandatory" only if impossible; under
        "if_it_keeps_you_in" only if no turn that does it (its step ``verbs`` next) ends with the
        mover winning. That is read off the turns the optional reading allows: a turn doing the
        action that stays in exists under one reading exactly when it does under the other."""
        assert possible or not taken, "an action that was not possible"
        if not possible or taken:
            return
        owed = self.rs.action_mode == "mandatory"
        if self.rs.action_mode == "if_it_keeps_you_in":
            done = tuple(self.steps[:self.i])
            owed = any(stays and m[:len(done)] == done and len(m) > len(done) and m[len(done)][0] in verbs
                       for m, stays in _optional_turns(self.pos).items())
        if owed:
            if self.peek() is None:
                raise NeedMore
            raise AssertionError("a mandatory action skipped")

    def action1(self, c: int) -> None:
        """Take an opponent's Palette card (never their only one) to the deck."""
        mine = self.mine.bit_count() - (self.rs.action1_count == "before_play")
        targets = range(self.pos.players) if self.rs.action1_out_players == "allowed" else self.pos.in_play
        least = 2 if self.rs.action1_only_card == "never" else 1  # V1.1: never an opponent's only card
        eligible = [j for j in targets if j != self.me and self.palettes[j].bit_count() >= least
                    and (self.rs.action1_eligibility == "any" or self.palettes[j].bit_count() >= mine)]
        self.owed(bool(eligible), self.peek() == game.TAKE, (game.TAKE,))
        if self.peek() == game.TAKE:
            x = self.take_step(game.TAKE)
            owner = [j for j in eligible if self.palettes[j] >> x & 1]
            assert owner, "took a card from no eligible Palette"
            self.palettes[owner[0]] &= ~(1 << x)
            self.deck.insert(0 if self.rs.action1_destination == "deck_top" else len(self.deck), x)

    def action3(self, c: int) -> None:
        self.owed(bool(self.deck), self.peek() == game.DRAW, (game.DRAW,))
        if self.peek() == game.DRAW:
            self.drawn_by_3 |= 1 << self.draw()

    def action5(self, c: int) -> None:
        self.owed(bool(self.hand), self.peek() == game.PLAY, (game.PLAY,))
        if self.peek() == game.PLAY:
            self.play(chain=self.rs.action5_chains)

    def action7(self, c: int) -> None:
        """Move another Palette card to the Canvas (or the deck top)."""
        movable = self.mine if self.rs.action7_self == "allowed" else self.mine & ~(1 << c)
        self.owed(bool(movable), self.peek() in (game.CANVAS, game.DECK), (game.CANVAS, game.DECK))
        if self.peek() == game.CANVAS:
            x = self.take_step(game.CANVAS)
            assert movable >> x & 1
            self.palettes[self.me] &= ~(1 << x)
            self.rule = colour_of(x)
            self.moved_to_canvas = True
            if self.rs.action7_check == "at_once":
                self.failed_at_once |= not self.is_winning()
            if self.rs.advanced and self.rs.action7_advanced_draw:
                self.advanced_draw(x)
        elif self.peek() == game.DECK:
            x = self.take_step(game.DECK)
            assert movable >> x & 1 and self.rs.action7_destination == "canvas_or_deck"
            self.palettes[self.me] &= ~(1 << x)
            self.deck.insert(0 if self.rs.action7_deck_place == "top" else len(self.deck), x)

    def discard(self) -> None:
        d = self.take_step(game.DISCARD)
        assert self.hand >> d & 1, "discarded a card not in hand"
        assert self.rs.action3_draw_discardable or not self.drawn_by_3 >> d & 1
        assert self.rs.discard_after_action7 or not self.moved_to_canvas
        assert self.rs.same_colour_discard == "allowed" or colour_of(d) != self.rule
        assert self.rs.discard_becomes == "winning_after" or not self.is_winning(), "FR: must become winning"
        self.hand &= ~(1 << d)
        self.rule = colour_of(d)
        self.advanced_draw(d)

    def advanced_draw(self, card: int) -> None:
        """Advanced: a card to the Canvas numbered above the Palette size allows a draw."""
        counted = self.mine if self.rs.advanced_draw_count == "at_discard" else self.pos.palettes[self.me]
        allowed = self.rs.advanced and bool(self.deck) and number_of(card) > counted.bit_count()
        assert allowed or self.peek() != game.DRAW, "a draw the Advanced rule does not give"
        if allowed and self.peek() is None and self.rs.advanced_draw == "mandatory":
            raise NeedMore
        assert not allowed or self.peek() == game.DRAW or self.rs.advanced_draw == "optional"
        if allowed and self.peek() == game.DRAW:
            self.draw()

    def is_winning(self) -> bool:
        """The reference evaluator's leader among the players in at the start of the turn."""
        sets = [set(cards_of(p)) for p in self.palettes]
        out = [j for j in range(self.pos.players) if self.pos.is_out(j)]
        return reference.leader(self.rule, sets, out, self.rs) == self.me

    @property
    def stays(self) -> bool:
        """Whether the mover is still in after this (whole) turn."""
        return self.steps != [(game.PASS, -1)] and not self.failed_at_once and self.is_winning()


# Which verbs may follow a step (None: the first step). Only prunes the search: a turn shape
# missing here would show up as a turn the engine has and this search does not.
FOLLOWS = {
    None: (game.PASS, game.PLAY, game.DISCARD),
    game.PLAY: (game.PLAY, game.TAKE, game.DRAW, game.CANVAS, game.DECK, game.DISCARD),
    game.TAKE: (game.DISCARD,),
    game.DECK: (game.DISCARD,),
    game.CANVAS: (game.DRAW, game.DISCARD),
    game.DRAW: (game.DISCARD,),
    game.DISCARD: (game.DRAW,),
    game.PASS: (),
}


_optional: dict[game.Position, dict[tuple, bool]] = {}


def _optional_turns(pos: game.Position) -> dict[tuple, bool]:
    """Every legal turn of ``pos`` under action_mode=optional, as steps, with whether it stays in."""
    if pos not in _optional:
        opt = game.Position(pos.rule, pos.to_move, pos.hands, pos.palettes, pos.out, pos.deck,
                            pos.ruleset.with_switches(action_mode="optional"), pos.scores)
        if len(_optional) > 64:
            _optional.clear()  # a game's positions: a small memo is enough
        _optional[pos] = {tuple(m): stays for m, stays in _all_moves(opt).items()}
    return _optional[pos]


def all_turns(pos: game.Position) -> dict[str, bool]:
    """Every legal turn's text, as ``_all_moves`` finds them, with whether the mover stays in."""
    return {str(m): stays for m, stays in _all_moves(pos).items()}


def _all_moves(pos: game.Position) -> dict[game.Move, bool]:
    """Every legal turn's text (and whether the mover stays in), found by extending step
    sequences one step at a time for as long as ``Replay`` reads them as a turn or its start."""
    me, rs = pos.to_move, pos.ruleset
    if pos.is_over:
        return {}
    if not pos.hands[me]:
        return {game.PASS_MOVE: False}
    own = pos.hands[me] | sum(1 << c for c in pos.deck[:4])  # draws come from the deck top
    cards = {game.PLAY: own, game.DISCARD: own, game.CANVAS: own | pos.palettes[me], game.DECK: own | pos.palettes[me],
             game.TAKE: sum(pos.palettes[j] for j in pos.in_play if j != me)}
    steps = {verb: [(verb, c) for c in cards_of(cards[verb])] if verb in cards else [(verb, -1)]
             for verb in FOLLOWS[game.PLAY] + (game.PASS,)}
    found: dict[game.Move, bool] = {}
    frontier = [()]
    while frontier:
        prefix = frontier.pop()
        for step in (s for verb in FOLLOWS[prefix[-1][0] if prefix else None] for s in steps[verb]):
            move = game.Move(prefix + (step,))
            try:
                told = Replay(pos, move)
            except NeedMore:
                frontier.append(tuple(move))
                continue
            except AssertionError:
                continue
            frontier.append(tuple(move))
            discards = any(verb == game.DISCARD for verb, _ in move)
            losing_ok = rs.losing_turns == "legal" or rs.losing_turns == ("discards_only" if discards else "plays_only")
            if told.stays or losing_ok or str(move) == "pass":
                found[move] = told.stays
    return found


class WholeGames(RuleBasedStateMachine):
    @initialize(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4),
                seed=st.integers(0, 2**32 - 1), readings=st.lists(st.sampled_from(READING_CHOICES), max_size=4))
    def start(self, preset, players, seed, readings):
        self.ruleset = PRESETS[preset].with_switches(**dict(readings))
        self.rng = random.Random(seed)
        self.failed = False
        self.new_game(players, seed)

    def new_game(self, players: int, seed: int) -> None:
        self.match = match.start(players, seed, self.ruleset)
        self.rounds = 1
        self.start_round()

    def start_round(self):
        pos = self.match.position
        self.canvas = 0  # cards that went to the Canvas this round
        self.turns = 0
        self.budget = measure(pos)  # no round can last more turns than this
        assert pos.rule == RED and pos.out == 0 and not pos.is_over
        # Under new_hand=hand a last deal may run out of Palette cards (the deck is then empty): the
        # last seats get none, and nobody may lead Red (player 0 goes first).
        short = self.ruleset.new_hand == "hand" and not pos.deck
        assert all(h.bit_count() == game.HAND_SIZE and (p.bit_count() == 1 or short and p == 0)
                   for h, p in zip(pos.hands, pos.palettes))
        red = fast.leader(RED, pos.palettes)
        assert pos.to_move == (0 if red is None else (red + 1) % pos.players) or (
            self.ruleset.next_round_first == "left_of_last_winner" and self.rounds > 1)

    # -- moves ------------------------------------------------------------------------------
    def take(self, choice: int) -> None:
        self.failed = True  # until this turn checks out; teardown does not build on a failure
        pos = self.match.position
        options = game.successors(pos)
        texts = [str(m) for m, _ in options]
        assert len(set(texts)) == len(texts), "two turns with one text"
        assert "pass" in texts
        move, after = options[choice % len(options)]
        assert game.apply(pos, str(move)) == after
        self.check_turn(pos, move, after)
        told = Replay(pos, move)
        assert (told.hand, told.palettes, told.deck, told.rule) == (
            after.hands[pos.to_move], list(after.palettes), list(after.deck), after.rule), "the move text lies"
        self.canvas |= canvas_cards(move)
        self.turns += 1
        assert self.turns <= self.budget
        self.match = match.Match(self.match.seed, self.ruleset, after, self.match.round_number,
                                 self.match.banked, self.match.round_winners)
        self.failed = False

    def check_turn(self, pos: game.Position, move: game.Move, after: game.Position) -> None:
        me, rs = pos.to_move, self.ruleset
        assert not pos.is_out(me), "a player who is out moved"
        assert pos.hands[me] or str(move) == "pass", "an empty hand can only pass"
        assert measure(after) < measure(pos)
        assert after.out & pos.out == pos.out, "a player came back into the round"
        for j in range(pos.players):
            newly_out = after.is_out(j) and not pos.is_out(j)
            if j != me:
                assert not newly_out or not after.hands[j], "out without an empty hand at the start of a turn"
                assert after.palettes[j] | pos.palettes[j] == pos.palettes[j], "an opponent's Palette grew"
                assert after.hands[j] == pos.hands[j]
        # winning is judged at the end of the turn among the players in at its start
        winning = fast.leader(after.rule, after.palettes, pos.out, rs) == me
        sets = [set(cards_of(p)) for p in after.palettes]
        in_at_start = [j for j in range(pos.players) if pos.is_out(j)]
        assert (reference.leader(after.rule, sets, in_at_start, rs) == me) == winning
        if str(move) == "pass":
            assert after.is_out(me)
        elif rs.losing_turns == "not_generated" or rs.losing_turns == (
                "plays_only" if any(verb == game.DISCARD for verb, _ in move) else "discards_only"):
            assert winning and not after.is_out(me), "the mover is not winning after a turn"
        else:
            assert winning or after.is_out(me), "a losing turn left the mover in"
            # a 7's Canvas move checked at once can put out a mover who ends the turn winning
            at_once = rs.action7_check == "at_once" and any(verb == game.CANVAS for verb, _ in move)
            # and so can a play-then-discard where winning is checked after every step
            at_once |= rs.winning_check == "every_step" and any(verb == game.DISCARD for verb, _ in move)
            assert not (winning and after.is_out(me)) or at_once, "a winning turn put the mover out"
        if not after.is_over:
            assert not after.is_out(after.to_move) and after.hands[after.to_move]
        if rs.advanced:
            gained = [a - b for a, b in zip(after.scores, pos.scores)]
            if after.is_over:
                w = after.winner
                assert gained == [face_value(game.banked_set(after)) if i == w else 0 for i in range(pos.players)]
                assert game.banked_set(after) & ~after.palettes[w] == 0
            else:
                assert gained == [0] * pos.players
        else:
            assert after.scores is None

    @precondition(lambda self: not self.match.position.is_over)
    @rule(choice=st.integers(0, 2**16))
    def take_turn(self, choice):
        self.take(choice)

    @precondition(lambda self: not self.match.position.is_over)
    @rule(seed=st.integers(0, 2**16))
    def play_out_round(self, seed):
        rng = random.Random(seed)
        while not self.match.position.is_over:
            self.take(rng.randrange(2**16))

    @precondition(lambda self: self.match.position.is_over and not self.match.is_over)
    @rule()
    def next_round(self):
        before = self.match
        assert self.ruleset.advanced, "a Basic game is one round"
        self.match = match.next_round(before)
        self.rounds += 1
        assert self.rounds <= MAX_ROUNDS
        assert self.match.banked == before.all_banked() and self.match.position.scores == before.scores
        for i, bank in enumerate(self.match.banked):
            assert face_value(bank) == self.match.position.scores[i], "scores are the banked points"
        self.start_round()

    @precondition(lambda self: self.match.is_over)
    @rule(seed=st.integers(0, 2**32 - 1))
    def another_game(self, seed):
        self.new_game(self.match.players, seed)

    # -- invariants -------------------------------------------------------------------------
    @invariant()
    def all_49_cards_accounted_for_in_disjoint_zones(self):
        pos = self.match.position
        deck = 0
        for c in pos.deck:
            deck |= 1 << c
        zones = [*pos.hands, *pos.palettes, deck, self.canvas, *self.match.banked]
        assert sum(z.bit_count() for z in zones) + (len(pos.deck) - deck.bit_count()) == 49, "zones overlap"
        union = 0
        for z in zones:
            union |= z
        assert union == ALL_CARDS, "a card went missing"

    @invariant()
    def the_player_to_move_is_in(self):
        pos = self.match.position
        assert pos.is_over or not pos.is_out(pos.to_move)

    def teardown(self):
        """Every game ends: play it out with seeded random turns."""
        if not hasattr(self, "match") or self.failed:
            return
        while not self.match.is_over:
            if self.match.position.is_over:
                self.next_round()
            else:
                self.take(self.rng.randrange(2**16))
            self.all_49_cards_accounted_for_in_disjoint_zones()
        assert self.match.winners or self.match.end_reason == "round"


WholeGames.TestCase.settings = settings(WholeGames.TestCase.settings, stateful_step_count=15)
TestWholeGames = WholeGames.TestCase


@given(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1),
       readings=st.lists(st.sampled_from(READING_CHOICES), max_size=4), turns=st.integers(0, 10))
def test_legal_moves_are_every_turn_the_rules_allow(preset, players, seed, readings, turns):
    """Completeness: the turns built step by step from ``Replay`` (an independent reading of the
    rules) are exactly the engine's legal turns, with the same elimination of the mover."""
    pos = game.deal(players, seed, PRESETS[preset].with_switches(**dict(readings)))
    rng = random.Random(seed)
    for _ in range(turns):
        if pos.is_over:
            break
        pos = rng.choice(game.successors(pos))[1]
    engine = {str(m): not after.is_out(pos.to_move) for m, after in game.successors(pos)}
    assert all_turns(pos) == engine
