"""arbiter_realms in OpenSpiel: OpenSpiel's own API test, seeded random games (with mid-game
chance: shuffled draws, the Troll's steal) checked state by state against the Realms model's steps,
the information-state contract (resampling; the Tree's pile is seen only once searched), perfect
recall, the chance-node bound, and OpenSpiel's MCTS and ISMCTS bots."""

import pickle
import random

import pytest
from arbiter.model import realms
from arbiter.model.realms.cards import TREE, card_code, cards_of
from extras import need
from spiel_engine import check_contract, check_perfect_recall, play_against_model, random_states, run_bots

pyspiel = need("pyspiel", "openspiel")
openspiel = need("arbiter.adapters.openspiel", "openspiel")
from arbiter.adapters.openspiel.realms import CARDS, decode, encode


def load(players: int, target: int = 30, ruleset: str = "default"):
    return pyspiel.load_game("arbiter_realms", {"players": players, "target": target, "ruleset": ruleset})


@pytest.mark.parametrize("players,target", [(2, 100), (3, 30), (4, 30), (6, 20)])
def test_random_sim_test(players, target):
    pyspiel.random_sim_test(load(players, target), num_sims=2, serialize=True, verbose=False)


def test_parameters_are_checked():
    with pytest.raises(Exception, match="players must be 2 to 6"):
        load(7)
    with pytest.raises(Exception, match="target must be"):
        load(2, 105)
    with pytest.raises(Exception, match="bad ruleset"):
        load(2, 30, "default,recycle=sometimes")
    game = pyspiel.load_game("arbiter_realms")
    assert game.get_parameters()["target"] == 100 and game.max_chance_outcomes() == CARDS + 1


def test_action_codes_round_trip_for_every_legal_move():
    seen = set()
    for seed in range(20):
        for before, what, _ in realms.random_game(2, seed):
            for m in realms.legal_moves(before):
                assert decode(encode(m)) == m
                seen.add(encode(m))
    assert len(seen) > 100


def words(text: str) -> set[str]:
    return set(text.replace("=", " ").replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split())


def check_views(state, pos) -> None:
    """The current view names only the player's hand, the trick and the discard pile (and, to a
    Tree's player searching, the pile); the information state only cards the player was shown."""
    codes = {card_code(c) for c in range(CARDS)}
    searching = len(getattr(state.now.state, "taken", ()))
    for p in range(pos.players):
        allowed = pos.hands[p] | pos.discard | pos.trick_mask()
        for play in pos.trick:
            if play and play[0] != TREE and play[1] is not None and realms.game.choice_kind(play[0], False) == "card":
                allowed |= 1 << play[1]
        if searching:
            allowed |= 1 << TREE  # played, its player searching the pile (which only that player sees)
            allowed |= pos.pile() if pos.to_move == p else 0
        named = words(state.observation_string(p)) & codes
        assert named <= {card_code(c) for c in cards_of(allowed)}, f"player {p} sees {named}"
        assert words(state.information_state_string(p)) & codes <= {card_code(c) for c in state.now.seen[p]}
        tensor = state.observation_tensor(p)
        assert [c for c in range(CARDS) if tensor[c]] == sorted(cards_of(pos.hands[p]))


def check_start(state, pos) -> None:
    n = pos.players
    assert [pos.hands[i] for i in range(n)] == [sum(1 << c for c in state.now.dealt[7 * i:7 * i + 7]) for i in range(n)]
    assert pos.draw == tuple(state.now.dealt[7 * n:]) and pos.validate() is pos and pos.phase == "ruling"


@pytest.mark.parametrize("players,target", [(2, 100), (3, 50), (4, 30)])
def test_random_games_match_the_model_step_by_step(players, target):
    game = load(players, target)
    chances = 0
    for seed in range(3):
        steps, k = play_against_model(pyspiel, game, realms, f"{players} {seed}", check_views, check_start)
        assert steps > 0
        chances += k
    assert chances > 0  # the games met mid-game chance nodes (shuffled draws, steals)


