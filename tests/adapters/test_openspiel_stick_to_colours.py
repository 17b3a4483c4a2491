"""arbiter_stick_to_colours in OpenSpiel: OpenSpiel's own API test, seeded random games checked state
by state against the model's steps (the 2-player game with the bot included), the information-state
contract (resampling; the market's refills are in it), perfect recall and the bots."""

import pickle

import pytest
from arbiter.model import stick_to_colours as stc
from arbiter.model.stick_to_colours.cards import KINDS, card_code, cards_of
from extras import need
from spiel_engine import check_contract, check_perfect_recall, play_against_model, random_states, run_bots

pyspiel = need("pyspiel", "openspiel")
openspiel = need("arbiter.adapters.openspiel", "openspiel")
from arbiter.adapters.openspiel.game import zero_sum
from arbiter.adapters.openspiel.stick_to_colours import Code, segments


def load(players: int, ruleset: str = "default"):
    return pyspiel.load_game("arbiter_stick_to_colours", {"players": players, "ruleset": ruleset})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players):
    pyspiel.random_sim_test(load(players), num_sims=2, serialize=True, verbose=False)


def test_parameters_are_checked():
    with pytest.raises(Exception, match="players must be 2 to 4"):
        load(5)
    with pytest.raises(Exception, match="bad ruleset"):
        load(3, "default,bid=sometimes")
    with pytest.raises(Exception, match="market_clear=never"):
        load(3, "default,market_clear=never")
    assert load(2, "default,two_player=no_bot").num_players() == 2


def test_action_codes_round_trip():
    code = Code(3)
    for k in range(code.size):
        seg, _, chained = code.decode(k)
        assert code.encode(seg, last=not chained) == k


def check_views(state, pos) -> None:
    """The current view names only the player's own cards, the market, the lot and their own hand
    refusals; the others' hand refusals and the bot's cards are counts."""
    codes = {card_code(c) for c in range(KINDS)}
    for p in range(pos.players):
        allowed = set(cards_of(pos.hands[p])) | {s.card for s in pos.market}
        if pos.auction:
            allowed |= {pos.auction.lot.card} | set(cards_of(pos.auction.refused[p]))
        obs = state.observation_string(p)
        named = {w.partition(":")[0] for w in obs.replace(",", " ").split()} & codes
        assert named <= {card_code(c) for c in allowed}, f"player {p} sees {named}"
        tensor = state.observation_tensor(p)
        assert [tensor[c] * 2 for c in range(KINDS)] == list(pos.hands[p])


def check_start(state, pos) -> None:
    assert pos.all_cards() == stc.game.deck_counts(pos.ruleset)
    assert list(pos.deck) == list(state.now.dealt[len(state.now.dealt) - len(pos.deck):])


@pytest.mark.parametrize("players,ruleset", [(2, "default"), (3, "default"), (4, "default"),
                                             (2, "default,two_player=no_bot")])
def test_random_games_match_the_model_step_by_step(players, ruleset):
    game = load(players, ruleset)
    for seed in range(2):  # a whole game with 2 players; the first decisions with more (each spelt out)
        steps, chances = play_against_model(pyspiel, game, stc, f"{players} {ruleset} {seed}", check_views, check_start,
                                            limit={2: None, 3: 40}.get(players, 12))
        assert steps > 0 and chances == 0  # the deck's order is all dealt at the start


def test_a_decision_is_cut_into_head_refusals_and_end():
    move = stc.Move("auction", "R5", ("B3", "B3"), ("G1",))
    assert segments(move) == [("auction", "R5"), ("refuse", "B3"), ("refuse", "B3"), ("hand", "G1"), ("end",)]
    assert segments(stc.Move("pass")) == [("pass",)]


def test_shared_wins_split_and_a_bot_win_is_a_draw():
    assert zero_sum(3, [0, 2]) == [0.5, -1.0, 0.5]
    assert zero_sum(3, [1]) == [-0.5, 1.0, -0.5]
    assert zero_sum(2, []) == [0.0, 0.0] == zero_sum(2, [0, 1])


def test_the_market_refills_are_in_the_information_state():
    """Issue 29: two states with the same information string for player 1 held RJ and GJ on the
    market. The refill is now shown to every player, in the information state."""
    game = load(3)
    for state in random_states(game, "refill"):
        if "refill" in state.information_state_string(1):
            line = next(x for x in state.information_state_string(1).splitlines() if "refill" in x)
            assert line.partition("refill ")[2].split()[0] in {card_code(c) for c in range(KINDS)}
            return
    raise AssertionError("no refill in a whole game")


@pytest.mark.parametrize("players", [2, 3])
def test_the_information_state_contract_through_resampling(players):
    check_contract(pyspiel, load(players), [f"{players} {seed}" for seed in range(2)], every=9, limit=160)


def test_the_information_state_tensor_has_perfect_recall():
    assert check_perfect_recall(load(2), ["a", "b"], every=3) > 50


def test_games_pickle_and_an_illegal_action_is_named():
    game = load(3)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = next(random_states(game, "x"))
    with pytest.raises(Exception, match=r"action 1 \(end\) is not legal here"):
        state.apply_action(1)


def test_mcts_and_ismcts_play():
    played = run_bots(pyspiel, load(2), range(1), simulations=3, searches=4)
    assert len(played) == 2 and all(done > 0 for _, done in played)
