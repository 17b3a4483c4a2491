"""The interaction finder: every witness replays through the solver under each reading, the
never-wins counts match a brute force, the cache and the seed behave."""

import math
from dataclasses import replace

import pytest
from arbiter.model.red7.cards import cards_of, parse_card
from arbiter.model.red7.notation import position_from_json
from arbiter.model.red7.ruleset import SWITCHES, Ruleset
from arbiter.proofs.cache import Cache
from arbiter.proofs.red7 import interactions as I
from arbiter.solver.red7 import solve
from arbiter.solver.red7.reference import memo_winner, successors

TINY = I.Scope("tiny", pool=4, hands=(1,), palettes=(1,), limit=10_000, actions=60, pairs=25, max_nodes=20_000)
TINY2 = replace(TINY, name="tiny2", pairs=20)
STUB = {"red": ["R1"]}


@pytest.fixture(scope="module")
def tiny():
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(I.SCOPES, "tiny", TINY)
        mp.setitem(I.SCOPES, "tiny2", TINY2)
        mp.setattr(I, "_never_decides", lambda: STUB)
        yield I.find("tiny", 3).data


def test_json_shape(tiny):
    assert list(tiny) == ["never_decides", "scope", "seed", "never_wins", "never_needed", "switch_pairs"]
    assert tiny["never_decides"] == STUB and tiny["seed"] == 3 and tiny["scope"]["name"] == "tiny"
    assert tiny["never_wins"]["how"] == "exhaustive" and tiny["never_wins"]["positions"] == 7 * 24
    assert [q["preset"] for q in tiny["never_needed"]] == ["basic", "actions"]
    assert {k["kind"] for k in tiny["never_needed"][1]["kinds"]} >= {"Action 1", "Action 3", "Action 5", "Action 7"}
    in_a_round = [s for s in SWITCHES if s not in I.ROUND_END_SWITCHES]
    assert tiny["switch_pairs"]["pairs_checked"] == math.comb(len(in_a_round), 2)


def _brute_live(pos, memo) -> set[int]:
    """The mover's hand cards played or discarded on some line where player 0 keeps a forced win,
    by plain minimax over the reference rules."""
    live: set[int] = set()

    def walk(p):
        for child in successors(p):
            if p.to_move == 0:
                if memo_winner(child, memo) != 0:
                    continue
                live.update(cards_of(p.hands[0] & ~child.hands[0]))
            walk(child)

    if memo_winner(pos, memo) == 0:
        walk(pos)
    return live


def test_never_wins_counts_match_brute_force(tiny):
    pool, positions, _ = I.basic_positions(TINY, 3)
    memo: dict = {}
    wins = dict.fromkeys(pool, 0)
    for pos in positions:
        for c in _brute_live(pos, memo):
            wins[c] += 1
    found = {parse_card(c["card"]): c["wins"] for c in tiny["never_wins"]["cards"]}
    assert found == wins
    never = {parse_card(c) for c in tiny["never_wins"]["never_wins"]}
    assert never == {c for c in pool if not wins[c]}


def test_never_wins_claim_against_brute_force_on_samples():
    """A card of a never-wins claim is dead in every sampled position holding it (the brute force)."""
    scope = replace(TINY, pool=5, hands=(1, 2), limit=40)
    never, _ = I.never_wins_and_basic_kinds(scope, 0, lambda _m: None)
    _, positions, _ = I.basic_positions(scope, 0)
    memo: dict = {}
    for rule, cards in never["never_wins_by_rule"].items():
        for code in cards:
            c = parse_card(code)
            for pos in positions:
                if I.COLOUR_NAMES[pos.rule] == rule and pos.hands[0] >> c & 1:
                    assert c not in _brute_live(pos, memo)


def test_card_witnesses_replay(tiny):
    for card in tiny["never_wins"]["cards"]:
        if "witness" in card:
            result = solve(position_from_json(card["witness"]["position"]))
            assert result.winner == 0 and card["card"] not in result.dead_cards


def test_kind_witnesses_replay(tiny):
    for q in tiny["never_needed"]:
        for k in q["kinds"]:
            if "witness" not in k:
                assert k["needed"] == 0 and k["kind"] in q["never_needed"]
                continue
            pos = position_from_json(k["witness"]["position"])
            result = solve(pos)
            assert result.winning_moves == k["witness"]["winning_moves"]
            assert all(k["kind"] in I.kinds(m, pos.ruleset.actions) for m in result.winning_moves)


def test_pair_witnesses_replay(tiny):
    assert tiny["switch_pairs"]["pairs"]
    for p in tiny["switch_pairs"]["pairs"]:
        a, b = p["switches"]
        pos = position_from_json(p["witness"]["position"])
        values = []
        for o in p["witness"]["outcomes"]:
            rs = Ruleset.from_json(o["ruleset"])
            assert (getattr(rs, a), getattr(rs, b)) == (o[a], o[b])
            result = solve(replace(pos, ruleset=rs), full=False)
            assert (result.winner, result.points) == (o["winner"], o["points"])
            values.append((o["winner"], o["points"]))
        assert I.interacts(*values)
        assert p["gated"] == I.gated(a, b, I.pair_base(a, b))


def test_interacts_definition():
    assert not I.interacts(0, 0, 0, 0)
    assert not I.interacts(0, 1, 0, 1)  # A alone explains
    assert not I.interacts(0, 0, 1, 1)  # B alone explains
    assert I.interacts(0, 0, 0, 1)  # only both together change it
    assert I.interacts(0, 1, 1, 1)  # either one suffices


def test_kinds_of_turns():
    assert I.kinds("discard B2", False) == {I.DISCARD_ONLY}
    assert I.kinds("play R5 discard B2", False) == {I.PLAY_AND_DISCARD}
    assert I.kinds("play R5 play O3 draw", True) == {I.PLAY_ONLY, "Action 5", "Action 3"}
    assert I.kinds("play R7 canvas B2", True) == {I.PLAY_ONLY, "Action 7"}


def test_cache_used_then_invalidated_by_scope(tmp_path, monkeypatch):
    monkeypatch.setitem(I.SCOPES, "tiny", TINY)
    monkeypatch.setitem(I.SCOPES, "tiny2", TINY2)
    monkeypatch.setattr(I, "_never_decides", lambda: STUB)
    cache = Cache(tmp_path)
    first = I.find("tiny", 1, cache)
    assert not first.cached

    def boom(*_args):
        raise AssertionError("recomputed despite the cache")

    monkeypatch.setattr(I, "compute", boom)
    monkeypatch.setattr(I, "_never_decides", boom)
    second = I.find("tiny", 1, cache)
    assert second.cached and second.data == first.data
    with pytest.raises(AssertionError, match="recomputed"):
        I.find("tiny2", 1, cache)
    with pytest.raises(AssertionError, match="recomputed"):
        I.find("tiny", 1, cache, refresh=True)


def test_deterministic_for_a_seed(tiny, monkeypatch):
    monkeypatch.setitem(I.SCOPES, "tiny", TINY)
    monkeypatch.setattr(I, "_never_decides", lambda: STUB)
    assert I.find("tiny", 3).data == tiny
    assert I.basic_positions(TINY, 4)[0] != I.basic_positions(TINY, 3)[0]
