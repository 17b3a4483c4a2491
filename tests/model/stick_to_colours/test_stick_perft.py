"""Perft: counts of legal decision sequences held to ``data/perft.json`` (regenerate with
``python tests/model/stick_to_colours/make_perft.py``); on a mismatch the per-move breakdown names
the decisions whose subtrees differ. The dealer's first count is also derived by hand."""

import importlib.util
import json
from pathlib import Path

import pytest
from arbiter.model.stick_to_colours import position_from_json

_spec = importlib.util.spec_from_file_location("stick_make_perft", Path(__file__).with_name("make_perft.py"))
make_perft = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_perft)

ENTRIES = json.loads(make_perft.DATA.read_text())["entries"]


def cases():
    for i, entry in enumerate(ENTRIES):
        for depth in map(int, entry["counts"]):
            yield pytest.param(entry, depth, id=f"{entry['ruleset']}-{entry['players']}p-{i}-d{depth}")


@pytest.mark.parametrize("entry, depth", list(cases()))
def test_perft(entry, depth):
    pos = position_from_json(entry["position"])
    found = make_perft.perft(pos, depth)
    want = entry["counts"][str(depth)]
    if found != want:
        lines = [f"  {m:40} {n}" for m, n in sorted(make_perft.divide(pos, depth).items())]
        pytest.fail(f"perft {depth}: expected {want}, found {found}; per move:\n" + "\n".join(lines))


def test_first_decision_counts_by_hand():
    """At the deal, with no tokens and distinct cards: a pass, or one of the m market cards put up
    with a non-empty set of the other m - 1 refused (raise_by=one: exactly one refused)."""
    for entry in ENTRIES:
        if entry["position"]["auction"] is None:
            m = len(entry["position"]["market"])
            bids = m - 1 if "raise_by=one" in entry["ruleset"] else 2 ** (m - 1) - 1
            assert entry["counts"]["1"] == 1 + m * bids
