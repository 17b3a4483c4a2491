"""The hello answer read as capabilities (docs/protocol.md "Capabilities"): the old three fields
still work, a declaration bounds what is checked, a bad one is a clear fault, and the notes name
what the model serves and the check leaves out."""

import pytest
from arbiter.checker.capabilities import from_hello, not_checked
from arbiter.checker.engine import EngineFault
from arbiter.checker.plugin import Needs
from arbiter.checker.red7 import PLUGIN
from arbiter.model.red7.protocol import handle

OLD = {"protocol": "arbiter-engine/1", "game": "red7", "ops": ["hello", "leader"]}
ALL_OPS = ["leader", "qualifying", "legal_moves", "apply"]


def test_an_old_hello_is_basic_with_2_to_4_players():
    caps, notes = from_hello(OLD, PLUGIN, "e")
    assert caps.ops == ("hello", "leader") and caps.players == (2, 3, 4) and caps.presets == ("basic",)
    assert not caps.declared and notes == []
    assert caps.supports(Needs(3, "basic")) and not caps.supports(Needs(3, "actions"))
    assert not caps.supports(Needs(2, "basic", (("nobody_qualifies", "highest_card"),)))
    (first, *rest) = not_checked(caps, PLUGIN, ["leader"])
    assert "declares no capabilities" in first
    # the readings a leader question reads (checker/red7/cases.py OP_SWITCHES), not those of a turn
    assert rest == [("switch values not checked: nobody_qualifies=highest_card, tie_break=highest_card, "
                    "out_palettes=compete")]


def test_arbiter_engine_declares_everything_the_checker_can_check():
    hello = {k: v for k, v in handle({"id": 1, "op": "hello"}).items() if k != "id"}
    caps, notes = from_hello(hello, PLUGIN, "e")
    assert caps.declared and notes == [] and not_checked(caps, PLUGIN, ALL_OPS) == []
    assert caps.supports(Needs(4, "advanced+actions", (("action1_count", "before_play"), ("final_tie", "most_cards"))))


def test_a_declaration_bounds_players_presets_and_switch_values():
    hello = {**OLD, "games": {"red7": {"players": [2], "presets": ["basic", "actions"],
                                       "switches": {"action_mode": ["mandatory", "optional"]}}}}
    caps, _ = from_hello(hello, PLUGIN, "e")
    assert caps.ops == ("hello", "leader")  # the top-level ops stand in
    assert caps.supports(Needs(2, "actions", (("action_mode", "optional"),)))
    assert not caps.supports(Needs(3, "actions"))
    assert not caps.supports(Needs(2, "advanced"))
    assert not caps.supports(Needs(2, "basic", (("losing_turns", "legal"),)))
    notes = " | ".join(not_checked(caps, PLUGIN, ALL_OPS))
    assert "presets not checked: advanced, advanced+actions" in notes and "players not checked: 3, 4" in notes
    assert "losing_turns=legal" in notes and "action_mode=optional" not in notes


def test_true_is_not_one():
    hello = {**OLD, "games": {"red7": {"switches": {"action5_chains": [True, False]}}}}
    caps, _ = from_hello(hello, PLUGIN, "e")
    assert caps.supports(Needs(2, "basic", (("action5_chains", False),)))
    assert not caps.supports(Needs(2, "basic", (("action5_chains", 0),)))


def test_unknown_names_are_noted_not_checked():
    hello = {**OLD, "games": {"red7": {"presets": ["basic", "tournament"], "switches": {"colour_blind": [True]}}}}
    caps, notes = from_hello(hello, PLUGIN, "e")
    assert caps.presets == ("basic",)
    assert any("tournament" in n for n in notes) and any("'colour_blind'" in n for n in notes)


@pytest.mark.parametrize("hello, words", [
    ({**OLD, "protocol": "uci"}, "speaks protocol 'uci'"),
    ({k: v for k, v in OLD.items() if k != "protocol"}, 'gave no "protocol" in its hello answer'),
    ({**OLD, "game": "chess"}, "plays 'chess', expected 'red7'"),
    ({**OLD, "ops": "leader"}, "lists no ops"),
    ({**OLD, "games": ["red7"]}, "'games' must map game ids to objects"),
    ({**OLD, "games": {"realms": {}}}, "does not declare the game 'red7' (its hello declares 'realms')"),
    ({**OLD, "games": {"red7": {"players": "2-4"}}}, "games.red7.players must be a list of player counts"),
    ({**OLD, "games": {"red7": {"presets": "basic"}}}, "games.red7.presets must be a list of strings"),
    ({**OLD, "games": {"red7": {"switches": {"nobody_qualifies": ["sometimes"]}}}},
     "switches.nobody_qualifies: 'sometimes' is not a value of 'nobody_qualifies'"),
    ({"error": {"code": "unknown_op"}}, "answered hello with an error"),
    ({**OLD, "games": {"red7": {"players": [1, 5]}}}, "players: none of [1, 5] is a player count of red7 (2, 3, 4)"),
    ({**OLD, "games": {"red7": {"presets": []}}}, "presets: none of [] is a preset of red7"),
])
def test_a_bad_hello_is_a_clear_fault(hello, words):
    with pytest.raises(EngineFault) as fault:
        from_hello(hello, PLUGIN, "e")
    assert words in str(fault.value)


def test_coverage_lists_the_labels_it_exercised_beside_those_it_did_not():
    # "players 3 (not exercised: 3, 5)" once gave a count where the labels belong.
    from arbiter.checker.report import Report

    report = Report("engine", "realms", coverage={"players": {"2": 4, "4": 1, "6": 2}},
                    not_exercised={"players": ["3", "5"]})
    assert "coverage: players 2, 4, 6 (not exercised: 3, 5)" in report.to_text()


@pytest.mark.parametrize("key", ["stick-to-colours", "stick_to_colours"])
def test_a_stick_to_colours_declaration_is_read_under_either_spelling_of_its_id(key):
    # docs/protocol.md names the id as requests carry it and says that '_' reads as '-'
    from arbiter.checker.stick_to_colours import PLUGIN as STICK

    hello = {"protocol": "arbiter-engine/1", "game": key, "ops": ["hello", "score"],
             "games": {key: {"ops": ["hello", "score"], "switches": {"run_split": ["optimal", "layered"]}}}}
    caps, _ = from_hello(hello, STICK, "e")
    assert caps.ops == ("hello", "score") and caps.switches == {"run_split": ("optimal", "layered")}
    del hello["games"]
    assert from_hello(hello, STICK, "e")[0].ops == ("hello", "score")
