"""Whole games for 2, 3 and 4 players under Hypothesis's control: every card of the deck accounted
for, tokens conserved, no player takes a card carrying their own X, and every game ends."""

import random

import pytest
from arbiter.model.stick_to_colours import DEFAULT, deal, deck_counts, legal_moves, successors
from arbiter.model.stick_to_colours.cards import KINDS
from arbiter.model.stick_to_colours.game import TOKENS, Position
from arbiter.model.stick_to_colours.ruleset import SWITCHES
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

# hand_refusals=any makes every sub-collection of a hand a bid: too many moves for long games here;
# tests/model/stick_to_colours/test_stick_game.py checks it on small positions.
GAME_SWITCHES = {k: v for k, v in SWITCHES.items() if k != "hand_refusals"}


def takeable(before: Position, player: int) -> list[int]:
    """Per card kind, how many copies on the market or up for auction do not carry ``player``'s X."""
    n = [0] * KINDS
    slots = list(before.market) + ([before.auction.lot] if before.auction else [])
    for s in slots:
        if not s.x >> player & 1:
            n[s.card] += 1
    return n


def check_step(before: Position, after: Position) -> None:
    if before.ruleset.who_bids == "anyone":
        return  # that reading lets a player win a card they refused (test_stick_game.py has the witness)
    for p in range(before.players):
        gained = [a - b for a, b in zip(after.hands[p], before.hands[p], strict=True)]
        assert all(g <= t for g, t in zip(gained, takeable(before, p), strict=True)), "a player took a card they refused"


class Game(RuleBasedStateMachine):
    @initialize(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6),
                switches=st.fixed_dictionaries({k: st.sampled_from(v) for k, v in GAME_SWITCHES.items()}))
    def start(self, players, seed, switches):
        self.ruleset = DEFAULT.with_switches(**switches)
        self.pos = deal(players, seed, self.ruleset)

    @precondition(lambda self: not self.pos.is_over)
    @rule(pick=st.integers(0, 10**9))
    def play(self, pick):
        moves = successors(self.pos)
        _, after = moves[pick % len(moves)]
        check_step(self.pos, after)
        self.pos = after

    @precondition(lambda self: self.pos.is_over)
    @rule(seed=st.integers(0, 10**6))
    def next_game(self, seed):
        assert self.pos.deck == () and self.pos.market == () and self.pos.winners
        self.pos = deal(self.pos.players, seed, self.ruleset)

    @invariant()
    def every_card_accounted_for(self):
        assert self.pos.all_cards() == deck_counts(self.ruleset)

    @invariant()
    def tokens_conserved(self):
        for p in range(self.pos.players):
            assert self.pos.supply[p] + self.pos.tokens_out(p) == TOKENS

    @invariant()
    def no_player_holds_a_card_they_refused(self):
        # a ? or X token lies only on market cards and hand refusals, never on a card in a hand
        for s in self.pos.market:
            assert not s.q & s.x

    @invariant()
    def over_means_no_moves(self):
        assert (legal_moves(self.pos) == []) == self.pos.is_over


TestGame = Game.TestCase
TestGame.settings = settings(max_examples=20, stateful_step_count=50, deadline=None)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_ends(players):
    """Random games to the end: with the market clear each auction takes a card and every round of
    dealer passes clears the market, so a game lasts at most a few hundred decisions."""
    for seed in range(6):
        rng = random.Random(seed)
        pos = deal(players, seed)
        steps = 0
        while not pos.is_over:
            before, pos = pos, rng.choice(successors(pos))[1]
            check_step(before, pos)
            assert pos.all_cards() == deck_counts(DEFAULT)
            steps += 1
            assert steps < 2000
        assert pos.deck == () and pos.market == () and len(pos.winners) >= 1
