"""Mutant engines for Realms and Stick to Colours (the project's handler with one rules bug each)
and the check that a report's witnesses are reachable, fail as their group says, and are minimal."""

from __future__ import annotations

import sys
from typing import Any

from arbiter.checker import vectors
from arbiter.checker.engine import ProcessEngine
from arbiter.checker.report import AGREE, DISAGREE
from arbiter.checker.run import check
from arbiter.checker.witness import probe
from arbiter.model.protocol import handle
from arbiter.model.stick_to_colours import Ruleset, fast, parse_cards, scoring_spec


def _trick_mutant(bug: str):
    def engine(request: dict[str, Any]) -> dict[str, Any]:
        if request.get("op") != "trick":
            return handle(request)
        cards = list(request["cards"])
        if bug == "purple-ignores-nomination" and cards[0].startswith("P") and "=" in cards[0]:
            cards[0] = cards[0].split("=")[0] + "=" + request["ruling"]  # the marker's colour, not the leader's
        answer = handle({**request, "cards": cards})
        if bug == "cyclone-can-win" and "error" not in answer and answer["winner"] is None:
            cyclone = [k for k, c in enumerate(cards) if c.split("=")[0] == "CYC"]
            if cyclone:
                answer["winner"] = cyclone[0]
        return answer
    engine.__qualname__ = bug
    return engine


def _score_mutant(bug: str, **switches: str):
    def engine(request: dict[str, Any]) -> dict[str, Any]:
        answer = handle(request)
        if request.get("op") == "score" and "error" not in answer:
            rs = Ruleset.from_json(request.get("ruleset", "default")).with_switches(**switches)
            answer["points"] = fast.points(parse_cards(request["cards"]), scoring_spec(rs))
        return answer
    engine.__qualname__ = bug
    return engine


REALMS = {"purple-ignores-nomination": _trick_mutant("purple-ignores-nomination"),
          "cyclone-can-win": _trick_mutant("cyclone-can-win")}
STICK = {"greedy-layered-run-split": _score_mutant("greedy-layered-run-split", run_split="layered"),
         "jokers-1-6": _score_mutant("jokers-1-6", joker_values="1-6")}


def ask_function(engine):
    def ask(request):
        got = engine({"id": 1, **request})
        got.pop("id", None)
        return got
    return ask


def assert_reachable_witnesses(report, engine, plugin, op: str) -> None:
    """Every witness is reachable, of ``op``, and fails as the report shows."""
    assert report.exit_code == DISAGREE, report.to_text()
    assert report.readings or report.findings
    ask = ask_function(engine)
    for f in report.readings + report.findings:
        assert f.op == op
        for w in filter(None, [f.witness, f.second]):
            assert w.edge_case is None and plugin.unreachable(w.request) is None
            failure = probe(ask, plugin, w.request)
            assert failure and failure.got == w.got


def assert_arbiter_engine_agrees(plugin, directory) -> None:
    """``arbiter engine`` (a child process) passes the checked-in vectors and a few random cases."""
    engine = ProcessEngine([sys.executable, "-m", "arbiter.cli", "engine"], timeout=20)
    report = check(engine, game=plugin.game, budget=6, seed=1, cases=vectors.load(directory, plugin))
    assert report.exit_code == AGREE, report.to_text()
    assert all(t.vectors_run and t.vectors_passed == t.vectors_run for t in report.tallies.values())


def checked_in_cases(plugin, directory) -> list[dict[str, Any]]:
    """The vectors under ``directory``: in sync with a fresh generation, unique ids, every op, reachable."""
    assert vectors.stale(directory, plugin) == []
    cases = vectors.load(directory, plugin)
    assert len({c["id"] for c in cases}) == len(cases)
    assert {c["request"]["op"] for c in cases} == set(plugin.ops)
    assert not any(c.get("edge_case") for c in cases)
    return cases