def test_the_tree_shows_its_player_the_pile_only_once_played():
    """Issue 29: the Tree's actions TRE=X listed the draw pile's cards before the Tree was played.
    Now TRE ... is one action; only then does its player see the pile and choose."""
    game = load(2, 100)
    state = game.new_initial_state()
    for c in range(CARDS):
        state.apply_action(c)
    pos = realms.parse_position("realms default phase=play round=1 dealer=1 leader=0 ruling=red scores=0,0 "
                                "| trick - | hands TRE R5 / B5 YDr | draw R1 G2 | shuffled - | discard -")
    state.now = type(state.now)(None, start=pos, state=pos, seen=state.now.seen)
    state._options = None
    texts = sorted(state.action_to_string(0, a) for a in state.legal_actions())
    assert texts == ["R5", "TRE ..."]
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(0, a) == "TRE ..."))
    assert sorted(state.action_to_string(0, a) for a in state.legal_actions()) == ["TRE=G2", "TRE=R1"]
    assert "sees the draw pile: R1 G2" in state.information_state_string(0)
    assert "R1" not in state.information_state_string(1) and "draw pile R1 G2" in state.observation_string(0)
    state.apply_action(encode(realms.Move(TREE, realms.parse_card("G2"))))
    assert "TRE=?" in state.information_state_string(1) and "G2" not in state.information_state_string(1)


def test_a_shuffled_draw_and_a_steal_are_chance_nodes():
    """Mid-game chance: after a reshuffle the next draw, after a Troll the steal."""
    kinds = set()
    for seed in range(40):
        for before, what, _ in realms.random_game(2, seed):
            if before.phase in ("draw", "steal"):
                kinds.add(before.phase)
        if kinds == {"draw", "steal"}:
            break
    assert kinds == {"draw", "steal"}
    game = load(2, 100)
    state = game.new_initial_state()
    for c in range(CARDS):
        state.apply_action(c)
    pos = realms.parse_position(realms.format_text(state.now.state))
    pos = type(pos)(**{**pos.__dict__, "phase": "draw", "shuffled": pos.pile(), "draw": (),
                       "hands": (pos.hands[0] & -pos.hands[0] ^ pos.hands[0], pos.hands[1])})
    state.now = type(state.now)(None, start=pos, state=pos, seen=state.now.seen)
    state._options = None
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == sorted(cards_of(pos.shuffled))
    label = state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
    assert label.startswith("player 0 draws ")
    state.apply_action(outcomes[0][0])
    assert "draws a card" in state.information_state_string(1) and label[-3:] not in state.information_state_string(1)


@pytest.mark.parametrize("players,target", [(2, 40), (3, 30)])
def test_the_information_state_contract_through_resampling(players, target):
    check_contract(pyspiel, load(players, target), [f"{players} {seed}" for seed in range(3)], every=3, limit=60)


def test_the_information_state_tensor_has_perfect_recall():
    assert check_perfect_recall(load(3, 30), ["a", "b", "c"], every=2) > 50


@pytest.mark.parametrize("players,target", [(2, 100), (4, 50), (6, 30)])
def test_the_chance_nodes_and_the_history_stay_within_the_bounds(players, target):
    """Issue 29: random games hit the chance-node bound pyspiel assumed (as many as the decisions)."""
    game = load(players, target)
    assert game.max_chance_nodes_in_history() > CARDS
    most = 0
    for seed in range(3):
        rng = random.Random(seed)
        state, chances = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                chances += 1
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert chances <= game.max_chance_nodes_in_history()
        assert len(state.history()) - chances <= game.max_game_length()
        most = max(most, chances)
    assert most > CARDS


def test_games_pickle_and_an_illegal_action_is_named():
    game = load(3, 30)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = next(random_states(game, "x"))
    with pytest.raises(Exception, match=r"action 4 \(pass\) is not legal here"):
        state.apply_action(4)


def test_mcts_and_ismcts_play():
    played = run_bots(pyspiel, load(2, 20), range(2), simulations=5)
    assert len(played) == 4 and all(sum(r) == pytest.approx(0) and done > 0 for r, done in played)
