"""The Realms search's pruning: interchangeable cards only where the reading makes them so (a match
or the Match Rank Nuance keeps them apart), their moves' values equal when searched apart, and
sure tricks from the Specials only where the trick cannot be lost."""

import pytest
from arbiter.model.realms import cards as C
from arbiter.model.realms import game as G
from arbiter.model.realms.notation import parse_position
from arbiter.model.realms.ruleset import DEFAULT, readings
from arbiter.solver.realms import NONE, Ideas, solve
from arbiter.solver.realms.pruning import Pruning
from hypothesis import given, settings
from hypothesis import strategies as st

NUANCE = DEFAULT.with_switches(resolution="nuance")
RANK = DEFAULT.with_switches(resolution="rank")
# Player 0 leads R9 or RGu; player 1 can only throw B3, player 2 follows red with R3, which matches
# the B3 and shifts the marker back to red. The last match wins (Timing Rule): both leads lose. By
# rank alone both beat the R3. Under the Match Rank Nuance the matched R3 sits above every ruling
# number but below the Guard: RGu wins, R9 loses, so the two are not interchangeable there.
TEXT = ("realms {} phase=play round=1 dealer=2 leader=0 ruling=red scores=0,0,0 "
        "| trick - | hands R9 RGu / B3 / R3 | draw - | shuffled - | discard -")


def position(ruleset):
    return G.Position(**{**vars(parse_position(TEXT.format("default"))), "ruleset": ruleset})


def classes(pos, left=1):
    pruning = Pruning(pos.ruleset, sum(pos.hands) | pos.pile() | pos.discard)
    return pruning.classes(pos, sorted({m.card for m in G.legal_moves(pos)}), left)


@pytest.mark.parametrize("ruleset, together, values", [
    (DEFAULT, True, {"R9": 0, "RGu": 0}), (RANK, True, {"R9": 1, "RGu": 1}), (NUANCE, False, {"R9": 0, "RGu": 1})])
def test_the_nuance_keeps_apart_cards_the_other_readings_make_interchangeable(ruleset, together, values):
    pos = position(ruleset)
    rep = classes(pos)
    assert (rep[C.parse_card("RGu")] == rep[C.parse_card("R9")]) is together
    for ideas in (NONE, Ideas()):
        assert {m.move: m.guaranteed for m in solve(pos, 1, ideas=ideas).moves} == values


def test_a_card_that_can_be_matched_is_not_interchangeable():
    pos = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                         "| trick - | hands R5 R6 R7 / B6 G1 | draw - | shuffled - | discard -")
    rep = classes(pos)
    r5, r6, r7 = (C.parse_card(c) for c in ("R5", "R6", "R7"))
    assert rep[r6] == r6  # B6 matches R6 (and takes the trick as the last match)
    assert rep[r7] == r5  # R6 cannot share this last trick with them, so nothing stands between
    assert {m.move: m.guaranteed for m in solve(pos, 1).moves} == {"R5": 1, "R6": 0, "R7": 1}
    free = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                          "| trick - | hands R5 R6 R7 / B9 G1 | draw - | shuffled - | discard -")
    rep = classes(free)
    assert rep[r6] == r5 and rep[r7] == r5  # nothing matches or stands between: one class


def test_a_led_purple_standing_between_two_numbers_keeps_them_apart():
    text = ("realms {} phase=play round=1 dealer=1 leader=1 ruling=red scores=0,0 "
            "| trick P3=red | hands R2 R4 G1 / - | draw - | shuffled - | discard -")
    pos = parse_position(text.format("default,purple_match=never"))
    r4 = C.parse_card("R4")
    assert classes(pos)[r4] == r4  # the led P3 counts as the red 3: R4 beats it, R2 does not
    assert {m.move: m.guaranteed for m in solve(pos, 1).moves} == {"R2": 0, "R4": 1}  # red must be followed
    low = parse_position(text.replace("R2 R4", "R4 R5").format("default,purple_match=never"))
    assert classes(low)[C.parse_card("R5")] == r4  # with both above the P3 they are one class


PILE = ("Y1", "Y2", "Y3", "Y4", "Y7", "Y8", "Y9", "G2", "G3", "G4", "G7", "G8", "G9", "B1", "B2", "B3", "B4", "B7", "B8")


