"""Whole Realms games: seeded deals reproducible, every card accounted for, scores in steps of 10,
halftime and the end of the game, chance events that sum to one, each Special's effect."""

import random

import pytest
from arbiter.model.realms import cards as C
from arbiter.model.realms import game as G
from arbiter.model.realms.notation import format_text, parse_position
from arbiter.model.realms.ruleset import DEFAULT, SWITCHES
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule


def accounted(pos: G.Position) -> int:
    total = pos.pile() | pos.discard | pos.trick_mask()
    count = pos.shuffled.bit_count() + len(pos.draw) + pos.discard.bit_count() + pos.trick_mask().bit_count()
    for h in pos.hands:
        total |= h
        count += h.bit_count()
    assert count == total.bit_count(), "a card is in two places"
    return count


class RealmsGame(RuleBasedStateMachine):
    """Random moves and chance outcomes under a random ruleset, with the invariants after each."""

    def __init__(self):
        super().__init__()
        self.pos = None
        self.steps = 0

    @rule(players=st.integers(G.MIN_PLAYERS, G.MAX_PLAYERS), seed=st.integers(0, 10**6),
          switches=st.fixed_dictionaries({n: st.sampled_from(v) for n, v in SWITCHES.items()}))
    @precondition(lambda self: self.pos is None)
    def start(self, players, seed, switches):
        self.pos = G.deal(players, seed, DEFAULT.with_switches(**switches))

    @rule(data=st.data())
    @precondition(lambda self: self.pos is not None and not self.pos.is_over)
    def step(self, data):
        before = self.pos
        moves = G.legal_moves(before)
        if moves:
            self.pos = G.apply(before, data.draw(st.sampled_from(moves)))
        else:
            outcomes = G.chance_outcomes(before)
            assert outcomes and abs(sum(p for p, _, _ in outcomes) - 1) < 1e-9
            assert len({label for _, label, _ in outcomes}) == len(outcomes)
            self.pos = data.draw(st.sampled_from(outcomes))[2]
        gained = [b - a for a, b in zip(before.scores, self.pos.scores, strict=True)]
        assert sorted(gained)[:-1] == [0] * (len(gained) - 1) and max(gained) in (0, 10)
        self.steps += 1

    @rule()
    @precondition(lambda self: self.pos is not None and self.pos.is_over)
    def new_game(self):
        self.pos = None

    @invariant()
    def sound(self):
        if self.pos is None:
            return
        self.pos.validate()
        assert accounted(self.pos) == C.DECK_SIZE
        assert all(s % 10 == 0 for s in self.pos.scores)
        assert (max(self.pos.scores) >= G.TARGET) == self.pos.is_over
        if self.pos.round == 1:
            assert max(self.pos.scores) < G.HALFTIME or self.pos.is_over
        assert parse_position(format_text(self.pos)) == self.pos


TestRealmsGame = RealmsGame.TestCase
TestRealmsGame.settings = settings(max_examples=12, stateful_step_count=60, deadline=None)


@pytest.mark.parametrize("players", range(G.MIN_PLAYERS, G.MAX_PLAYERS + 1))
def test_seeded_games_end_reproducibly_with_one_winner_at_100(players):
    for seed in range(3):
        log = list(G.random_game(players, seed))
        again = list(G.random_game(players, seed))
        assert [w for _, w, _ in log] == [w for _, w, _ in again]
        last = log[-1][2]
        assert last.is_over and max(last.scores) == 100 and sorted(last.scores)[-2] < 100
        assert last.round == 2  # the halftime at 50 came first
        halftime = [a for b, _, a in log if b.round == 1 and a.round == 2]
        assert len(halftime) == 1 and max(halftime[0].scores) == 50


@given(seed=st.integers(0, 10**6), switches=st.fixed_dictionaries({n: st.sampled_from(v) for n, v in SWITCHES.items()}))
@settings(max_examples=10)
def test_any_reading_seeded_game_terminates(seed, switches):
    log = list(G.random_game(4, seed, DEFAULT.with_switches(**switches)))
    assert log[-1][2].is_over


def _pos(text: str) -> G.Position:
    return parse_position(text)


BASE = "realms default phase=play round=1 dealer=2 leader=0 ruling=red scores=0,0,0"


def test_giant_flips_within_its_realm_and_cyclone_chooses_and_leads_next():
    pos = _pos(f"{BASE} | trick R5 | hands - / GNT B1 / CYC B2 | draw - | shuffled - | discard -")
    pos = G.apply(pos, "GNT")
    assert G.current_ruling(pos) == C.YELLOW
    pos = G.apply(pos, "CYC=green")
    assert pos.trick == () and pos.scores == (0, 10, 0) and pos.leader == 2 and pos.ruling == C.GREEN


