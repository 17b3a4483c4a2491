"""Mutant engines, one per bug kind found in public implementations (and a few more): each is
caught, every distinct failure gets its own witness, and a witness is minimal (removing any card or
player gives an input no game reaches, or one the mutant gets right, or a different failure);
correct engines that refuse unreachable input or serve only Basic pass."""

import shutil
from pathlib import Path

import mutants
import pytest
from arbiter.checker.engine import FunctionEngine, ProcessEngine
from arbiter.checker.red7 import PLUGIN
from arbiter.checker.report import AGREE, BROKEN, DISAGREE
from arbiter.checker.run import check
from arbiter.checker.shrink import probe
from arbiter.model.red7.protocol import handle

ROOT = Path(__file__).resolve().parents[2]
JS_ENGINE = ROOT / "examples" / "engines" / "red7.js"


def ask_function(engine_function):
    def ask(request):
        got = engine_function({"id": 1, **request})
        got.pop("id", None)
        return got
    return ask


def assert_minimal_witnesses(report, engine_function):
    assert report.exit_code == DISAGREE
    assert report.disagreements
    ask = ask_function(engine_function)
    for d in report.disagreements:
        assert d.edge_case is None and PLUGIN.unreachable(d.request) is None, "a witness must be reachable"
        finding = probe(ask, PLUGIN, d.request)
        assert finding and finding.signature == (d.op, d.rule, d.kind), "the witness must fail as its group says"
        assert d.cards == PLUGIN.size(d.request) <= d.cards_before_shrinking
        for smaller in PLUGIN.smaller(d.request):
            if PLUGIN.unreachable(smaller) or ("error" in PLUGIN.answer(smaller)) != ("error" in d.expected):
                continue
            other = probe(ask, PLUGIN, smaller)
            assert other is None or other.signature != finding.signature, f"{d.request} can still shrink"


@pytest.mark.slow
def test_the_project_handler_agrees():
    report = check(FunctionEngine(handle), budget=20, seed=3)
    assert report.exit_code == AGREE, report.to_text()
    assert all(t.vectors_run and t.vectors_passed == t.vectors_run for t in report.tallies.values())
    assert not report.notes[1:], report.notes  # it declares everything: only the edge cases are left out


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
    assert report.disagreements and all(d.source.startswith("random case") for d in report.disagreements)
    assert min(d.cards for d in report.disagreements) == 2  # one card each: the out player's beats the other
    assert_minimal_witnesses(report, engine)


def test_a_correct_engine_that_refuses_unreachable_input_passes_by_default():
    report = check(FunctionEngine(mutants.refuses_unreachable), budget=10, seed=4)
    assert report.exit_code == AGREE, report.to_text()
    assert any("no game reaches" in n and "--edge-cases" in n for n in report.notes)
    # ... and --edge-cases shows what it refuses, labelled as an edge case.
    report = check(FunctionEngine(mutants.refuses_unreachable), ops=["leader"], budget=10, seed=4, edge_cases=True)
    assert report.exit_code == DISAGREE and report.disagreements
    assert all(d.edge_case and "empty Palette" in d.edge_case for d in report.disagreements)
    assert "EDGE CASE, no game reaches it" in report.to_text()


def test_an_old_engine_serving_only_basic_passes_by_default_with_a_note():
    report = check(FunctionEngine(mutants.basic_only), budget=10, seed=5)
    assert report.exit_code == AGREE, report.to_text()
    notes = " ".join(report.notes)
    assert "declares no capabilities" in notes and "presets not checked: actions, advanced" in notes
    assert "nobody_qualifies=highest_card" in notes
    # Asked for a ruleset it ignores, it fails: the default was not merely blind.
    report = check(FunctionEngine(mutants.basic_only), ops=["leader"], budget=0,
                   ruleset={"preset": "basic", "nobody_qualifies": "highest_card"})
    assert report.exit_code == DISAGREE


def test_declared_capabilities_bound_what_is_sent():
    sent = []

    def two_players_basic(request):
        sent.append(request)
        answer = handle(request)
        if request["op"] == "hello":
            answer["games"] = {"red7": {"ops": ["leader"], "players": [2], "presets": ["basic"]}}
        return answer

    report = check(FunctionEngine(two_players_basic), budget=30, seed=6)
    assert report.exit_code == AGREE and report.ops == ["leader"]
    assert all(len(r["palettes"]) == 2 and r["ruleset"] == "basic" for r in sent[1:])
    assert report.tallies["leader"].vectors_skipped > 0