def test_before_the_last_trick_a_card_that_can_come_back_keeps_them_apart():
    empty = parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                           "| trick - | hands R5 R6 / B9 G1 | draw - | shuffled - | discard -")
    assert classes(empty, left=1)[C.parse_card("R6")] == C.parse_card("R5")
    assert classes(empty, left=2)[C.parse_card("R6")] == C.parse_card("R6")  # recycled and redrawn
    pile = G.Position(**{**vars(empty), "draw": tuple(map(C.parse_card, PILE))})
    assert classes(pile, left=2)[C.parse_card("R6")] == C.parse_card("R5")  # the pile outlasts the horizon
    warlock = G.Position(**{**vars(pile), "draw": (C.WARLOCK,) + pile.draw})
    assert classes(warlock, left=2)[C.parse_card("R6")] == C.parse_card("R6")  # drawn, it could fetch R5 back
    deep = G.Position(**{**vars(pile), "draw": pile.draw + (C.WARLOCK,)})
    assert classes(deep, left=2)[C.parse_card("R6")] == C.parse_card("R5")  # too deep to be drawn in time


@st.composite
def positions(draw):
    players = draw(st.integers(2, 4))
    size = draw(st.integers(1, 3))
    deck = draw(st.permutations(range(C.DECK_SIZE)))
    hands = tuple(C.mask_of(deck[i * size:(i + 1) * size]) for i in range(players))
    k = len(hands) * size
    played = [c for c in deck[k:k + draw(st.integers(0, players - 1))] if G.choice_kind(c, False) != G.CARD_CHOICE]
    trick = tuple((c, draw(st.integers(0, 3)) if G.choice_kind(c, i == 0) == G.COLOUR_CHOICE else None)
                  for i, c in enumerate(played))
    leader = (-len(trick)) % players
    pos = G.Position(hands=hands, trick=trick, ruling=draw(st.integers(0, 3)), leader=leader, dealer=players - 1,
                     scores=(0,) * players, phase=G.PLAY, ruleset=draw(st.sampled_from(readings())))
    return pos.validate()


@given(positions())
@settings(max_examples=60, deadline=None)
def test_cards_of_one_class_have_the_same_values_when_searched_apart(pos):
    rep = classes(pos)
    if all(r == c for c, r in rep.items()):
        return
    values = {m.move: (m.guaranteed, m.expected) for m in solve(pos, 1, ideas=NONE).moves}
    for c, r in rep.items():
        if c == r:
            continue  # (a card with choices is always its own class; its moves are named with the choice)
        assert values[C.card_code(c)][0] == values[C.card_code(r)][0]
        assert values[C.card_code(c)][1] == pytest.approx(values[C.card_code(r)][1])


@given(positions())
@settings(max_examples=60, deadline=None)
def test_a_sure_trick_is_won_on_every_line(pos):
    from arbiter.solver.realms import Tree
    from arbiter.solver.search import Budget

    tree = Tree(pos, Ideas(), Budget())
    lo, hi = tree.bounds(pos, 1, tree.steps(pos, 1))
    plain = solve(pos, 1, ideas=NONE)
    assert lo <= plain.guaranteed <= hi


def test_the_phoenix_makes_a_sure_trick_for_its_holder_and_closes_it_for_the_others():
    from arbiter.solver.realms import Tree
    from arbiter.solver.search import Budget

    lead = parse_position("realms default phase=play round=1 dealer=2 leader=0 ruling=red scores=0,0,0 "
                          "| trick - | hands PHX R1 / R9 B1 / RRe G2 | draw - | shuffled - | discard -")
    tree = Tree(lead, Ideas(), Budget())
    assert tree.bounds(lead, 2, tree.steps(lead, 2)) == (1, 2)  # player 0 may lead the Phoenix
    played = G.apply(lead, "PHX")
    other = Tree(played, Ideas(), Budget())  # player 1 solving: the trick is player 0's whatever comes
    assert other.bounds(played, 2, other.steps(played, 2)) == (0, 1)
    follow = parse_position("realms default phase=play round=1 dealer=2 leader=2 ruling=red scores=0,0,0 "
                            "| trick R5 | hands PHX R1 / R9 B1 / RRe G2 | draw - | shuffled - | discard -")
    tree = Tree(follow, Ideas(), Budget())
    assert tree.bounds(follow, 1, tree.steps(follow, 1)) == (0, 1)  # it must follow red: no sure trick
