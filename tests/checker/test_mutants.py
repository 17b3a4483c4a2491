"""Mutant engines, one per bug kind found in public implementations (and a few more): each bug is
one finding (or one reading, where the bug is a known reading of the rules), stated in rule words,
with a reachable witness that fails as the finding says and that no one-step-smaller reachable input
still shows; correct engines that refuse unreachable input or serve only Basic pass."""

import shutil
from pathlib import Path

import mutants
import pytest
from arbiter.checker.engine import FunctionEngine, ProcessEngine
from arbiter.checker.red7 import PLUGIN
from arbiter.checker.report import AGREE, BROKEN, DISAGREE
from arbiter.checker.run import check
from arbiter.checker.witness import probe
from arbiter.model.red7.protocol import handle

ROOT = Path(__file__).resolve().parents[2]
JS_ENGINE = ROOT / "examples" / "engines" / "red7.js"


def ask_function(engine_function):
    def ask(request):
        got = engine_function({"id": 1, **request})
        got.pop("id", None)
        return got
    return ask


def assert_reachable_witnesses(report, engine_function, plugin=PLUGIN):
    """Every witness (and second witness) is reachable and fails with the engine's answer it shows;
    no one-step-smaller reachable input gets that same wrong answer from the engine."""
    assert report.exit_code == DISAGREE, report.to_text()
    ask = ask_function(engine_function)
    for f in report.readings + report.findings:
        for w in filter(None, [f.witness, f.second]):
            assert w.edge_case is None and plugin.unreachable(w.request) is None, "a witness must be reachable"
            failure = probe(ask, plugin, w.request)
            assert failure and failure.got == w.got, "the witness must fail as the finding shows"
            assert w.cards == plugin.size(w.request)
        for smaller in plugin.smaller(f.witness.request):
            if plugin.unreachable(smaller) or ("error" in plugin.answer(smaller)) != ("error" in f.witness.expected):
                continue
            other = probe(ask, plugin, smaller)
            assert other is None or f.kind not in ("misreading", "reading") or other.got != f.witness.got or \
                plugin.compare(smaller, other.expected, f.witness.expected) is None, f"{f.witness.request} can shrink"


@pytest.mark.slow
def test_the_project_handler_agrees():
    report = check(FunctionEngine(handle), budget=20, seed=3)
    assert report.exit_code == AGREE, report.to_text()
    assert all(t.vectors_run and t.vectors_passed == t.vectors_run for t in report.tallies.values())
    assert not report.notes[1:], report.notes  # it declares everything: only the edge cases are left out


# Each leader bug is one cause: a known misreading, or a reading of the rules the model has a switch for.
CAUSES = {"yellow-tie-by-colour": ("misreading", "tie-by-group-colour"),
          "orange-tie-by-number": ("misreading", "tie-by-number-only"),
          "blue-counts-cards": ("misreading", "blue-counts-cards"),
          "indigo-duplicate-breaks-run": ("misreading", "indigo-duplicate-breaks-run"),
          "out-still-compete": ("reading", "out_palettes=compete"),
          "nobody-qualifies-highest-wins": ("reading", "nobody_qualifies=highest_card"),
          "colour-before-number": ("misreading", "colour-before-number"),
          "violet-includes-4": ("misreading", "violet-includes-4")}


@pytest.mark.parametrize("bug", mutants.LEADER_BUGS)
def test_leader_mutant_is_one_cause_with_a_reachable_witness(bug):
    engine = mutants.leader_mutant(bug)
    report = check(FunctionEngine(engine), ops=["leader"], budget=10, seed=1)
    assert report.failed_vectors.get("leader"), f"no vector catches {bug}"
    (cause,) = report.readings + report.findings
    assert (cause.kind, cause.name) == CAUSES[bug], report.to_text()
    assert_reachable_witnesses(report, engine)


@pytest.mark.parametrize("engine, op, words", [
    (mutants.qualifying_weakest_first, "qualifying", "the qualifying cards are listed weakest first"),
    (mutants.losing_discards_offered, "legal_moves", "extra moves (the clause deciding the expected answer: the legal"),
    (mutants.pass_keeps_mover_in, "apply", "after the turn (the clause deciding the expected answer: the effects"),
])
def test_op_mutant_is_one_finding_across_rules(engine, op, words):
    report = check(FunctionEngine(engine), ops=[op], budget=20, seed=2)
    assert report.failed_vectors.get(op)
    (finding,) = report.findings
    assert words in finding.statement and len(finding.rules) > 1, report.to_text()
    assert_reachable_witnesses(report, engine)


