"""The multi-game skeleton: the registry, telling a POSITION's game, reading POSITION arguments,
and the protocol loop that dispatches requests on ``"game"``."""

import io
import json

import pytest
from arbiter.model import games, protocol
from arbiter.model.red7.ruleset import Ruleset
from arbiter.model.switches import RulesetError


def test_every_registered_game_names_its_rule_sources_and_player_counts():
    assert list(games.GAMES) == ["red7", "realms", "stick-to-colours", "bridge"]
    for g in games.GAMES.values():
        # bridge ships no rule text: docs/rules-bridge.md cites the Laws of Duplicate Bridge by number
        assert (g.sources or g.id == "bridge") and all(s.endswith((".txt", ".md")) for s in g.sources)
        assert g.players == tuple(sorted(g.players)) and min(g.players) >= 2


@pytest.mark.parametrize("text, game", [
    ("red 0 basic | R7 / O3 | B2 / V6", "red7"),
    ('{"rule": "red", "to_move": 0, "players": []}', "red7"),
    ('{"game": "red7", "rule": "red"}', "red7"),
    ('{"game": "Realms"}', "realms"),
    ("realms 0 | ...", "realms"),
    ("\ufeffstick-to-colours | ...", "stick-to-colours"),
    ("{not json", "red7"),  # the game's own parser reports broken JSON
    ("bridge strain=NT leader=N | N:...", "bridge"),
    ("N:AK... QJ... 32... T9...", "bridge"),  # a bare PBN deal
    ('[Event "?"]\n[Deal "N:AK... QJ... 32... T9..."]', "bridge"),  # a PBN file
])
def test_the_game_of_a_position_text(text, game):
    assert games.game_of_text(text) == game


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(games.UnknownGame, match="unknown game 'chess' .*red7, realms, stick-to-colours"):
        games.game_of_text('{"game": "chess"}')
    with pytest.raises(games.UnknownGame):
        games.info(7)


def test_read_text_takes_stdin_inline_text_and_files_and_drops_a_byte_order_mark(tmp_path):
    assert games.read_text("-", io.StringIO("red 0 | R7 / O3")) == "red 0 | R7 / O3"
    assert games.read_text("red 0 | R7 / O3") == "red 0 | R7 / O3"
    f = tmp_path / "p.txt"
    f.write_bytes("\ufeffred 0 | R7 / O3".encode())
    assert games.read_text(str(f)) == "red 0 | R7 / O3"
    with pytest.raises(ValueError, match="is not a file, JSON or text notation"):
        games.read_text(str(tmp_path / "missing"))


def test_a_game_can_be_registered_before_its_model_is_built():
    for g in games.GAMES:
        if not games.available(g):
            with pytest.raises(games.UnknownGame, match="not built"):
                games.model(g)
    assert games.model("red7").GAME_ID == "red7"


def test_requests_dispatch_on_game_and_hello_lists_the_games_served():
    hello = protocol.handle({"id": 1, "op": "hello"})
    assert hello["protocol"] == "arbiter-engine/1" and list(hello["games"]) == protocol.served()
    assert hello["games"]["red7"]["players"] == [2, 3, 4]
    assert "red7" in hello["games"]
    same = {"op": "leader", "rule": "red", "palettes": [["R7"], ["O7"]]}
    assert protocol.handle({"id": 2, **same}) == protocol.handle({"id": 2, "game": "red7", **same}) == {"id": 2, "leader": 0}
    assert protocol.handle({"id": 3, "op": "hello", "game": "chess"})["error"]["code"] == "unknown_game"
    assert protocol.handle_line(json.dumps({"id": 4, "op": "nope"}))["error"]["code"] == "unknown_op"
    assert protocol.handle([1])["error"]["code"] == "invalid_request"


def test_the_shared_ruleset_machinery_round_trips_and_names_bad_switches():
    r = Ruleset.parse("advanced+actions,final_tie=most_cards,action5_chains=false")
    assert Ruleset.parse(str(r)) == r == Ruleset.from_json(r.to_json())
    assert r.preset == "advanced+actions" and r.overrides() == {"final_tie": "most_cards", "action5_chains": False}
    with pytest.raises(RulesetError, match="unknown switch 'colour'"):
        Ruleset.parse("basic,colour=red")
    with pytest.raises(RulesetError, match="switch 'final_tie' takes shared or most_cards, got 7"):
        Ruleset(final_tie=7)
    with pytest.raises(RulesetError, match="unknown ruleset 'chess'"):
        Ruleset.parse("chess")


