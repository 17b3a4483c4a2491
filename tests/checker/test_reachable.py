"""Reachable only, everywhere: for every game and op, the random requests, every request a witness
search sends while shrinking and searching (even for an engine failing everywhere), and every
vector not marked as an edge case are inputs a game under the declared ruleset can reach."""

import pytest
from arbiter.checker import vectors
from arbiter.checker.games import PLUGINS, plugin
from arbiter.checker.search import search
from arbiter.checker.witness import Budget, probe, smallest

CASES = [(game, op) for game in PLUGINS for op in plugin(game).ops]


def drawn(p, op, n=14, seed=3):
    requests = []
    search(lambda source, request: requests.append(request), p, op, n, seed, p.full_capabilities())
    return requests


@pytest.mark.parametrize("game, op", CASES)
def test_random_requests_and_every_request_a_witness_search_sends_are_reachable(game, op):
    p = plugin(game)
    sent = []

    def always_wrong(request):  # an answer no op has: every request fails, so the search goes all the way
        sent.append(request)
        return {"nothing": True}

    requests = drawn(p, op)
    assert requests
    for request in requests:
        assert p.unreachable(request) is None, request
    for request in requests[:3]:
        failure = probe(always_wrong, p, request)
        assert failure is not None
        found = smallest(always_wrong, p, failure, lambda f: True, lambda r: True, Budget(tries=60, cpu=1.0))
        assert p.unreachable(found.witness.request) is None
    assert sent and all(p.unreachable(r) is None for r in sent), [p.unreachable(r) for r in sent if p.unreachable(r)]


@pytest.mark.parametrize("game", sorted(PLUGINS))
def test_only_vectors_marked_as_edge_cases_are_unreachable(game):
    p = plugin(game)
    for case in vectors.cases(p):
        assert bool(case.get("edge_case")) == bool(p.unreachable(case["request"])), case["id"]


def test_a_leader_question_needs_two_players_still_in():
    p = plugin("red7")
    request = {"game": "red7", "op": "leader", "rule": "red", "palettes": [["R7"], ["O7"], ["Y1"]], "out": [0, 1]}
    assert "fewer than two players still in" in p.unreachable(request)
    assert p.unreachable({**request, "out": [0]}) is None
