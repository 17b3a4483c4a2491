"""The result every solver shares: a run that ends is solved, one a limit stops is unknown with the
limit named, and both carry the work the budget counted; the shared fields stay keyword-only."""

from __future__ import annotations

import pytest
from arbiter.model.realms import deal as realms_deal
from arbiter.model.red7.game import deal as red7_deal
from arbiter.solver import Budget, SearchResult
from arbiter.solver.realms import SolveResult as RealmsResult
from arbiter.solver.red7 import SolveResult
from arbiter.solver.stick_to_colours import StickResult


def spend(budget: Budget, nodes: int) -> None:
    for _ in range(nodes):
        budget.spend()


def test_a_run_that_ends_is_solved_with_its_work():
    result, budget = SearchResult(None), Budget(max_nodes=10)
    result.run(budget, lambda: spend(budget, 4))
    assert result.solved and result.result == "solved" and result.stopped is None
    assert result.nodes == 4 and result.seconds >= 0


def test_a_run_a_limit_stops_is_unknown_and_says_which_limit():
    result, budget = SearchResult(None), Budget(max_nodes=3)
    result.run(budget, lambda: spend(budget, 10))
    assert not result.solved and result.result == "unknown"
    assert result.stopped == "node limit 3 reached" and result.nodes == 3


def test_other_errors_are_not_taken_for_a_limit():
    def broken() -> None:
        raise ValueError("a bug")

    with pytest.raises(ValueError, match="a bug"):
        SearchResult(None).run(Budget(), broken)


def test_each_games_own_fields_keep_their_place_and_the_shared_ones_are_keyword_only():
    red7, realms = red7_deal(2, 1), realms_deal(2, 1)
    assert SolveResult(red7).position is red7
    assert RealmsResult(realms, 3).tricks == 3
    assert StickResult(None, 1).player == 1
    for make in (lambda: SolveResult(red7, "solved"), lambda: RealmsResult(realms, 3, "solved"),
                 lambda: StickResult(None, 1, "solved")):
        with pytest.raises(TypeError):
            make()
