"""Bridge card play: the trick winner (Law 44) by the family's ladder reading and by the fast
evaluator agree; the follow rule; whole seeded plays keep every card; notation round-trips and
names the field of every bad input; protocol ops."""

import json

import pytest
from arbiter.model import games
from arbiter.model import protocol as P
from arbiter.model.bridge import fast, game, reference
from arbiter.model.bridge.cards import ALL_CARDS, NT, SUIT_MASK, parse_card
from arbiter.model.bridge.notation import (
    deal_text,
    format_text,
    parse_position,
    position_from_json,
    position_to_json,
)
from hypothesis import given, settings
from hypothesis import strategies as st

DEAL = "N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4"


@given(cards=st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), strain=st.integers(0, 4))
def test_fast_winner_is_the_ladder_reading(cards, strain):
    assert fast.winner(strain, cards) == reference.winner(strain, cards)


@pytest.mark.parametrize("strain, cards, winner", [
    ("NT", ["HK", "HA", "S2", "H3"], 1),   # the highest card of the suit led
    ("S", ["HK", "HA", "S2", "H3"], 2),    # a trump beats the suit led
    ("S", ["HK", "S3", "S2", "SA"], 3),    # the highest trump
    ("H", ["D2", "C4", "DA", "S9"], 2),    # a discard never wins
])
def test_law_44_trick_winner(strain, cards, winner):
    from arbiter.model import bridge

    assert bridge.trick(strain, cards)[0] == winner


@given(seed=st.integers(0, 10**6), strain=st.integers(0, 4), declarer=st.sampled_from([None, 0, 1, 2, 3]))
@settings(max_examples=25)
def test_seeded_play_keeps_every_card_and_follows_suit(seed, strain, declarer):
    pos = game.deal(4, seed, strain=strain, declarer=declarer)
    assert pos.validate().leader == (0 if declarer is None else (declarer + 1) % 4)
    tricks = 0
    for before, move, after in game.random_game(4, seed, strain=strain, declarer=declarer):
        held = before.hands[0] | before.hands[1] | before.hands[2] | before.hands[3]
        assert after.validate() is after
        if before.trick:
            lead = before.trick[0] // 13
            hand = before.hands[before.to_move]
            assert parse_card(move) // 13 == lead or not hand & SUIT_MASK[lead]
        assert held & ~ALL_CARDS == 0
        tricks += not after.trick
        assert parse_position(format_text(after)) == after
    assert after.is_over and sum(after.tricks) == 13 == tricks


def test_dummy_is_played_by_declarer():
    pos = parse_position(f"bridge contract=4S declarer=S leader=W tricks=0,0 trick=- | {DEAL}")
    assert (pos.dummy, pos.controller(0), pos.controller(1)) == (0, 2, 1)


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 51))
@settings(max_examples=30)
def test_json_and_text_round_trip(seed, steps):
    pos = game.deal(4, seed, strain=seed % 5, declarer=seed % 4)
    for _, step in zip(range(steps), game.random_game(4, seed, strain=seed % 5, declarer=seed % 4), strict=False):
        pos = step[2]
    assert parse_position(format_text(pos)) == pos
    assert position_from_json(json.loads(json.dumps(position_to_json(pos)))) == pos


def test_pbn_forms_read_as_the_opening_lead():
    bare = parse_position(DEAL)
    assert (bare.leader, bare.strain, bare.declarer, deal_text(bare.hands)) == (0, NT, None, DEAL)
    rotated = parse_position("E:" + " ".join(DEAL[2:].split()[1:] + DEAL[2:].split()[:1]))
    assert rotated.hands == bare.hands and rotated.leader == 1
    tagged = parse_position(f'[Event "x"]\n[Deal "{DEAL}"]\n[Declarer "E"]\n[Contract "4HX"]\n')
    assert (tagged.level, tagged.strain, tagged.declarer, tagged.leader) == (4, 1, 1, 2)
    assert games.game_of_text(DEAL) == games.game_of_text(f'[Deal "{DEAL}"]') == "bridge"


