"""Perft: counts of legal whole-turn sequences from seeded deals, every preset and 2-4 players,
held to ``data/perft.json`` (regenerate with ``python tests/model/red7/make_perft.py``). On a
mismatch the per-move breakdown names the turns whose subtrees differ, python-chess style."""

import importlib.util
import json
from pathlib import Path

import pytest
from arbiter.model.red7 import game
from arbiter.model.red7.notation import position_from_json
from arbiter.model.red7.ruleset import preset

_spec = importlib.util.spec_from_file_location("make_perft", Path(__file__).with_name("make_perft.py"))
make_perft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_perft)

ENTRIES = json.loads(make_perft.DATA.read_text())["entries"]
SLOW_LEAVES = 20_000  # bigger counts run with the slow tests (each leaf is a position built)


def label(entry: dict) -> str:
    return f"{entry['ruleset']}-{entry['players']}p-seed{entry['seed']}"


def cases():
    for entry in ENTRIES:
        for depth in map(int, entry["counts"]):
            slow = entry["counts"][str(depth)] > SLOW_LEAVES
            yield pytest.param(entry, depth, id=f"{label(entry)}-d{depth}",
                               marks=[pytest.mark.slow] if slow else [])


def breakdown(expected: dict[str, int], found: dict[str, int]) -> str:
    lines = []
    for move in sorted(set(expected) | set(found)):
        want, got = expected.get(move), found.get(move)
        if want != got:
            lines.append(f"  {move:40} expected {want if want is not None else '(not a move)':>12}"
                         f"  found {got if got is not None else '(not a move)':>12}")
    return "\n".join(lines)


@pytest.mark.parametrize("entry", ENTRIES, ids=label)
def test_seeded_deal_is_the_recorded_position(entry):
    """The deal is reproducible from its seed; perft counts below start from the recorded
    position either way."""
    pos = game.deal(entry["players"], entry["seed"], preset(entry["ruleset"]))
    assert pos == position_from_json(entry["position"])


@pytest.mark.parametrize("entry, depth", list(cases()))
def test_perft(entry, depth):
    pos = position_from_json(entry["position"])
    expected = entry["counts"][str(depth)]
    if str(depth) == max(entry["counts"], key=int):
        found = make_perft.divide(pos, depth)
        if sum(found.values()) != expected or found != entry["divide"]:
            pytest.fail(f"perft({depth}) of {label(entry)}: expected {expected}, found {sum(found.values())}; "
                        f"turns whose counts differ:\n{breakdown(entry['divide'], found)}")
    else:
        found = make_perft.perft(pos, depth)
        if found != expected:
            moves = make_perft.divide(pos, depth)
            pytest.fail(f"perft({depth}) of {label(entry)}: expected {expected}, found {found}; by turn:\n"
                        + "\n".join(f"  {m:40} {n}" for m, n in sorted(moves.items())))


def test_perft_counts_sequences_of_whole_turns():
    """Depth 1 is the number of legal turns; a round over has none."""
    pos = game.deal(2, 0)
    assert make_perft.perft(pos, 1) == len(game.legal_moves(pos))
    assert make_perft.perft(pos, 2) == sum(len(game.legal_moves(after)) for _, after in game.successors(pos))
    ended = game.apply(pos, "pass")
    assert ended.is_over and make_perft.perft(ended, 1) == 0 and make_perft.perft(ended, 0) == 1
