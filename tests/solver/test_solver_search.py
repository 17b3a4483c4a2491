"""The generic search: the table stays within its size, limits stop cleanly, and a stopped
search reports only what it proved."""

from __future__ import annotations

import os

import pytest
from arbiter.model.red7.game import deal
from arbiter.model.red7.notation import parse_text
from arbiter.model.red7.ruleset import Ruleset
from arbiter.solver import Budget, Search, SearchLimit, Table
from arbiter.solver.red7 import Red7Game, solve


def test_table_never_holds_more_than_its_capacity():
    table = Table(capacity=10)
    for k in range(100):
        table.put(k, (k, k, 0))
        assert len(table) <= 10
    assert table.get(99) == (99, 99, 0) and table.get(0) is None


def test_a_tiny_table_still_gives_the_same_answers():
    pos = deal(2, 4)
    assert solve(pos, full=False, table_size=64).winner == solve(pos, full=False).winner


def test_node_budget_raises_once_passed():
    budget = Budget(max_nodes=3)
    for _ in range(3):
        budget.spend()
    with pytest.raises(SearchLimit):
        budget.spend()


def test_time_budget_raises_once_passed():
    budget = Budget(timeout=0.0)
    with pytest.raises(SearchLimit):
        for _ in range(Budget.CHECK_EVERY + 1):
            budget.spend()


def _timed_searches() -> list:
    """A Python budget and each built compiled core's, every one with a 0.05 s limit set now."""
    from arbiter.model.stick_to_colours import deal as stick_deal
    from arbiter.solver.red7 import core
    from arbiter.solver.stick_to_colours import core as stick_core
    from arbiter.solver.stick_to_colours.state import StickState

    searches = [Budget(timeout=0.05)]
    if core._red7core is not None:  # the compiled cores are built (as CI's install builds them)
        searches.append(core.CoreSearch(Red7Game(Ruleset()), 2, None, 0.05, 1 << 10).budget)
    if stick_core._stickcore is not None:
        searches.append(stick_core.CoreSearch(StickState(stick_deal(2, seed=1)), None, 0.05, 1 << 10).budget)
    return searches


@pytest.mark.parametrize("env, inside, counts_sleep", [
    (None, None, True),  # the default: wall time
    ("cpu", None, False),  # ARBITER_TIMEOUT_CLOCK=cpu, the process's default (the benchmarks' limits)
    (None, True, False),  # inside on_cpu_time() (a bot thinking)
    ("cpu", False, True),  # inside on_cpu_time(False), whatever the process's default
])
def test_a_time_limit_reads_wall_time_unless_asked_for_cpu_time(monkeypatch, env, inside, counts_sleep):
    """A limit is CPU time under ARBITER_TIMEOUT_CLOCK=cpu or inside ``on_cpu_time``, in the Python
    budget and in the compiled cores' alike (told by their ``cpu_time`` argument, solver/_search_table.h):
    a sleep spends wall time and no CPU."""
    import contextlib
    import time

    from arbiter.solver.search import on_cpu_time

    if env is None:
        monkeypatch.delenv("ARBITER_TIMEOUT_CLOCK", raising=False)
    else:
        monkeypatch.setenv("ARBITER_TIMEOUT_CLOCK", env)
    with on_cpu_time(inside) if inside is not None else contextlib.nullcontext():
        searches = _timed_searches()
    assert len(searches) == 3 or os.environ.get("ARBITER_PURE_PYTHON")
    time.sleep(0.15)
    for search in searches:
        assert (search.seconds >= 0.15) is counts_sleep, type(search).__name__
    budget = searches[0]
    if counts_sleep:
        with pytest.raises(SearchLimit):
            for _ in range(Budget.CHECK_EVERY + 1):
                budget.spend()
    else:
        for _ in range(Budget.CHECK_EVERY + 1):
            budget.spend()