def test_warlock_takes_from_the_discard_pile_and_tree_from_the_draw_pile_then_reshuffles():
    pos = _pos(f"{BASE} | trick Y1 | hands - / WLK B1 / TRE B2 | draw R7 R8 R9 | shuffled - | discard G9")
    assert [str(m) for m in G.legal_moves(pos)] == ["B1", "WLK=G9"]  # no yellow to follow: anything
    pos = G.apply(pos, "WLK=G9")
    assert pos.hands[1] == C.mask_of([C.parse_card("B1"), C.parse_card("G9")]) and not pos.discard
    assert [str(m) for m in G.legal_moves(pos)] == ["B2", "TRE=R7", "TRE=R8", "TRE=R9"]
    after = G.apply(pos, "TRE=R8")
    assert after.hands[2] >> C.parse_card("R8") & 1 and after.scores == (0, 10, 0)  # the Warlock won
    assert not after.draw and after.shuffled == C.mask_of([C.parse_card("R7"), C.parse_card("R9")])
    assert after.discard == C.mask_of(C.parse_card(c) for c in ("Y1", "WLK", "TRE"))
    assert after.phase == G.DRAW  # the Draw Phase now draws from the reshuffled pile: chance


def test_troll_discards_then_steals_at_random_as_a_chance_event():
    pos = _pos(f"{BASE} | trick R5 | hands - / RTr B1 B2 / R9 Y1 | draw - | shuffled - | discard -")
    assert [str(m) for m in G.legal_moves(pos)] == ["RTr=B1", "RTr=B2"]
    pos = G.apply(pos, "RTr=B1")
    assert pos.phase == G.STEAL and G.legal_moves(pos) == []
    outcomes = G.chance_outcomes(pos)
    assert sorted((round(p, 3), label) for p, label, _ in outcomes) == [
        (0.25, "player 1 takes R9 from player 2"), (0.25, "player 1 takes Y1 from player 2"),
        (0.5, "player 1 takes nothing")]
    assert all(after.discard >> C.parse_card("B1") & 1 for _, _, after in outcomes)


def test_draw_phase_refills_to_seven_from_the_leader_and_recycles_the_discard_pile():
    pos = G.deal(3, 1)
    pos = G.apply(pos, "ruling=blue")
    assert all(h.bit_count() == 7 for h in pos.hands) and pos.leader == 0
    empty = _pos(f"{BASE} | trick R5 B5 | hands - / - / R9 | draw - | shuffled - | discard Y1 Y2")
    after = G.apply(empty, "R9")
    assert after.phase == G.DRAW  # the discard pile became a shuffled draw pile; chance deals from it
    assert len(G.chance_outcomes(after)) == 5  # Y1 Y2 and the trick's R5 B5 R9


def test_illegal_moves_and_moves_out_of_phase_are_errors():
    pos = _pos(f"{BASE} | trick R5 | hands - / R1 B1 / Y1 | draw - | shuffled - | discard -")
    for bad in ("B1", "R1=red", "P3=red", "ruling=red", "XX", "", "pass"):
        with pytest.raises(G.MoveError):
            G.apply(pos, bad)
    over = _pos("realms default phase=over round=2 dealer=2 leader=0 ruling=red scores=100,0,0 "
                "| trick - | hands - / - / - | draw - | shuffled - | discard -")
    with pytest.raises(G.MoveError, match="over"):
        G.apply(over, "pass")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from([0, 1, 4096]))
def test_draws_on_the_hands_alone_are_the_draw_phase_when_nothing_is_recycled(players, seed, limit):
    """``hand_draws`` lists the draws of ``draw_sets`` in its order with the same probabilities and,
    after each, the hands, the shuffled pile and the phase (another draw or the trick) that
    ``drawn`` reaches, at a Draw Phase whose discard pile and known draw pile are empty."""
    rng = random.Random(seed)
    deck = rng.sample(range(C.DECK_SIZE), C.DECK_SIZE)
    hands, k = [], 0
    for _ in range(players):
        size = rng.randrange(G.HAND_SIZE + 1)
        hands.append(sum(1 << c for c in deck[k:k + size]))
        k += size
    shuffled = sum(1 << c for c in deck[k:k + rng.randrange(1, 9)])
    if all(h.bit_count() == G.HAND_SIZE for h in hands):
        hands[0] &= hands[0] - 1
    pos = G.Position(hands=tuple(hands), shuffled=shuffled, ruling=0, leader=rng.randrange(players),
                     dealer=0, scores=(0,) * players, phase=G.DRAW).validate()
    expected = []
    for p, d in G.draw_sets(pos, limit):
        after = G.drawn(pos, d)
        expected.append((p, after.hands, after.shuffled, after.phase == G.DRAW))
    assert G.hand_draws(pos.hands, pos.leader, pos.shuffled, limit) == expected
