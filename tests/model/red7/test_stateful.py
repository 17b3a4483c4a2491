"""Stateful test over whole games (Hypothesis ``RuleBasedStateMachine``): every preset, 2-4
players, random reading switches. Hypothesis picks turns, plays rounds out and starts new
Advanced rounds; after every turn the machine checks the rules' bookkeeping, and at teardown the
game is played to its end with seeded random turns."""

import random

from arbiter.model.red7 import fast, game, match, reference
from arbiter.model.red7.cards import ALL_CARDS, RED, cards_of, number_of
from arbiter.model.red7.ruleset import PRESETS, SWITCHES
from hypothesis import settings
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
        assert all(h.bit_count() == game.HAND_SIZE and p.bit_count() == 1
                   for h, p in zip(pos.hands, pos.palettes))
        assert pos.to_move == (fast.leader(RED, pos.palettes) + 1) % pos.players or (
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
        elif rs.losing_turns == "not_generated":
            assert winning and not after.is_out(me), "the mover is not winning after a turn"
        else:
            assert winning or after.is_out(me), "a losing turn left the mover in"
            # a 7's Canvas move checked at once can put out a mover who ends the turn winning
            at_once = rs.action7_check == "at_once" and any(verb == game.CANVAS for verb, _ in move)
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