def test_an_engine_failing_every_orange_request_gets_an_orange_witness():
    report = check(FunctionEngine(mutants.orange_always_wrong), ops=["leader"], budget=14, seed=0)
    assert {d.rule for d in report.disagreements} == {"orange"}
    (d,) = report.disagreements
    assert d.cards == 2 and all(d.request["palettes"])  # one card each, no empty Palette
    assert "Orange" in d.reason and "nobody qualifies" not in d.reason
    assert_minimal_witnesses(report, mutants.orange_always_wrong)


def test_blue_and_indigo_bugs_get_one_witness_each():
    engine = mutants.leader_mutant("blue-counts-cards", "indigo-duplicate-breaks-run")
    report = check(FunctionEngine(engine), ops=["leader"], budget=14, seed=0)
    assert {d.rule for d in report.disagreements} == {"blue", "indigo"}
    text = report.to_text()
    assert "in leader, rule blue:" in text and "in leader, rule indigo:" in text
    assert_minimal_witnesses(report, engine)


def test_the_random_search_finds_both_bugs_without_vectors():
    engine = mutants.leader_mutant("blue-counts-cards", "indigo-duplicate-breaks-run")
    report = check(FunctionEngine(engine), ops=["leader"], budget=140, seed=0, cases=[])
    assert {"blue", "indigo"} <= {d.rule for d in report.disagreements}
    assert "coverage: rules all 7" in report.to_text() or "coverage: rules blue" in report.to_text()


def test_a_function_that_raises_is_a_disagreement_on_that_input():
    report = check(FunctionEngine(mutants.raises_on_violet), ops=["leader"], budget=7, seed=0)
    assert report.exit_code == DISAGREE and report.fault is None
    (d,) = report.disagreements
    assert d.rule == "violet" and d.kind == "crashes (ZeroDivisionError)"
    assert d.difference == "crashes on this input: ZeroDivisionError: division by zero" and d.cards == 2


def test_same_seed_same_report():
    engine = FunctionEngine(mutants.leader_mutant("colour-before-number"))
    first = check(engine, ops=["leader"], budget=10, seed=5, cases=[]).to_json()
    engine = FunctionEngine(mutants.leader_mutant("colour-before-number"))
    assert check(engine, ops=["leader"], budget=10, seed=5, cases=[]).to_json() == first


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def js(*bugs):
    return ProcessEngine(["node", str(JS_ENGINE), *[w for b in bugs for w in ("--bug", b)]], timeout=10)


@needs_node
def test_the_javascript_example_engine_agrees_without_a_bug():
    report = check(js(), budget=20, seed=1)
    assert report.exit_code == AGREE, report.to_text()
    assert report.ops == ["leader", "qualifying"]


@needs_node
def test_the_javascript_engine_with_blue_and_indigo_bugs_gets_a_witness_for_each():
    report = check(js("blue-counts-cards", "indigo-duplicate-breaks-run"), ops=["leader"], budget=14, seed=0)
    assert {d.rule for d in report.disagreements} == {"blue", "indigo"}, report.to_text()


@needs_node
def test_a_node_crash_shows_the_exception_and_the_vector():
    report = check(js("crash-on-violet"), ops=["leader"], budget=0)
    assert report.exit_code == BROKEN
    assert report.fault.source.startswith("vector leader/") and report.fault.request["rule"] == "violet"
    assert any(line.startswith("TypeError: Cannot read properties of undefined") for line in report.fault.stderr)
    assert "TypeError" in report.fault.message


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
    report = check(js(bug), budget=20, seed=1)
    assert report.exit_code == DISAGREE and report.fault is None, report.to_text()
    assert all(d.cards <= d.cards_before_shrinking and d.edge_case is None for d in report.disagreements)


@needs_node
def test_the_example_readme_commands_print_what_the_page_shows(monkeypatch):
    import re
    import shlex as shell_words

    from arbiter.cli.main import cli
    from click.testing import CliRunner

    monkeypatch.chdir(ROOT)
    page = (JS_ENGINE.parent / "README.md").read_text()
    blocks = re.findall(r"```console\n(.*?)```", page, re.DOTALL)
    assert len(blocks) >= 3
    for block in blocks:
        first, *shown = block.splitlines()
        result = CliRunner().invoke(cli, shell_words.split(first.removeprefix("$ arbiter ")))
        lines = result.output.splitlines()
        for line in shown:
            if line.strip() and not line.strip().endswith("..."):
                assert line in lines, line
        assert result.exit_code == int(shown[-1][-2])
