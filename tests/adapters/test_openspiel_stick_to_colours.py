"""arbiter_stick_to_colours in OpenSpiel: OpenSpiel's own API test, and seeded random games checked
state by state against the Stick to Colours model (the 2-player game with the bot included)."""

import pytest
from arbiter.model import stick_to_colours as stc
from arbiter.model.stick_to_colours.cards import KINDS, card_code, cards_of
from extras import need
from spiel_engine import play_against_engine

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
    assert list(pos.deck) == state.dealt[len(state.dealt) - len(pos.deck):]


@pytest.mark.parametrize("players,ruleset", [(2, "default"), (3, "default"), (4, "default"),
                                             (2, "default,two_player=no_bot")])
def test_random_games_match_the_engine(players, ruleset):
    game = load(players, ruleset)
    for seed in range(2):
        moves, chances = play_against_engine(pyspiel, game, stc, f"{players} {ruleset} {seed}", check_views, check_start)
        assert moves > 0 and chances == 0  # the deck's order is all dealt at the start


def test_a_decision_is_cut_into_head_refusals_and_end():
    move = stc.Move("auction", "R5", ("B3", "B3"), ("G1",))
    assert segments(move) == [("auction", "R5"), ("refuse", "B3"), ("refuse", "B3"), ("hand", "G1"), ("end",)]
    assert segments(stc.Move("pass")) == [("pass",)]


def test_shared_wins_split_and_a_bot_win_is_a_draw():
    assert zero_sum(3, [0, 2]) == [0.5, -1.0, 0.5]
    assert zero_sum(3, [1]) == [-0.5, 1.0, -0.5]
    assert zero_sum(2, []) == [0.0, 0.0] == zero_sum(2, [0, 1])
