"""The Realms open-hand solver agrees with the plain brute-force reference on small positions
under several readings (guaranteed and expected tricks) with every search idea on, and gives the
same per-move values and dead cards with each idea off; its answers hang together: best moves
reach the guarantee, the line keeps it, limits give "unknown"."""

import pytest
from arbiter.model.realms import cards as C
from arbiter.model.realms import game as G
from arbiter.model.realms.notation import parse_position
from arbiter.model.realms.ruleset import DEFAULT
from arbiter.solver.realms import ALL, NONE, Guarantee, Ideas, Tree, brute_force, solve
from arbiter.solver.search import Budget, Table
from hypothesis import given, settings
from hypothesis import strategies as st

READINGS = [DEFAULT, DEFAULT.with_switches(resolution="nuance"), DEFAULT.with_switches(resolution="rank"),
            DEFAULT.with_switches(special_vs_match="phoenix_only", purple_wins="if"),
            DEFAULT.with_switches(match_follow="free", troll_bullets="troll", no_winner="lead_colour"),
            DEFAULT.with_switches(resolution="nuance", purple_match="never", purple_colour="none"),
            DEFAULT.with_switches(realm_shadow="linked", specials_follow="anytime", realm_follow="realm"),
            DEFAULT.with_switches(follow_colour="lead", troll_victim="anyone", recycle="at_once")]


@st.composite
def small_positions(draw):
    players = draw(st.integers(2, 3))
    size = draw(st.integers(1, 2))
    deck = draw(st.permutations(range(C.DECK_SIZE)))
    hands = tuple(C.mask_of(deck[i * size:(i + 1) * size]) for i in range(players))
    discard = C.mask_of(deck[players * size:players * size + draw(st.integers(0, 1))])
    pos = G.Position(hands=hands, discard=discard, ruling=draw(st.integers(0, 3)), leader=0, dealer=players - 1,
                     scores=(0,) * players, phase=G.PLAY, ruleset=draw(st.sampled_from(READINGS)))
    return pos.validate(), draw(st.integers(1, 2 if players * size <= 4 else 1))  # the brute force grows fast


@given(small_positions())
@settings(max_examples=40, deadline=None)
def test_solver_agrees_with_brute_force(case):
    pos, tricks = case
    result = solve(pos, tricks, ideas=ALL)
    guaranteed, expected = brute_force(pos, tricks)
    assert result.solved
    assert result.guaranteed == guaranteed
    assert result.expected == pytest.approx(expected)
    assert result.expected >= result.guaranteed - 1e-9
    assert result.best_moves and all(m in [str(x) for x in G.legal_moves(pos)] for m in result.best_moves)


# Picture and Special cards a known-pile hand holds at most: each brings choices (a Troll's steal, a
# Warlock's card), and four or five of them in one hand made a plain search of millions of nodes.
FACES_IN_HAND = 2


@st.composite
def known_pile_positions(draw):
    """Two players with 4-6 cards and a known draw pile longer than two tricks can use: the Draw
    Phase refills without chance, so interchangeable cards count over both tricks (unless a Warlock
    may be drawn in time to bring a played card back). The search is bounded by the hands, not by
    luck: at most FACES_IN_HAND Picture or Special cards each, and no Tree, which takes any card of
    this long pile (a search of one such draw ran past ten minutes; small_positions has Trees)."""
    size = draw(st.integers(4, 6))
    deck = draw(st.permutations(range(C.DECK_SIZE)))
    plain = [c for c in deck if C.is_number(c) or C.is_purple(c)]
    faces = [c for c in deck if not (C.is_number(c) or C.is_purple(c)) and c != C.TREE]
    hands = []
    for _ in range(2):
        k = draw(st.integers(0, FACES_IN_HAND))
        hands.append(C.mask_of(faces[:k] + plain[:size - k]))
        faces, plain = faces[k:], plain[size - k:]
    hands = tuple(hands)
    rest = [c for c in deck if not (hands[0] | hands[1]) >> c & 1]
    pile = tuple(rest[:(7 - size) * 2 + draw(st.integers(6, 12))])
    pos = G.Position(hands=hands, draw=pile, ruling=draw(st.integers(0, 3)), leader=0, dealer=1, scores=(0, 0),
                     phase=G.PLAY, ruleset=draw(st.sampled_from(READINGS)))
    return pos.validate(), 2


def _answers(result):
    return ([(m.move, m.guaranteed, pytest.approx(m.expected)) for m in result.moves], result.guaranteed,
            pytest.approx(result.expected), result.dead_cards, sorted(result.best_moves))