def test_on_cpu_time_nests_and_stays_in_its_own_thread_and_task(monkeypatch):
    """``on_cpu_time`` is a context variable, not the process's environment: it is as it was on
    leaving (also by an exception, and nested the other way), another thread started inside it
    reads the process's default, and one asyncio task inside it leaves a task beside it alone."""
    import asyncio
    import threading

    from arbiter.solver.search import cpu_time, on_cpu_time

    monkeypatch.delenv("ARBITER_TIMEOUT_CLOCK", raising=False)
    seen = {}
    with on_cpu_time():
        assert cpu_time()
        with on_cpu_time(False):
            assert not cpu_time()
        assert cpu_time()
        other = threading.Thread(target=lambda: seen.update(thread=cpu_time()))
        other.start()
        other.join()
    assert not cpu_time() and seen == {"thread": False} and "ARBITER_TIMEOUT_CLOCK" not in os.environ
    with pytest.raises(SearchLimit), on_cpu_time():
        raise SearchLimit("time limit reached")
    assert not cpu_time()

    async def thinking():
        with on_cpu_time():
            await asyncio.sleep(0.01)
            seen["thinking"] = cpu_time()

    async def beside():
        await asyncio.sleep(0.005)  # while the other is inside
        seen["beside"] = cpu_time()

    async def both():
        await asyncio.gather(thinking(), beside())

    asyncio.run(both())
    assert seen == {"thread": False, "thinking": True, "beside": False}
    monkeypatch.setenv("ARBITER_TIMEOUT_CLOCK", "cpu")  # the process's default is read when asked
    assert cpu_time()


def test_stopped_solve_reports_unknown_and_the_work_done():
    result = solve(deal(2, 2), max_nodes=200)
    assert result.result == "unknown" and not result.solved
    assert 0 < result.nodes <= 201
    assert result.winner is None and result.dead_cards is None
    assert all(m.outcome in ("win", "loss", "unknown") for m in result.moves)
    assert "node limit" in result.stopped


def test_search_value_is_from_the_asking_players_side():
    pos = parse_text("red 0 | B5 G2 V1 / Y6 | R4 / R6")
    game = Red7Game(pos.ruleset)
    search = Search(game)
    assert search.wins(game.state(pos), 0) and not search.wins(game.state(pos), 1)
    assert search.value(game.state(pos), 0) == -search.value(game.state(pos), 1)


def test_zero_window_tests_find_the_exact_value():
    """``mtdf`` against a fail-soft oracle that answers each zero-window test with some bound on the
    right side of its window (not the value itself), from every guess, also outside the range."""
    import random

    from arbiter.solver.search import mtdf

    rng = random.Random(26)
    for _ in range(300):
        value, guess = rng.randint(-15, 15), rng.randint(-25, 25)
        calls = []

        def test(beta, value=value, calls=calls):
            calls.append(beta)
            return rng.randint(value, beta - 1) if value < beta else rng.randint(beta, value)

        assert mtdf(test, guess) == value
        assert mtdf(test, guess, -15, 15) == value
        assert len(calls) <= 2 * (abs(value - guess) + 2)


def test_a_deadline_for_pieces_solved_here_reads_cpu_time_and_a_wall_one_elsewhere(monkeypatch):
    """``deadline_after``: on the CPU clock only where the limits are CPU time and the pieces run in
    this process (a worker's CPU clock is its own); a sleep spends wall time and no CPU."""
    import time

    from arbiter.solver.search import CpuDeadline, deadline_after, seconds_left

    monkeypatch.setenv("ARBITER_TIMEOUT_CLOCK", "cpu")
    here, there = deadline_after(5.0, True), deadline_after(5.0, False)
    assert isinstance(here, CpuDeadline) and isinstance(there, float)
    time.sleep(0.2)
    assert seconds_left(here) > 4.9 and seconds_left(there) < 4.85
    monkeypatch.delenv("ARBITER_TIMEOUT_CLOCK")
    assert isinstance(deadline_after(5.0, True), float) and deadline_after(None, True) is None
    assert seconds_left(time.time() - 1) == 0.0


def test_the_bots_think_on_the_cpu_clock_and_leave_it_as_it_was(monkeypatch):
    """The levels with a time limit decide inside ``on_cpu_time``; the caller's clock is wall time
    again after, and the process's environment was never touched."""
    import dataclasses
    import random

    from arbiter.model.red7.view import view_of
    from arbiter.solver import bots
    from arbiter.solver.red7.bots import GAME
    from arbiter.solver.red7.defence import small_deal
    from arbiter.solver.search import cpu_time

    monkeypatch.delenv("ARBITER_TIMEOUT_CLOCK", raising=False)
    clocks = []

    def advise(view, **kw):
        clocks.append((cpu_time(), os.environ.get("ARBITER_TIMEOUT_CLOCK")))
        return GAME.advise(view, **kw)

    game = dataclasses.replace(GAME, advise=advise, best_defence=None)
    view = view_of(small_deal(3, 2, 3, 2, Ruleset.parse("advanced")))
    for bot in (bots.sampled_bot, bots.exact_bot):  # the levels that have a time limit
        bot(game, bots.Seen(view), random.Random(0))
    assert clocks == [(True, None), (True, None)] and not cpu_time() and "ARBITER_TIMEOUT_CLOCK" not in os.environ
