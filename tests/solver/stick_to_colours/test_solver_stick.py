"""The Stick to Colours endgame solver: it agrees with plain brute-force minimax on small endgames
(Hypothesis), its principal line keeps the value, limits give "unknown", and the puzzles of
examples/puzzles/stick-to-colours are solved as their files say (and as argued by hand)."""

import json
import random
from pathlib import Path

import pytest
from arbiter.model.stick_to_colours import (
    DEFAULT,
    PositionError,
    apply,
    card_code,
    deal,
    legal_moves,
    position_from_json,
    position_to_json,
    successors,
)
from arbiter.solver.stick_to_colours import brute_force, core, margin, solve
from hypothesis import given, settings
from hypothesis import strategies as st

PUZZLES = sorted((Path(__file__).resolve().parents[3] / "examples" / "puzzles" / "stick-to-colours").glob("*.json"))


def small_endgame(players: int, seed: int, market: int, deck: int, ruleset=DEFAULT):
    """A late position with small hands: 2 cards each (and the bot), a short market and deck."""
    full = deal(players, seed, ruleset)
    cards = [c for c in full.deck]
    rng = random.Random(seed)
    obj = position_to_json(full)
    codes = [card_code(c) for c in cards]
    rng.shuffle(codes)
    obj["market"] = [{"card": c} for c in codes[:market]]
    obj["deck"] = codes[market:market + deck]
    obj["discard"] = codes[market + deck:]
    obj["dealer"] = rng.randrange(players)
    return position_from_json(obj)


def later(size: tuple[int, int, int], seed: int, ruleset: str, steps: int):
    """``small_endgame`` of ``size`` (players, market cards, deck cards) after ``steps`` random decisions (mid-auction, tokens on the market), or None
    when the game ends first."""
    players, market, deck = size
    pos = small_endgame(players, seed, market, deck, DEFAULT.parse(ruleset))
    rng = random.Random(seed)
    for _ in range(steps):
        if pos.is_over:
            return None
        pos = rng.choice(successors(pos))[1]
    return None if pos.is_over else pos


def endgame(players: int, seed: int, left: int, ruleset=DEFAULT):
    rng = random.Random(seed)
    pos = deal(players, seed, ruleset)
    while len(pos.deck) + len(pos.market) > left and not pos.is_over:
        pos = rng.choice(successors(pos))[1]
    return pos


RULESETS = ["default", "default,bid=count", "default,raise_by=one", "default,two_player=no_bot",
            "default,pass_final=false", "default,who_bids=anyone", "default,hand_refusals=any",
            "default,market_clear=cumulative", "default,runs=ascending", "default,sharing=one_set",
            "default,run_split=layered", "default,deck=46"]


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([(2, 1), (2, 2), (3, 1)]), st.integers(0, 10**6), st.sampled_from(RULESETS))
def test_solver_agrees_with_brute_force(size, seed, ruleset):
    players, market = size
    _agree(small_endgame(players, seed, market, 1, DEFAULT.parse(ruleset)), each_move=False)


@settings(max_examples=8, deadline=None)
@given(st.sampled_from([(2, 2, 0), (3, 2, 0), (4, 1, 1), (3, 1, 1)]), st.integers(0, 10**6),
       st.sampled_from(RULESETS), st.integers(0, 3))
def test_solver_agrees_with_brute_force_within_the_game(size, seed, ruleset, steps):
    """Also from positions some random decisions later (mid-auction, tokens on the market)."""
    pos = later(size, seed, ruleset, steps)
    if pos is not None:
        _agree(pos, each_move=True)


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6), st.sampled_from(RULESETS))
def test_solver_agrees_with_brute_force_on_every_move(players, seed, ruleset):
    _agree(small_endgame(players, seed, 1, 1, DEFAULT.parse(ruleset)), each_move=True)


def _agree(pos, each_move: bool):
    if pos.is_over:
        return
    result = solve(pos)
    assert result.solved and result.margin == brute_force(pos)
    for m in result.moves if each_move else ():
        assert m.margin == brute_force(apply(pos, m.move), pos.to_move)


