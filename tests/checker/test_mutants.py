"""Mutant engines, one per bug kind found in public implementations (and a few more): each is
caught, and its witness is minimal: removing any one card makes the mutant agree with the model."""

import copy
import shutil
from pathlib import Path

import mutants
import pytest
from arbiter.checker.cases import card_count
from arbiter.checker.engine import FunctionEngine, ProcessEngine
from arbiter.checker.oracle import answer, compare
from arbiter.checker.report import AGREE, DISAGREE
from arbiter.checker.run import check
from arbiter.model.red7.notation import position_from_json
from arbiter.model.red7.protocol import handle

ROOT = Path(__file__).resolve().parents[2]
JS_ENGINE = ROOT / "examples" / "engines" / "red7.js"


def one_card_removed(request):
    """Every request with one card fewer (Palettes of players in play keep at least one card)."""
    lists = []
    if "palettes" in request:
        lists += [("palettes", i) for i in range(len(request["palettes"]))]
    if "palette" in request:
        lists.append(("palette",))
    if "position" in request:
        for i in range(len(request["position"]["players"])):
            lists += [("position", "players", i, "hand"), ("position", "players", i, "palette")]
        lists.append(("position", "deck"))
    for path in lists:
        node = request
        for step in path:
            node = node[step] if not isinstance(node, dict) or step in node else []
        for k in range(len(node)):
            smaller = copy.deepcopy(request)
            target = smaller
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = node[:k] + node[k + 1:]
            yield smaller


def agrees(engine_function, request):
    if "position" in request:
        try:
            pos = position_from_json(request["position"])
        except ValueError:
            return True  # not a position any more: nothing to witness
        if not all(pos.palettes[i] for i in pos.in_play):
            return True
    got = engine_function({"id": 1, **request})
    got.pop("id")
    return compare(request, answer(request), got) is None


def assert_minimal_witnesses(report, engine_function):
    assert report.exit_code == DISAGREE
    assert report.disagreements
    for d in report.disagreements:
        assert not agrees(engine_function, d.request), "the witness must still disagree"
        assert d.cards == card_count(d.request) <= d.cards_before_shrinking
        for smaller in one_card_removed(d.request):
            assert agrees(engine_function, smaller), f"a card can still be removed from {d.request}"


@pytest.mark.slow
def test_the_project_handler_agrees():
    report = check(FunctionEngine(handle), budget=20, seed=3)
    assert report.exit_code == AGREE, report.to_text()
    assert all(t.vectors_run and t.vectors_passed == t.vectors_run for t in report.tallies.values())


@pytest.mark.parametrize("bug", mutants.LEADER_BUGS)
def test_leader_mutant_is_caught_with_a_minimal_witness(bug):
    engine = mutants.leader_mutant(bug)
    report = check(FunctionEngine(engine), ops=["leader"], budget=10, seed=1)
    assert report.failed_vectors.get("leader"), f"no vector catches {bug}"
    assert_minimal_witnesses(report, engine)


@pytest.mark.parametrize("engine, op", [
    (mutants.qualifying_weakest_first, "qualifying"),
    (mutants.losing_discards_offered, "legal_moves"),
    (mutants.pass_keeps_mover_in, "apply"),
])
def test_op_mutant_is_caught_with_a_minimal_witness(engine, op):
    report = check(FunctionEngine(engine), ops=[op], budget=20, seed=2)
    assert report.failed_vectors.get(op)
    assert_minimal_witnesses(report, engine)


def test_random_cases_alone_catch_a_mutant_and_shrink_it():
    engine = mutants.leader_mutant("out-still-compete")
    report = check(FunctionEngine(engine), ops=["leader"], budget=70, seed=0, cases=[])
    (d,) = report.disagreements
    assert d.source.startswith("random") and d.cards == 1
    assert_minimal_witnesses(report, engine)


def test_same_seed_same_report():
    engine = FunctionEngine(mutants.leader_mutant("colour-before-number"))
    first = check(engine, ops=["leader"], budget=10, seed=5, cases=[]).to_json()
    engine = FunctionEngine(mutants.leader_mutant("colour-before-number"))
    assert check(engine, ops=["leader"], budget=10, seed=5, cases=[]).to_json() == first


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_node
def test_the_javascript_example_engine_agrees_without_a_bug():
    report = check(ProcessEngine(["node", str(JS_ENGINE)], timeout=10), budget=20, seed=1)
    assert report.exit_code == AGREE, report.to_text()
    assert report.ops == ["leader", "qualifying"]


@needs_node
@pytest.mark.parametrize("bug", [
    "colour-first",
    pytest.param("yellow-tie-by-colour", marks=pytest.mark.slow),
    pytest.param("blue-counts-cards", marks=pytest.mark.slow),
    pytest.param("indigo-duplicate-breaks-run", marks=pytest.mark.slow),
    pytest.param("out-still-compete", marks=pytest.mark.slow),
    pytest.param("nobody-qualifies-highest-wins", marks=pytest.mark.slow),
])
def test_the_javascript_example_engine_bug_is_caught(bug):
    report = check(ProcessEngine(["node", str(JS_ENGINE), "--bug", bug], timeout=10), budget=20, seed=1)
    assert report.exit_code == DISAGREE and report.fault is None, report.to_text()
    assert all(d.cards <= d.cards_before_shrinking for d in report.disagreements)


@needs_node
def test_the_example_readme_commands_print_what_the_page_shows(monkeypatch):
    import re
    import shlex as shell_words

    from arbiter.cli.main import cli
    from click.testing import CliRunner

    monkeypatch.chdir(ROOT)
    page = (JS_ENGINE.parent / "README.md").read_text()
    blocks = re.findall(r"```console\n(.*?)```", page, re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        first, *shown = block.splitlines()
        result = CliRunner().invoke(cli, shell_words.split(first.removeprefix("$ arbiter ")))
        lines = result.output.splitlines()
        for line in shown:
            if line.strip() and not line.strip().endswith("..."):
                assert line in lines, line
        assert result.exit_code == int(shown[-1][-2])
