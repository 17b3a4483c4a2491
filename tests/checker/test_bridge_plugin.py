"""The bridge plugin: checked-in vectors in sync, the project's engine (in-process and ``arbiter
engine``) agrees, and mutant engines (a ruff that does not win, a discard allowed while holding the
suit led) are caught, the trick one with a two-card witness."""

from pathlib import Path
from typing import Any

import listed_mutants
from arbiter.checker.bridge import PLUGIN
from arbiter.checker.engine import FunctionEngine
from arbiter.checker.run import check
from arbiter.model.bridge import notation
from arbiter.model.bridge.cards import codes
from arbiter.model.protocol import handle

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / "conformance" / "bridge"


def test_checked_in_vectors_match_a_fresh_generation():
    # Regenerate with: arbiter vectors export --game bridge conformance/bridge
    listed_mutants.checked_in_cases(PLUGIN, DIR)


def test_arbiter_engine_agrees():
    listed_mutants.assert_arbiter_engine_agrees(PLUGIN, DIR)


def ruff_loses(request: dict[str, Any]) -> dict[str, Any]:
    """A trick judged as at no trump whatever the strain."""
    answer = handle(request)
    if request.get("op") == "trick" and "error" not in answer:
        return handle({**request, "strain": "NT"})
    return answer


def discards_freely(request: dict[str, Any]) -> dict[str, Any]:
    """Every card of the hand offered, even when it holds the suit led."""
    answer = handle(request)
    if request.get("op") == "legal_moves" and "error" not in answer and request["position"]["trick"]:
        pos = notation.position_from_json(request["position"])
        answer["moves"] = codes(pos.hands[pos.to_move])
    return answer


def test_a_ruff_that_does_not_win_is_caught_with_a_minimal_witness():
    report = check(FunctionEngine(ruff_loses), game="bridge", ops=["trick"], budget=20, seed=1)
    assert report.failed_vectors.get("trick")
    listed_mutants.assert_reachable_witnesses(report, ruff_loses, PLUGIN, "trick")
    assert all(len(f.witness.request["cards"]) == 2 for f in report.readings + report.findings)  # a lead, a ruff


def test_a_discard_while_holding_the_suit_is_caught():
    report = check(FunctionEngine(discards_freely), game="bridge", ops=["legal_moves"], budget=10, seed=1)
    assert report.failed_vectors.get("legal_moves") and report.findings
    listed_mutants.assert_reachable_witnesses(report, discards_freely, PLUGIN, "legal_moves")
