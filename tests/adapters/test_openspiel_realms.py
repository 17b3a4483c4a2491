"""arbiter_realms in OpenSpiel: OpenSpiel's own API test, and seeded random games (with mid-game
chance: shuffled draws, the Troll's steal) checked state by state against the Realms model."""

import pytest
from arbiter.model import realms
from arbiter.model.realms.cards import TREE, card_code, cards_of
from extras import need
from spiel_engine import play_against_engine

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
    return set(text.replace("=", " ").replace(",", " ").split())


def check_views(state, pos) -> None:
    """The current view names only the player's hand, the trick (no Tree's card) and the discard
    pile; no view ever names a card of the draw pile's dealt order (nobody has seen those)."""
    never = {card_code(c) for c in pos.draw}
    for p in range(pos.players):
        allowed = pos.hands[p] | pos.discard | pos.trick_mask()
        for play in pos.trick:
            if play and play[0] != TREE and play[1] is not None and realms.game.choice_kind(play[0], False) == "card":
                allowed |= 1 << play[1]
        obs = state.observation_string(p)
        named = words(obs) & {card_code(c) for c in range(CARDS)}
        assert named <= {card_code(c) for c in cards_of(allowed)}, f"player {p} sees {named}"
        assert not words(state.information_state_string(p)) & never
        tensor = state.observation_tensor(p)
        assert [c for c in range(CARDS) if tensor[c]] == sorted(cards_of(pos.hands[p]))


def check_start(state, pos) -> None:
    n = pos.players
    assert [pos.hands[i] for i in range(n)] == [sum(1 << c for c in state.dealt[7 * i:7 * i + 7]) for i in range(n)]
    assert pos.draw == tuple(state.dealt[7 * n:]) and pos.validate() is pos and pos.phase == "ruling"


@pytest.mark.parametrize("players,target", [(2, 100), (3, 50), (4, 30)])
def test_random_games_match_the_engine(players, target):
    game = load(players, target)
    chances = 0
    for seed in range(3):
        moves, k = play_against_engine(pyspiel, game, realms, f"{players} {seed}", check_views, check_start)
        assert moves > 0
        chances += k
    assert chances > 0  # the games met mid-game chance nodes (shuffled draws, steals)


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
    pos = realms.parse_position(realms.format_text(state.pos))
    state.pos = type(pos)(**{**pos.__dict__, "phase": "draw", "shuffled": pos.pile(), "draw": (),
                             "hands": (pos.hands[0] & -pos.hands[0] ^ pos.hands[0], pos.hands[1])})
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sorted(a for a, _ in outcomes) == sorted(cards_of(state.pos.shuffled))
    label = state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
    assert label.startswith("player 0 draws ")
    state.apply_action(outcomes[0][0])
    assert "draws a card" in state.information_state_string(1) and label[-3:] not in state.information_state_string(1)