@pytest.mark.parametrize("engine", ["python", "c"])
@pytest.mark.parametrize("ruleset", ["default", "default,two_player=no_bot", "default,pass_final=false",
                                     "default,market_clear=cumulative", "default,who_bids=anyone"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tight_bounds_give_the_plain_values(players, ruleset, engine):
    """Every decision's margin and the principal line with the tight bounds equal the plain bounds' on
    seeded endgames of 3-6 cards (far more positions than brute force reaches), in both engines; the
    tight bounds never search more nodes, and under the default reading fewer (under ``who_bids=anyone``
    they are the plain ones)."""
    if engine == "c" and core.MISSING:
        pytest.skip(core.MISSING)
    rules = DEFAULT.parse(ruleset)
    nodes = {True: 0, False: 0}
    for seed in range(4):
        pos = endgame(players, 11 * seed + 1, (6, 5, 4)[players - 2] - (engine == "python"), rules)
        if pos.is_over:
            continue
        got = {}
        for tight in (True, False):
            r = solve(pos, engine=engine, tight=tight)
            got[tight] = (r.margin, [(m.move, m.margin) for m in r.moves], r.line)
            nodes[tight] += r.nodes
        assert got[True] == got[False], str(pos)
    assert nodes[True] < nodes[False] if ruleset == "default" else nodes[True] <= nodes[False], nodes


def test_the_principal_line_reaches_the_solved_margin():
    pos = next(p for seed in range(50) if not (p := endgame(3, seed, 3)).is_over)
    result = solve(pos)
    end = pos
    for move in result.line:
        end = apply(end, move)
    assert end.is_over and margin(end, pos.to_move) == result.margin
    assert result.line[0] in result.best_moves


def test_limits_give_unknown_with_partial_work():
    result = solve(endgame(3, 4, 4), max_nodes=5)
    assert result.result == "unknown" and result.margin is None and result.stopped
    assert all(m.margin is not None for m in result.moves)


def test_unsolvable_positions_are_refused():
    with pytest.raises(PositionError, match="need not end"):
        solve(deal(3, 0, DEFAULT.with_switches(market_clear="never")))


def test_every_bid_is_searched_once():
    pos = endgame(3, 4, 4)
    texts = [str(m) for m in legal_moves(pos)]
    assert len(texts) == len(set(texts)) == len(solve(pos).moves)


def test_there_are_at_least_six_puzzles():
    assert len(PUZZLES) >= 6


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_puzzle(path):
    puzzle = json.loads(path.read_text())
    pos = position_from_json(puzzle["position"])
    result = solve(pos)
    assert {"outcome": result.outcome, "margin": result.margin, "best_moves": result.best_moves} == puzzle["answer"]


# The hand argument of three puzzles: the dealer puts the card up refusing the other market card, the
# next player supports it and raises with a worthless hand card, and the dealer can go on only by
# refusing the cards he wanted the set for.
HAND_CHECKED = [("01-a-worthless-card-outbids-the-seven", "auction R7 refuse B1", "bid refuse B1:q0 hand R1", "B7"),
                ("03-the-bot-and-the-nine", "auction B9 refuse R2", "bid refuse R2:q0 hand B7", "R9"),
                ("06-two-players-without-the-bot", "auction G7 refuse B4", "bid refuse B4:q0 hand G8", "R7")]


@pytest.mark.parametrize("name, auction, answer, own", HAND_CHECKED)
def test_puzzle_by_hand(name, auction, answer, own):
    pos = position_from_json(json.loads((PUZZLES[0].parent / f"{name}.json").read_text())["position"])
    after = apply(apply(pos, auction), answer)
    while after.to_move != pos.to_move:
        after = apply(after, "pass")
    assert all(own in str(m) for m in legal_moves(after) if str(m) != "pass")


def brute_worths(pos) -> dict[str, int | None]:
    """Card values in refusals from their definition, on brute-force margins: for each card the mover
    may bid for, the largest bid level among the decisions bidding for it whose margin is at least that
    of every decision not bidding for it (the level read off the auction the decision leaves, where it
    goes on)."""
    p = pos.to_move
    rows = []
    for m in legal_moves(pos):
        after = apply(pos, m)
        value = brute_force(after, p)
        if m.kind == "pass":
            rows.append((None, None, value))
            continue
        card = m.lot[:2] if m.kind == "auction" else str(pos.auction.lot)[:2]
        earlier = 0 if m.kind == "auction" else (sum(1 for s in pos.market if s.q >> p & 1)
                                                 + sum(pos.auction.refused[p]))
        level = earlier + len(m.market) + len(m.hand)
        if after.auction is not None and after.auction.leader == p:
            assert after.auction.high == level
        rows.append((card, level, value))
    out = {}
    for card in {c for c, _, _ in rows if c is not None}:
        without = max(v for c, _, v in rows if c != card)
        levels = [k for c, k, v in rows if c == card and v >= without]
        out[card] = max(levels) if levels else None
    return out


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([(2, 2, 0), (3, 2, 0), (3, 1, 1), (2, 1, 1)]), st.integers(0, 10**6),
       st.sampled_from(RULESETS), st.integers(0, 3))
def test_card_values_in_refusals_agree_with_their_brute_force_definition(size, seed, ruleset, steps):
    pos = later(size, seed, ruleset, steps)
    if pos is not None:
        assert {w.card: w.refusals for w in solve(pos).card_values} == brute_worths(pos)


def test_a_card_is_worth_more_refusals_when_the_rival_wants_it():
    """Puzzle 01 after the dealer put R7 up refusing B1: player 1 passing lets the dealer take R7 (margin
    -6), so a raise to 2 refusals (B1 and a worthless hand card) is worth it."""
    pos = position_from_json(json.loads(PUZZLES[0].read_text())["position"])
    after = apply(pos, "auction R7 refuse B1")
    (worth,) = solve(after).card_values
    assert (worth.card, worth.refusals, worth.bid_margin, worth.without_margin) == ("R7", 2, 0, -6)
