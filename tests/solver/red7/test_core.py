"""The compiled search core against the pure-Python search it re-implements: the same children in
the same order, the same answers and the same node counts under every preset and reading switch;
limits, Ctrl-C, memory, and the choice of engine (with its reason) in ``solve --json``."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from arbiter.cli.main import cli
from arbiter.model.red7.game import Position, deal
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import ACTIONS, ADVANCED, BASIC, Ruleset
from arbiter.solver.red7 import Red7Game, core, solve
from arbiter.solver.red7.game import ORDER_FROM, endgames_hold
from arbiter.solver.search import PURE_PYTHON_ENV, Budget, Search, Table
from click.testing import CliRunner
from hypothesis import given, settings
from solver_positions import first_turns_agree, small_positions
from test_solver_red7 import ACTION_RULESETS, FAST_RULESETS

RULESETS = FAST_RULESETS + ACTION_RULESETS  # every switch value the core takes, at least once
WON = "red 0 | B5 G2 V1 / Y6 | R4 / R6"


def answers(result):
    """Everything a solve reports but the clock and the engine."""
    obj = result.to_json()
    for k in ("seconds", "engine", "engine_reason"):
        obj.pop(k)
    return obj


def both(pos: Position, **kw):
    c, py = solve(pos, engine="c", **kw), solve(pos, engine="python", **kw)
    assert (c.engine, py.engine) == ("c", "python")
    return c, py


def test_every_switch_value_is_listed_and_tested():
    """A switch the tests never set would be trusted to the core unchecked."""
    from arbiter.model.red7.ruleset import SWITCHES

    for name, values in SWITCHES.items():
        # A new reading is safe (it falls back to Python) but makes every solve slow until the core
        # learns it: list the values the core's behaviour matches in core._FLAGS, test them here.
        assert name in core.SUPPORTED, f"switch {name!r} is unknown to the compiled core: every solve runs in Python"
        assert values[0] in core.SUPPORTED[name], f"{name}: the core does not know its default"
        for v in core.SUPPORTED[name]:
            if name in ("next_round_first", "final_tie", "new_hand") or v == values[0]:
                continue  # readings between rounds: a round search never consults them
            assert any(getattr(rs, name) == v for rs in RULESETS), f"{name}={v} not tested"
        for v in values:
            if v not in core.SUPPORTED[name]:
                assert core.unsupported(Ruleset().with_switches(**{name: v})) is not None, f"{name}={v} not refused"


@pytest.mark.parametrize("ruleset", RULESETS, ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_children_in_the_same_order(ruleset, players):
    """The same children in search order; and the same turns named alike in the order of
    Red7Game.moves, as the core lists them for the root's work (every move's outcome, the line,
    the dead cards, advice)."""
    game = Red7Game(ruleset)

    @settings(max_examples=30)
    @given(small_positions(players, ruleset, max_hand=5, max_deck=4))
    def check(pos):
        search = core.CoreSearch(game, pos, None, None, 1 << 10)
        state = game.state(pos)
        assert search.children(state) == list(game.children(state))
        assert search.moves(state) == game.moves(state)

    check()


@pytest.mark.parametrize("ruleset", RULESETS, ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_answers_node_for_node(ruleset, players):
    @settings(max_examples=12)
    @given(small_positions(players, ruleset, max_hand=4 if players == 2 and not ruleset.advanced else 3, max_deck=4))
    def check(pos):
        c, py = both(pos)
        assert answers(c) == answers(py)

    check()


def _deals(players: int, ruleset: Ruleset, count: int, size: int) -> list[Position]:
    """Seeded deals with hands cut to ``size`` cards, the same player to move (one view's deals)."""
    out = []
    for seed in range(count):
        pos = _cut_hands(deal(players, seed, ruleset), size)
        out.append(Position(pos.rule, 0, pos.hands, pos.palettes, 0, pos.deck, pos.ruleset))
    return out


@pytest.mark.parametrize("ruleset", [BASIC, RULESETS[1], ACTIONS, ACTION_RULESETS[1]], ids=str)
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("whole", [False, True], ids=["decisions", "whole"])
def test_advice_deals_in_one_core_call_node_for_node(ruleset, players, whole, monkeypatch):
    """advise.solve_deals hands a piece of deals to the core in one call: each deal's decisions,
    their outcomes and nodes as the Python path finds them deal by deal."""
    from arbiter.solver.red7 import advise

    deals = _deals(players, ruleset, 4, 4 if players == 2 else 3)
    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    c = advise.solve_deals(deals, None, whole, order_from=3)
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    py = advise.solve_deals(deals, None, whole, order_from=3)
    assert (c[2], py[2]) == ("c", "python")
    assert c[:2] == py[:2] and len(c[0]) == len(deals)
    for found, nodes in c[0]:
        assert nodes > 0 and found and all(isinstance(w, bool) for w in found.values())


ENDGAME_RULESETS = [rs for rs in FAST_RULESETS if endgames_hold(rs)]  # Basic, and nobody_qualifies=highest_card


def test_endgame_rulesets_are_the_ones_meant():
    """Advice settles endgames under Basic's readings only: never with Advanced, Actions or losing turns."""
    assert BASIC in ENDGAME_RULESETS and len(ENDGAME_RULESETS) == 2
    assert not any(endgames_hold(rs) for rs in ACTION_RULESETS + [ADVANCED, BASIC.with_switches(losing_turns="legal")])


@pytest.mark.parametrize("ruleset", ENDGAME_RULESETS, ids=str)
def test_advice_endgames_keep_every_answer(ruleset):
    """Advice's searches drop dominated turns and settle endgames (``Red7Game(endgames=True)``, the
    core's first_turns): on any 2-player arrangement (the mover may lead already, hands of 1-5) every
    decision's outcome is the plain search's (Python, every turn searched), in the core and in
    Python, with the same nodes in both and never more than the plain search's."""
    plain, pruned = Red7Game(ruleset, None), Red7Game(ruleset, None, endgames=True)
    assert pruned.endgames and not plain.endgames

    @settings(max_examples=60)
    @given(small_positions(2, ruleset, max_hand=5))
    def check(pos):
        first_turns_agree(plain, pruned, pos)

    check()


def _small_arrangements(seed: int, count: int, ruleset: Ruleset, max_hand: int) -> list[Position]:
    """Seeded 2-player arrangements of distinct cards without a deck: hands of 1..max_hand, Palettes of 1..3."""
    rng, out = random.Random(seed), []
    for _ in range(count):
        sizes = [rng.randint(1, max_hand), rng.randint(1, max_hand), rng.randint(1, 3), rng.randint(1, 3)]
        cards = rng.sample(range(49), sum(sizes))
        masks = []
        for size in sizes:
            masks.append(sum(1 << c for c in cards[:size]))
            cards = cards[size:]
        out.append(Position(rng.randrange(7), rng.randrange(2), tuple(masks[:2]), tuple(masks[2:]), 0, (), ruleset))
    return out


@pytest.mark.parametrize("ruleset", ENDGAME_RULESETS, ids=str)
def test_advice_endgames_keep_every_answer_on_many_seeded_arrangements(ruleset):
    """As the test above on 600 seeded arrangements (hands of 1-5): the core's first turns (its
    2-player Basic search, the endgames settled from the masks: can_lead_with, some_turn_wins, the
    leads of a Palette by rule) give every decision the plain Python search's outcome. A seeded
    sweep reaches endgame shapes (a hand of two or three cards of one colour against none) that the
    hypothesis examples above may miss."""
    from arbiter.solver.red7 import advise

    plain, pruned = Red7Game(ruleset, None), Red7Game(ruleset, None, endgames=True)
    search = core.CoreSearch(pruned, 2, None, None, 1 << 16)
    for pos in _small_arrangements(26, 600, ruleset, 5):
        me, state = pos.to_move, plain.state(pos)
        reference, budget = {}, Budget(None, None)
        for m, child in plain.moves(state):
            d = advise.decided(pos, m)
            reference[d] = reference.get(d, False) or Search(plain, budget, Table(1 << 16)).wins(child, me)
        found, _, _ = search.first_turns([state], me, False)
        assert found == [reference], pos


@pytest.mark.parametrize("ruleset", ENDGAME_RULESETS, ids=str)
def test_endgames_settle_exactly_the_cases_they_name(ruleset):
    """``Red7Game._endgame_bounds`` settles a 2-player state exactly when the other player holds no
    card, one or two, or the mover one or two, and then with the plain search's value, for either
    player's question; the core's first turns from such states agree (the core settles the same
    states: its nodes equal Python's in the test above)."""
    plain, pruned = Red7Game(ruleset, None), Red7Game(ruleset, None, endgames=True)

    @settings(max_examples=80)
    @given(small_positions(2, ruleset, max_hand=4))
    def check(pos):
        s = plain.state(pos)
        mine, theirs = (h.bit_count() for h in (pos.hands[pos.to_move], pos.hands[1 - pos.to_move]))
        for player in (0, 1):
            lo, hi = pruned._endgame_bounds(s, player)
            assert (lo == hi) == (theirs <= 2 or mine <= 2)
            if lo == hi:
                assert lo == Search(plain, Budget(None, None), Table(1 << 16)).value(s, player)

    check()


@pytest.mark.parametrize("ruleset", ENDGAME_RULESETS, ids=str)
def test_advice_endgames_keep_the_answers_of_first_turns(ruleset):
    """Seeded 2-player deals cut to 6 cards a hand, one view's mover: with the endgames every
    decision's outcome is the plain Python search's, in fewer nodes."""
    from arbiter.solver.red7 import advise

    deals = _deals(2, ruleset, 5, 6)
    done, stopped, engine = advise.solve_deals(deals, None, False, None)
    assert (stopped, engine) == (None, "c")
    plain_nodes = 0
    for pos, (found, nodes) in zip(deals, done, strict=True):
        reference, searched = advise.outcomes(pos, engine="python", order_from=None)
        assert found == reference
        plain_nodes += searched
    assert sum(n for _, n in done) < plain_nodes
    assert any(found.values() for found, _ in done) and any(not all(f.values()) for f, _ in done)


def test_advice_deals_stop_at_a_limit_with_the_deals_done():
    """A limit in the middle of a piece: the deals done before it, and "timeout"."""
    game = Red7Game(BASIC)
    deals = _deals(2, BASIC, 6, 5)
    full = core.CoreSearch(game, 2, None, None, 1 << 16)
    _, nodes, stopped = full.first_turns([game.state(p) for p in deals], 0, False)
    assert stopped is None and len(nodes) == 6
    cut = core.CoreSearch(game, 2, sum(nodes[:3]) + 1, None, 1 << 16)
    found, done, stopped = cut.first_turns([game.state(p) for p in deals], 0, False)
    assert stopped == "timeout" and done == nodes[:3] and len(found) == 3


def searched(pos: Position, order_from: int | None, engine: str, table_size: int = 1 << 16) -> tuple[list, int]:
    """Every first turn's value for the mover, then the nodes, with one search of ``engine``."""
    game = Red7Game(pos.ruleset, order_from)
    if engine == "c":
        search = core.CoreSearch(game, pos, None, None, table_size)
        budget = search.budget
    else:
        budget = Budget(None, None)
        search = Search(game, budget, Table(table_size))
    values = [search.value(child, pos.to_move) for child in game.children(game.state(pos))]
    return values, budget.nodes


@pytest.mark.parametrize("ruleset", [BASIC, RULESETS[1], ACTIONS, ACTION_RULESETS[1]], ids=str)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("order_from", [3, None], ids=["from3", "off"])
def test_same_nodes_for_another_order_from(ruleset, players, order_from):
    """``order_from`` reaches the core: it orders from the same hand count as ``Red7Game.order``
    (3: at nearly every node of these small positions, where the default 8 orders at few; None: never)."""
    hand = 4 if players == 2 and not (ruleset.actions and ruleset.advanced) else 3 if players < 4 else 2

    @settings(max_examples=10)
    @given(small_positions(players, ruleset, max_hand=hand, max_deck=3 if players == 2 else 2))
    def check(pos):
        assert searched(pos, order_from, "c") == searched(pos, order_from, "python")

    check()


@pytest.mark.parametrize("order_from", [12, None], ids=["from12", "off"])
def test_full_deals_node_for_node_under_another_order_from(order_from):
    pos = deal(2, 1)
    c = searched(pos, order_from, "c")
    assert c == searched(pos, order_from, "python")
    assert c[1] != searched(pos, 8, "c")[1], "the knob changed nothing: it does not reach the search"
    assert c[0] == searched(pos, 8, "c")[0] == searched(pos, ORDER_FROM, "c")[0]  # the work changes, never the answer


@pytest.mark.parametrize("ruleset", [ACTIONS, ACTION_RULESETS[2], ACTION_RULESETS[3], ACTION_RULESETS[9]], ids=str)
@pytest.mark.parametrize("players", [3, 4])
def test_actions_deals_of_three_and_four_players_node_for_node(ruleset, players):
    """Dealt Action rounds of 3 and 4 players (hands cut, the deck's first 6 cards kept), ordered
    from 4 hand cards: the reply counts that order them (Action 1 branches changing a rival's
    Palette, cards put on the deck and drawn again) match the Python search's, node for node, and
    the order changes the work, not the values."""
    plain = ruleset.losing_turns != "legal" and not ruleset.advanced  # the others' searches grow faster
    size = (4 if players == 3 else 3) if plain else 2
    for seed in (2,) if players == 4 and ruleset.advanced else (1, 2):
        pos = _cut_hands(deal(players, seed, ruleset), size)
        pos = Position(pos.rule, pos.to_move, pos.hands, pos.palettes, 0, pos.deck[:6], pos.ruleset)
        c = searched(pos, 4, "c")
        assert c == searched(pos, 4, "python"), f"seed {seed}"
        assert c[0] == searched(pos, None, "c")[0]


@pytest.mark.parametrize("seed", range(3))
def test_full_basic_deals_node_for_node(seed):
    c, py = both(deal(2, seed), full=False)
    assert c.solved and answers(c) == answers(py)


def test_actions_deal_and_a_small_table_node_for_node():
    """A table that rotates its generations many times drops entries in the same order."""
    c, py = both(deal(2, 1, ACTIONS), full=False, table_size=256)
    assert c.solved and answers(c) == answers(py)
    c, py = both(deal(3, 2), full=False, table_size=64)
    assert answers(c) == answers(py)


def _cut_hands(pos: Position, size: int) -> Position:
    """``pos`` with each hand cut to its ``size`` strongest cards."""
    hands = tuple(sum(sorted((1 << c for c in range(49) if h >> c & 1), reverse=True)[:size]) for h in pos.hands)
    return Position(pos.rule, pos.to_move, hands, pos.palettes, 0, pos.deck, pos.ruleset)


@pytest.mark.parametrize("ruleset", [BASIC, ACTIONS], ids=str)
@pytest.mark.parametrize("seed", range(3))
def test_the_race_of_orderings_node_for_node(ruleset, seed):
    """With the race of orderings started after 20 nodes and the two-ply ordering from 8 hand
    cards, both engines race alike (same answers, same nodes, with small tables that drop
    entries), the answers are those of the game's ordering alone, and the race changed the search."""
    from arbiter.solver.search import Budget, Search, Table

    pos = _cut_hands(deal(3, seed, ruleset), 4)
    game, plain = Red7Game(ruleset), Red7Game(ruleset)
    game.race_from, game.two_ply_from, plain.race_from = 20, 8, 0
    state = game.state(pos)
    c, py = core.CoreSearch(game, pos, None, None, 1 << 9), Search(game, Budget(), Table(1 << 9))
    alone = core.CoreSearch(plain, pos, None, None, 1 << 9)
    for p in pos.in_play:
        assert c.wins(state, p) == py.wins(state, p) == alone.wins(state, p) == Search(plain).wins(state, p)
        assert c.budget.nodes == py.budget.nodes
    assert c.budget.nodes != alone.budget.nodes


def _racing(ruleset: Ruleset, order_from: int = 6) -> tuple[Red7Game, Red7Game]:
    """The game with the race of orderings started after 20 nodes, the children ordered from
    ``order_from`` hand cards and the two-ply ordering from 8 (so that small deals race and order),
    and the same game without the race."""
    game, plain = Red7Game(ruleset, order_from), Red7Game(ruleset, order_from)
    game.race_from, game.two_ply_from, plain.race_from = 20, 8, 0
    return game, plain


@pytest.mark.parametrize("players", [3, 4])
def test_many_action_deals_at_three_and_four_players_node_for_node(players):
    """On 12 seeded Actions deals cut to 3-card hands, racing, each player's question gets the same
    answer from the core, the Python search and the Python search without the race, with the same
    nodes in the core and the Python search."""
    game, plain = _racing(ACTIONS)
    for seed in range(12):
        pos = _cut_hands(deal(players, seed, ACTIONS), 3)
        state = game.state(pos)
        c, py = core.CoreSearch(game, pos, None, None, 1 << 12), Search(game, Budget(), Table(1 << 12))
        for p in pos.in_play:
            assert c.wins(state, p) == py.wins(state, p) == Search(plain).wins(state, p), f"seed {seed}, player {p}"
            assert c.budget.nodes == py.budget.nodes, f"seed {seed}, player {p}"


def test_a_race_takes_the_bounds_the_other_ordering_proved(monkeypatch):
    """In a race a node the game orders that its own table does not know is settled by the other
    ordering's proof: the same answers as a race that proves every node again, never more nodes,
    fewer on some deal."""
    game, _ = _racing(ACTIONS)
    shared, again = 0, 0
    for players, seed in [(3, s) for s in range(6)] + [(4, s) for s in range(6)]:
        pos = _cut_hands(deal(players, seed, ACTIONS), 3)
        state = game.state(pos)
        py, c = Search(game, Budget(), Table(1 << 12)), core.CoreSearch(game, pos, None, None, 1 << 12)
        with monkeypatch.context() as m:
            m.setattr(Search, "_race_settles", lambda self, key, alpha, beta: None)
            alone = Search(game, Budget(), Table(1 << 12))
            found = [alone.wins(state, p) for p in pos.in_play]
        assert [py.wins(state, p) for p in pos.in_play] == found == [c.wins(state, p) for p in pos.in_play]
        assert py.budget.nodes == c.budget.nodes <= alone.budget.nodes, f"{players} players, seed {seed}"
        shared, again = shared + py.budget.nodes, again + alone.budget.nodes
    assert shared < again


@pytest.mark.parametrize("limit", [1, 300, 5000])
def test_a_node_limit_stops_both_at_the_same_node(limit):
    c, py = both(deal(2, 2), max_nodes=limit)
    assert c.result == "unknown" and c.stopped == py.stopped == f"node limit {limit} reached"
    assert answers(c) == answers(py)


def test_a_time_limit_stops_the_core_cleanly():
    result = solve(deal(2, 0, ACTIONS), timeout=0.01, full=False, engine="c")
    assert result.result == "unknown" and result.stopped == "time limit reached"
    assert result.winner is None and result.seconds < 1.0


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs a kernel timer signal")
def test_ctrl_c_interrupts_a_long_core_search():
    """A signal delivered by the kernel 0.3 s in (as Ctrl-C is) runs its Python handler, here the
    one Ctrl-C runs, during the core search: a 3-player Actions deal that takes far longer (more
    than 8 million nodes, over 4 s of CPU; the 4-player deal once used here now takes 0.3 s, so the
    search could end before the signal). A thread could not send it: the core holds the GIL while it
    searches."""
    pos = deal(3, 0, ACTIONS)
    previous = signal.signal(signal.SIGALRM, signal.default_int_handler)
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            solve(pos, full=False, engine="c")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert time.perf_counter() - started < 5


def _rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _keep(hand: int, k: int) -> int:
    """The k weakest cards of a hand."""
    kept = 0
    for _ in range(k):
        kept |= hand & -hand
        hand &= hand - 1
    return kept


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the resident size from /proc")
def test_many_solves_keep_memory_flat():
    """Full solves (root moves, line, dead cards) and game-value solves, over and over: a leaked
    table, state tuple or reference would grow the resident size."""
    deals = [deal(2 + k % 3, k, (BASIC, ACTIONS)[k % 2]) for k in range(6)]
    small = [Position(p.rule, p.to_move, tuple(_keep(h, 4) for h in p.hands), p.palettes, 0, p.deck, p.ruleset)
             for p in deals]

    def solves():
        for pos in small:
            solve(pos, engine="c")
        solve(deal(2, 0), full=False, engine="c")

    for _ in range(5):
        solves()
    before = _rss_kb()
    for _ in range(60):
        solves()
    assert _rss_kb() - before < 8_000, "resident memory grew by more than 8 MB over 60 rounds of solves"


def test_automatic_choice_and_the_environment_switch(monkeypatch):
    pos = parse_text(WON)
    monkeypatch.delenv(PURE_PYTHON_ENV, raising=False)
    assert solve(pos).engine == "c" and solve(pos).engine_reason is None
    monkeypatch.setenv(PURE_PYTHON_ENV, "1")
    result = solve(pos)
    assert result.engine == "python" and PURE_PYTHON_ENV in result.engine_reason
    assert solve(pos, engine="c").engine == "c"  # asking for the core by name still gets it


def test_a_switch_the_core_does_not_know_falls_back_and_says_so(monkeypatch):
    pos = parse_text(WON)
    monkeypatch.delitem(core.SUPPORTED, "final_tie")
    result = solve(pos)
    assert result.engine == "python" and "final_tie" in result.engine_reason
    with pytest.raises(ValueError, match="final_tie"):
        solve(pos, engine="c")
    monkeypatch.setitem(core.SUPPORTED, "final_tie", ("most_cards",))  # the default value left out
    assert "final_tie='shared'" in solve(pos).engine_reason


def test_solve_json_names_the_engine():
    runner = CliRunner()
    obj = json.loads(runner.invoke(cli, ["solve", WON, "--json"]).output)
    assert obj["engine"] == "c" and obj["engine_reason"] is None
    out = runner.invoke(cli, ["solve", WON, "--json"], env={PURE_PYTHON_ENV: "1"}).output
    obj = json.loads(out)
    assert obj["engine"] == "python" and PURE_PYTHON_ENV in obj["engine_reason"]


def test_the_solver_imports_nothing_heavy():
    code = "import sys, arbiter.solver; print(sorted(m for m in ('z3', 'networkx', 'hypothesis') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_without_the_built_core_the_python_search_answers(monkeypatch):
    monkeypatch.setattr(core, "_MISSING", "the compiled core is not built (no module named _red7core)")
    result = solve(parse_text(WON))
    assert result.engine == "python" and "not built" in result.engine_reason
    assert result.winning_moves == solve(parse_text(WON), engine="python").winning_moves
    with pytest.raises(ValueError, match="not built"):
        solve(parse_text(WON), engine="c")