@pytest.mark.parametrize("text, field", [
    ("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875", "deal"),
    ("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J", "deal"),
    ("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.JX", "hands[W]"),
    ("N:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J6", "hands[W]"),
    ("X:KJ74.J8.AKJ5.AQ6 A.AQT94.82.KT932 Q532.763.T93.875 T986.K52.Q764.J4", "position"),
    (f"bridge contract=8S declarer=S leader=W | {DEAL}", "contract"),
    (f"bridge contract=4S leader=W | {DEAL}", "declarer"),
    (f"bridge strain=Z leader=W | {DEAL}", "strain"),
    (f"bridge strain=S leader=Q | {DEAL}", "leader"),
    (f"bridge strain=S leader=N tricks=1 | {DEAL}", "tricks"),
    (f"bridge strain=S leader=N tricks=1,0 | {DEAL}", "tricks"),
    (f"bridge strain=S leader=N trick=SK | {DEAL}", "trick[0]"),
    (f"bridge strain=S leader=N colour=red | {DEAL}", "colour"),
    ("bridge strain=S leader=N", "deal"),
    ('{"game": "bridge", "deal": 3}', "deal"),
    ('{"game": "bridge"}', "deal"),
    ('{"game": "bridge", "deal": "' + DEAL + '", "trick": "SK"}', "trick"),
    ('{"game": "bridge", "deal": "' + DEAL + '", "level": 9, "declarer": "S"}', "level"),
    ('{"game": "bridge", "deal": "' + DEAL + '", "ruleset": "nope"}', "ruleset"),
    ('{"game": "bridge", "deal": "' + DEAL + '", "mood": 1}', "mood"),
])
def test_bad_input_names_the_field(text, field):
    with pytest.raises(game.PositionError) as e:
        parse_position(text)
    assert e.value.field == field, str(e.value)


def test_a_void_that_did_not_follow_is_refused():
    # W led a spade; N holds spades, so N's heart to the trick cannot have been played.
    with pytest.raises(game.PositionError, match="did not follow suit"):
        parse_position("bridge strain=NT leader=W tricks=0,0 trick=S9,H2 | N:AK... QJ..2. 32...2 T.3..")


def ask(**request):
    return P.handle({"game": "bridge", "id": 3, **request})


def test_protocol_ops():
    hello = P.handle({"op": "hello"})
    assert "bridge" in hello["games"] and "trick" in hello["games"]["bridge"]["ops"]
    assert ask(op="trick", strain="S", cards=["HK", "HA", "S2"]) == {"id": 3, "winner": 2, "card": "S2", "strain": "S"}
    pos = position_to_json(parse_position(DEAL))
    assert ask(op="legal_moves", position=pos)["moves"][:3] == ["SK", "SJ", "S7"]
    after = ask(op="apply", position=pos, move="D5")["position"]
    assert after["trick"] == ["D5"] and ask(op="legal_moves", position=after)["moves"] == ["D8", "D2"]


@pytest.mark.parametrize("request_, code", [
    ({"op": "trick", "strain": "Z", "cards": ["HK"]}, "invalid_field"),
    ({"op": "trick", "strain": "S", "cards": []}, "invalid_field"),
    ({"op": "trick", "strain": "S", "cards": ["HK", "hk"]}, "invalid_card"),
    ({"op": "trick", "strain": "S", "cards": ["H1"]}, "invalid_card"),
    ({"op": "trick", "cards": ["HK"]}, "missing_field"),
    ({"op": "apply", "position": {"game": "bridge", "deal": DEAL}, "move": "H2"}, "illegal_move"),
    ({"op": "apply", "position": {"game": "bridge", "deal": DEAL}, "move": "X2"}, "illegal_move"),
    ({"op": "apply", "position": {"game": "bridge", "deal": DEAL}, "move": 4}, "invalid_field"),
    ({"op": "legal_moves", "position": {"game": "bridge", "deal": "N:"}}, "invalid_position"),
])
def test_bad_requests_are_error_answers(request_, code):
    assert ask(**request_)["error"]["code"] == code


def test_illegal_cards_say_why():
    pos = parse_position("bridge strain=NT leader=W tricks=0,0 trick=S9 | N:AK.2.. QJ..2. 32...2 T.3..")
    with pytest.raises(game.MoveError, match="must follow"):
        game.apply(pos, "H2")
    with pytest.raises(game.MoveError, match="not in N's hand"):
        game.apply(pos, "SQ")


def test_module_examples_run():
    import doctest

    from arbiter.model import bridge
    from arbiter.model.bridge import notation
    from arbiter.solver import bridge as solver

    for module in (bridge, notation, solver):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