@given(st.one_of(small_positions(), known_pile_positions()))
@settings(max_examples=12, deadline=None)
def test_each_idea_leaves_every_value_and_the_dead_cards_unchanged(case):
    pos, tricks = case
    plain = solve(pos, tricks, ideas=NONE)
    assert plain.solved
    want = _answers(plain)
    for ideas in (ALL, Ideas(table=False), Ideas(equivalence=False), Ideas(bounds=False), Ideas(zero_window=False),
                  Ideas(skip=False), Ideas(whole_draws=False), Ideas(floor=False), Ideas(last_trick=False), Ideas(scout=False),
                  Ideas(lazy_draws=False), Ideas(draw_last=False), Ideas(killer=False),
                  Ideas(hand_draws=False)):
        assert _answers(solve(pos, tricks, ideas=ideas)) == want, ideas
    if pos.hands[0].bit_count() * 3 <= 6 and tricks == 1:
        assert brute_force(pos, tricks)[0] == plain.guaranteed


@st.composite
def troll_tricks(draw):
    """3 or 4 players with 2 or 3 cards each, a Troll among the second player's cards (played after
    the root move, inside the last trick) and perhaps one with the first: a steal there changes a
    hand still to play (chance)."""
    players, size = draw(st.integers(3, 4)), draw(st.integers(2, 3))
    trolls = draw(st.permutations(list(C.cards_of(C.TROLL_MASK))))
    deck = [c for c in draw(st.permutations(range(C.DECK_SIZE))) if not C.TROLL_MASK >> c & 1]
    hands = [C.mask_of(deck[i * size:(i + 1) * size]) for i in range(players)]
    for seat, troll in ((1, trolls[0]), (0, trolls[1] if draw(st.booleans()) else None)):
        if troll is not None:
            hands[seat] = C.mask_of(list(C.cards_of(hands[seat]))[1:]) | 1 << troll
    pos = G.Position(hands=tuple(hands), ruling=draw(st.integers(0, 3)), leader=0, dealer=players - 1,
                     scores=(0,) * players, phase=G.PLAY, ruleset=draw(st.sampled_from(READINGS)))
    return pos.validate()


@given(troll_tricks())
@settings(max_examples=20, deadline=None)
def test_the_last_trick_on_cards_alone_takes_a_steal_at_its_worst_and_on_average(pos):
    guaranteed, expected = brute_force(pos, 1)
    for ideas in (ALL, Ideas(last_trick=False)):
        result = solve(pos, 1, ideas=ideas)
        assert (result.guaranteed, result.expected) == (guaranteed, pytest.approx(expected)), ideas


@pytest.mark.slow
@given(small_positions())
@settings(max_examples=5, deadline=None)
def test_three_trick_horizons_agree_with_brute_force(case):
    pos, _ = case
    if pos.players > 2 or pos.hands[0].bit_count() > 2:
        pos = G.Position(hands=pos.hands[:2], discard=pos.discard, ruling=pos.ruling, dealer=1, scores=(0, 0),
                         phase=G.PLAY, ruleset=pos.ruleset)
    result = solve(pos, 3)
    guaranteed, expected = brute_force(pos, 3)
    assert (result.guaranteed, result.expected) == (guaranteed, pytest.approx(expected))


SPLIT = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                       "| trick - | hands R5 B9 / B5 R1 | draw - | shuffled - | discard -")


def test_leading_the_blue_nine_wins_but_the_five_can_be_matched():
    result = solve(SPLIT, tricks=1)
    assert result.guaranteed == 1 and result.best_moves == ["B9", "R5"]
    two = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                         "| trick - | hands R5 Y9 / B5 G1 | draw - | shuffled - | discard -")
    r = solve(two, tricks=1)
    assert {m.move: m.guaranteed for m in r.moves} == {"R5": 0, "Y9": 1}  # B5 matches the R5 and takes it
    assert r.line[0] == "Y9" and r.dead_cards == ["R5"]


def test_a_limit_gives_unknown_with_the_work_done():
    result = solve(SPLIT, tricks=2, max_nodes=5)
    assert result.result == "unknown" and result.stopped and result.nodes >= 5


def test_positions_the_solver_cannot_take():
    with pytest.raises(ValueError, match="phase play"):
        solve(G.deal(3, 1))
    with pytest.raises(ValueError, match="at least one trick"):
        solve(SPLIT, tricks=0)


@given(small_positions())
@settings(max_examples=25, deadline=None)
def test_a_seat_other_than_the_mover_gets_the_same_guarantee_with_every_idea(case):
    """Advice for a seat and best defence set ``Tree.me`` after the Tree is made: the last-trick
    solver must count that seat's tricks (it once kept the mover's: best defence then gave 0 for 30)."""
    pos, tricks = case
    for seat in range(pos.players):
        got = []
        for ideas in (ALL, NONE):
            tree = Tree(pos, ideas, Budget(None, None))
            tree.me = seat
            got.append(Guarantee(tree, Table(1 << 12)).exact(pos, tricks))
        assert got[0] == got[1], seat
