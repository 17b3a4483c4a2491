"""arbiter_bridge in OpenSpiel: OpenSpiel's own API test, seeded random games checked state by state
against the bridge model's steps (declarer choosing dummy's cards, Law 45B), what each seat is shown
(dummy face up once the opening lead is made, Law 41D), the information-state contract by
resampling, perfect recall, the bounds, returns per side, pickling and the bots."""

import pickle
import random

import pytest
from arbiter.model import bridge
from arbiter.model.bridge.cards import DECK_SIZE, card_code, cards_of
from extras import need
from spiel_engine import check_contract, check_perfect_recall, deal, play_against_model, random_states, run_bots

pyspiel = need("pyspiel", "openspiel")
openspiel = need("arbiter.adapters.openspiel", "openspiel")
from arbiter.adapters.openspiel.bridge import Bridge


def load(declarer: str = "S", strain: str = "NT"):
    return pyspiel.load_game("arbiter_bridge", {"declarer": declarer, "strain": strain})


CODES = {card_code(c) for c in range(DECK_SIZE)}


@pytest.mark.parametrize("declarer,strain", [("S", "NT"), ("E", "H"), ("none", "C")])
def test_random_sim_test(declarer, strain):
    pyspiel.random_sim_test(load(declarer, strain), num_sims=2, serialize=True, verbose=False)


def test_parameters_are_checked():
    with pytest.raises(Exception, match="players must be 4"):
        pyspiel.load_game("arbiter_bridge", {"players": 3})
    with pytest.raises(Exception, match="strain must be one of S H D C NT"):
        load("S", "Z")
    with pytest.raises(Exception, match="declarer must be N, E, S, W or none"):
        load("X")
    with pytest.raises(Exception, match="bad ruleset"):
        pyspiel.load_game("arbiter_bridge", {"ruleset": "default,revoke=allowed"})
    game = pyspiel.load_game("arbiter_bridge")
    assert game.get_parameters() == {"declarer": "S", "players": 4, "ruleset": "default", "strain": "NT"}
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (4, 52, 52)
    assert game.max_game_length() == game.max_chance_nodes_in_history() == 52


def test_an_action_is_the_card_number():
    rules = Bridge({"players": 4, "ruleset": "default", "strain": "NT", "declarer": "S"})
    for c in range(DECK_SIZE):
        segment, text, chained = rules.decode(c)
        assert text == card_code(c) and not chained and rules.encode(segment, True) == c
        assert rules.segments(None, text) == [segment]
    with pytest.raises(ValueError, match="not a bridge action code"):
        rules.decode(DECK_SIZE)


def named(text: str) -> set[str]:
    return set(text.replace(":", " ").replace(",", " ").split()) & CODES


def check_views(state, pos) -> None:
    """The current view names the player's hand, dummy's once the lead is made and the trick in
    progress only; the information state only cards the player was shown."""
    lead = bool(pos.trick) or sum(pos.tricks) > 0
    for p in range(4):
        allowed = pos.hands[p] | sum(1 << c for c in pos.trick)
        if pos.declarer is not None and lead:
            allowed |= pos.hands[pos.dummy]
        assert named(state.observation_string(p)) <= {card_code(c) for c in cards_of(allowed)}, p
        assert named(state.information_state_string(p)) <= {card_code(c) for c in state.now.seen[p]}
        if pos.declarer is not None and lead:
            assert set(bridge.codes(pos.hands[pos.dummy])) <= named(state.observation_string(p))
        tensor = state.observation_tensor(p)
        assert [c for c in range(DECK_SIZE) if tensor[c]] == sorted(cards_of(pos.hands[p]))


def check_start(state, pos) -> None:
    assert list(pos.hands) == [sum(1 << c for c in state.now.dealt[13 * i:13 * i + 13]) for i in range(4)]
    assert pos.validate() is pos and not pos.trick and pos.tricks == (0, 0)


@pytest.mark.parametrize("declarer,strain", [("S", "NT"), ("N", "S"), ("W", "D"), ("none", "NT")])
def test_random_games_match_the_model_step_by_step(declarer, strain):
    game = load(declarer, strain)
    for seed in range(2):
        steps, chances = play_against_model(pyspiel, game, bridge, f"{declarer} {strain} {seed}", check_views,
                                            check_start, chooser=lambda pos: pos.controller(pos.to_move))
        assert steps == DECK_SIZE and chances == 0


def test_declarer_chooses_dummys_cards_and_dummy_never_acts():
    for declarer, dummy in (("S", 0), ("E", 3)):
        movers = set()
        for state in random_states(load(declarer), declarer):
            movers.add(state.current_player())
            if state.now.state.to_move == dummy:
                assert state.current_player() == dummy ^ 2
        assert dummy not in movers and len(movers) == 3
    assert {s.current_player() for s in random_states(load("none"), "n")} == {0, 1, 2, 3}


def test_dummy_is_face_up_to_all_once_the_lead_is_made_and_not_before():
    state = load("S").new_initial_state()
    deal(state, random.Random(5))
    north = bridge.codes(state.now.state.hands[0])
    assert state.current_player() == 3  # West, on declarer's left, leads
    assert all(not set(north) & named(state.information_state_string(p)) for p in (1, 2, 3))
    state.apply_action(state.legal_actions()[0])
    for p in (1, 2, 3):
        assert set(north) <= named(state.information_state_string(p)) and set(north) <= named(state.observation_string(p))
    assert state.current_player() == 2 and "N to play, S chooses" in state.observation_string(2)


def test_returns_are_zero_sum_per_side_the_tricks_won_less_the_tricks_lost():
    for seed in range(3):
        rng = random.Random(seed)
        state = load("E", "S").new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0] * 4
            outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
            state.apply_action(rng.choice(outcomes)[0])
        ns, ew = state.now.state.tricks
        assert ns + ew == 13
        assert state.returns() == [(ns - ew) / 13, (ew - ns) / 13] * 2
        assert len(state.history()) == 104


@pytest.mark.parametrize("declarer", ["S", "none"])
def test_the_information_state_contract_through_resampling(declarer):
    check_contract(pyspiel, load(declarer), [f"{declarer} {seed}" for seed in range(2)], every=4, limit=52)


def test_the_information_state_tensor_has_perfect_recall():
    assert check_perfect_recall(load("W", "H"), ["a", "b"], every=2) > 100


def test_games_pickle_and_an_illegal_action_is_named():
    game = load("N", "D")
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = next(random_states(game, "x"))
    wrong = next(c for c in range(DECK_SIZE) if c not in state.legal_actions())
    with pytest.raises(Exception, match=rf"action {wrong} \({card_code(wrong)}\) is not legal here"):
        state.apply_action(wrong)


def test_mcts_and_ismcts_play():
    # North declares: player 0 chooses its own cards and dummy South's.
    played = run_bots(pyspiel, load("N"), range(1), simulations=4, searches=6)
    assert len(played) == 2 and all(sum(r) == pytest.approx(0) and done == 6 for r, done in played)
