"""The Red7 conformance vectors: in sync with the model, well-formed, reachable unless marked as
edge cases, and covering the bug kinds, ties, big Palettes, players out, every Action and every
reading switch."""

from pathlib import Path

from arbiter.checker import vectors
from arbiter.checker.red7 import PLUGIN
from arbiter.checker.red7 import vectors as red7_vectors
from arbiter.checker.red7.cases import unreachable
from arbiter.checker.red7.oracle import OPS
from arbiter.model.red7 import reference
from arbiter.model.red7.cards import codes, parse_card, parse_colour
from arbiter.model.red7.ruleset import SWITCHES, Ruleset

ROOT = Path(__file__).resolve().parents[2]
ALL = vectors.cases(PLUGIN)


def test_checked_in_vectors_match_a_fresh_generation():
    # Regenerate with: arbiter vectors export conformance/red7
    assert vectors.stale(ROOT / "conformance" / "red7", PLUGIN) == []


def test_load_reads_back_what_export_writes():
    assert vectors.load(ROOT / "conformance" / "red7", PLUGIN) == ALL


def test_every_case_is_complete_and_ids_are_unique():
    ids = [c["id"] for c in ALL]
    assert len(ids) == len(set(ids))
    for c in ALL:
        assert set(c) - {"edge_case"} == {"id", "ruleset", "request", "expected", "reason"}
        assert c["request"]["game"] == "red7"
        assert c["request"]["op"] in OPS and c["reason"].strip() and "\n" not in c["reason"]
        assert Ruleset.from_json(c["ruleset"]) == Ruleset.from_json(c["request"].get("ruleset", "basic"))


def test_only_marked_edge_cases_are_unreachable():
    # Every player still in holds a Palette card, cards are distinct, 2-4 players.
    for c in ALL:
        assert c.get("edge_case") == unreachable(c["request"]), c["id"]
    edges = [c for c in ALL if "edge_case" in c]
    assert edges and all("empty Palette" in c["edge_case"] for c in edges)
    assert len(edges) < 10


def test_vector_set_stays_small():
    size = sum(p.stat().st_size for p in (ROOT / "conformance" / "red7").rglob("*.json"))
    assert size < 4_000_000


def test_leader_and_qualifying_expectations_agree_with_the_reference_evaluator():
    # The vectors come from the fast engine; the plain evaluator of the spec must say the same.
    for c in ALL:
        r = c["request"]
        if r["op"] == "leader":
            pals = [[parse_card(x) for x in p] for p in r["palettes"]]
            want = reference.leader(parse_colour(r["rule"]), pals, r["out"], Ruleset.from_json(r["ruleset"]))
            assert c["expected"] == {"leader": want}, c["id"]
        elif r["op"] == "qualifying":
            got = reference.qualifying(parse_colour(r["rule"]), [parse_card(x) for x in r["palette"]])
            assert c["expected"] == {"cards": codes(sum(1 << x for x in got))}, c["id"]


def test_every_rule_is_covered_by_leader_and_qualifying():
    for op in ("leader", "qualifying"):
        assert {c["request"]["rule"] for c in ALL if c["request"]["op"] == op} == {
            "red", "orange", "yellow", "green", "blue", "indigo", "violet"}


def test_ties_decided_by_number_and_by_colour_under_every_rule():
    ties = [c for c in ALL if c["id"].startswith("leader/ties/")]
    for rule in ("red", "orange", "yellow", "green", "blue", "indigo", "violet"):
        reasons = [c["reason"] for c in ties if c["request"]["rule"] == rule]
        assert any("by colour" in r or rule == "red" and "R" in r for r in reasons), rule
        assert any("by number" in r or rule == "red" for r in reasons), rule


def test_big_palettes_and_players_out():
    leader = [c["request"] for c in ALL if c["request"]["op"] == "leader"]
    assert any(max(len(p) for p in r["palettes"]) >= 10 for r in leader)
    assert all(max(map(len, r["palettes"])) <= 8 for r in leader if Ruleset.from_json(r["ruleset"]).preset == "basic")
    for players in (3, 4):
        assert any(len(r["palettes"]) == players and r["out"] for r in leader)
    positions = [c["request"]["position"] for c in ALL if "position" in c["request"]]
    assert any(len(p["players"]) == 4 and any(q.get("out") for q in p["players"]) for p in positions)


def test_nobody_winning_is_expected():
    assert any(c["expected"] == {"leader": None} for c in ALL)


def test_every_action_appears_in_expected_turns():
    moves = [m for c in ALL for m in c["expected"].get("moves", [])]
    for verb in ("take", "draw", "canvas", "deck"):
        assert any(f" {verb}" in m for m in moves), verb
    assert any(m.count("play") >= 3 for m in moves)  # a 5 chaining into another action


def test_every_reading_switch_value_a_round_can_show_is_covered():
    used = [Ruleset.from_json(c["ruleset"]) for c in ALL]
    for name, values in SWITCHES.items():
        if name in red7_vectors.MATCH_LEVEL:
            continue
        for value in values:
            assert any(getattr(rs, name) == value for rs in used), (name, value)


def test_illegal_turns_expect_an_error():
    errors = [c for c in ALL if "error" in c["expected"]]
    assert errors and all(c["request"]["op"] == "apply" for c in errors)


def test_bug_kind_edge_cases_are_present():
    edges = {c["reason"] for c in ALL if c["id"].startswith("leader/bug-kinds/")}
    for words in ("Yellow tie", "Orange tie", "Blue counting cards", "duplicate", "players out do not compete",
                  "nobody is winning", "colour compared before number"):
        assert any(words in r for r in edges), words