LAYER_FOLDERS = {"model": "model", "solver": "solver", "proofs": "proofs", "checker": "checker", "report": "report",
                 "cli": "cli", "openspiel": "adapters/openspiel"}  # each layer's folder in the checkout


def test_every_game_lives_in_one_subpackage_per_layer():
    """The layout: a game's module in layer L is arbiter.L.<package>, found without importing it; the
    layers' roots hold what every game shares (no module of a layer root is named after a game)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    folders = LAYER_FOLDERS
    assert set(folders) == set(games.LAYERS)
    for g in games.GAMES.values():
        provided = games.provides(g.id)
        for layer, folder in folders.items():
            where = root / folder
            on_disk = (where / g.package / "__init__.py").is_file() or (where / f"{g.package}.py").is_file()
            assert provided[layer] == on_disk, (g.id, layer)
        assert provided["model"] and provided["solver"] and provided["proofs"] and provided["checker"], g.id
        assert provided["cli"], g.id  # every game's commands: cli/<package>.py (Red7's too)
    for folder in folders.values():
        for path in (root / folder).glob("*.py"):
            assert not any(path.stem.startswith(g.package + "_") for g in games.GAMES.values()), path


def test_a_layer_a_game_does_not_provide_is_named(monkeypatch):
    with pytest.raises(ValueError, match="unknown layer 'nope'"):
        games.layer("red7", "nope")
    monkeypatch.setitem(games.GAMES, "ghost", games.GameInfo("ghost", "Ghost", (2,), (), "ghost"))
    assert not any(games.provides("ghost").values()) and not games.available("ghost")
    with pytest.raises(games.UnknownGame, match="solver for game 'ghost' is not built"):
        games.layer("ghost", "solver")


def test_red7s_old_import_paths_still_work_with_a_deprecation_note():
    import arbiter.proofs
    import arbiter.solver
    from arbiter.proofs import red7 as proofs_red7
    from arbiter.solver import red7 as solver_red7

    with pytest.warns(DeprecationWarning, match="moved to arbiter.solver.red7.solve"):
        assert arbiter.solver.solve is solver_red7.solve
    with pytest.warns(DeprecationWarning, match="moved to arbiter.proofs.red7.run_catalogue"):
        assert arbiter.proofs.run_catalogue is proofs_red7.run_catalogue
    with pytest.raises(AttributeError):
        arbiter.solver.nothing  # noqa: B018


def test_no_shared_module_of_a_layer_imports_a_game_or_tests_for_one():
    """What is shared by games is written once: a module at a layer's root (``cli/solve.py``,
    ``solver/advise.py``, ``report/build.py``, ...) reaches a game only through the registry and the
    game's own modules' hooks, never by importing a game's subpackage or comparing with a game's id."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    packages = {g.package for g in games.GAMES.values()}
    ids = set(games.GAMES)

    def offences(path: Path) -> list[str]:
        found = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                parts = (node.module or "").split(".")
                if node.level and parts[0] in packages or any(p in packages for p in parts[2:3]):
                    found.append(f"line {node.lineno}: from {'.' * node.level}{node.module} import")
                if node.level and not node.module and any(a.name in packages for a in node.names):
                    found.append(f"line {node.lineno}: from . import {', '.join(a.name for a in node.names)}")
            elif isinstance(node, ast.Import):
                found += [f"line {node.lineno}: import {a.name}" for a in node.names
                          if any(p in packages for p in a.name.split(".")[2:3])]
            elif isinstance(node, ast.Compare):
                consts = [c.value for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                found += [f"line {node.lineno}: compares with {c!r}" for c in consts if c in ids]
        return found

    folders = [root / LAYER_FOLDERS[layer] for layer in games.LAYERS]
    shared = {str(p.relative_to(root)): offences(p) for folder in folders for p in sorted(folder.glob("*.py"))
              if p.stem not in packages}
    assert len(shared) > 50  # every layer's root modules were read
    assert {name: f for name, f in shared.items() if f} == {}