def test_random_cases_alone_catch_a_reading_and_find_its_smallest_witness():
    engine = mutants.leader_mutant("out-still-compete")
    report = check(FunctionEngine(engine), ops=["leader"], budget=70, seed=0, cases=[])
    (reading,) = report.readings
    assert not report.findings and reading.witness.source.startswith(("random case", "reading sample"))
    # three players, one card each, the out player's card the best: nothing smaller can show it
    assert reading.witness.cards == 3 and reading.search.startswith("smallest possible")
    assert len(reading.rules) > 1  # one cause, seen under several rules
    assert_reachable_witnesses(report, engine)


def test_a_correct_engine_that_refuses_unreachable_input_passes_by_default():
    report = check(FunctionEngine(mutants.refuses_unreachable), budget=10, seed=4)
    assert report.exit_code == AGREE, report.to_text()
    assert any("no game reaches" in n and "--edge-cases" in n for n in report.notes)
    # ... and --edge-cases shows what it refuses, labelled as an edge case.
    report = check(FunctionEngine(mutants.refuses_unreachable), ops=["leader"], budget=10, seed=4, edge_cases=True)
    assert report.exit_code == DISAGREE and report.findings
    assert all(f.witness.edge_case and "empty Palette" in f.witness.edge_case for f in report.findings)
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


def test_an_engine_failing_every_orange_request_gets_orange_findings():
    report = check(FunctionEngine(mutants.orange_always_wrong), ops=["leader"], budget=14, seed=0)
    assert report.findings and {r for f in report.findings for r in f.rules} == {"orange"}
    assert min(f.witness.cards for f in report.findings) == 2 and all(f.witness.request["palettes"][0]
                                                                      for f in report.findings)
    assert all("Orange" in f.witness.reason and "nobody qualifies" not in f.witness.reason for f in report.findings)
    assert_reachable_witnesses(report, mutants.orange_always_wrong)


def test_blue_and_indigo_bugs_are_two_findings():
    engine = mutants.leader_mutant("blue-counts-cards", "indigo-duplicate-breaks-run")
    report = check(FunctionEngine(engine), ops=["leader"], budget=14, seed=0)
    assert [f.name for f in report.findings] == ["blue-counts-cards", "indigo-duplicate-breaks-run"]
    text = report.to_text()
    assert "FINDING 1 of 2 in leader: Blue counts cards instead of different colours" in text
    assert "FINDING 2 of 2 in leader: a duplicate number breaks an Indigo run" in text
    assert_reachable_witnesses(report, engine)


def test_the_random_search_finds_both_bugs_without_vectors():
    engine = mutants.leader_mutant("blue-counts-cards", "indigo-duplicate-breaks-run")
    report = check(FunctionEngine(engine), ops=["leader"], budget=140, seed=0, cases=[])
    assert {"blue-counts-cards", "indigo-duplicate-breaks-run"} <= {f.name for f in report.findings}
    assert "coverage: rules all 7" in report.to_text() or "coverage: rules blue" in report.to_text()


def test_a_function_that_raises_is_a_finding_on_that_input():
    report = check(FunctionEngine(mutants.raises_on_violet), ops=["leader"], budget=7, seed=0)
    assert report.exit_code == DISAGREE and report.fault is None
    (f,) = report.findings
    assert f.rules == ["violet"] and f.kind == "crash" and f.statement.startswith("crashes (ZeroDivisionError")
    assert f.witness.difference == "crashes on this input: ZeroDivisionError: division by zero"
    assert f.witness.cards == 2


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
    assert [f.name for f in report.findings] == ["blue-counts-cards", "indigo-duplicate-breaks-run"], report.to_text()


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
    causes = report.readings + report.findings
    assert len(causes) == len({f.op for f in causes}), report.to_text()  # one bug, one cause in each op
    assert all(f.witness.edge_case is None for f in report.readings + report.findings)


@needs_node
def test_the_example_readme_commands_print_what_the_page_shows(monkeypatch):
    import re
    import shlex as shell_words

    from arbiter.cli.main import cli
    from click.testing import CliRunner

    monkeypatch.chdir(ROOT)
    page = (JS_ENGINE.parent / "README.md").read_text() + (ROOT / "docs" / "conformance.md").read_text()
    blocks = re.findall(r"```console\n(.*?)```", page, re.DOTALL)
    assert len(blocks) >= 5
    for block in blocks:
        first, *shown = block.splitlines()
        result = CliRunner().invoke(cli, shell_words.split(first.removeprefix("$ arbiter ")))
        lines = result.output.splitlines()
        for line in shown:
            if line.strip() and not line.strip().endswith("..."):
                assert line in lines, line
        assert result.exit_code == int(shown[-1][-2])
