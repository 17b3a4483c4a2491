"""Perft: move-sequence counts from seeded Realms deals (chance outcomes expanded) held to
``data/perft.json`` (regenerate with ``python tests/model/realms/make_realms_perft.py``); the
deepest count's per-move breakdown names the moves whose subtrees differ on a mismatch."""

import importlib.util
import json
from pathlib import Path

import pytest
from arbiter.model.realms.notation import position_from_json

_spec = importlib.util.spec_from_file_location("make_realms_perft", Path(__file__).with_name("make_realms_perft.py"))
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)

ENTRIES = json.loads(make.DATA.read_text())["entries"]
CHEAP = 3000  # counts above this run with the slow tests
AT_MOST = 30_000  # counts above this are in the data file for a deliberate deep check, not run in CI


def _label(e: dict) -> str:
    return f"{e['ruleset']}-{e['players']}p"


CASES = [pytest.param(e, d, id=f"{_label(e)}-d{d}",
                      marks=[pytest.mark.slow] if e["counts"][d] > CHEAP or d == str(make.DEPTH) else [])
         for e in ENTRIES for d in e["counts"] if e["counts"][d] <= AT_MOST]


@pytest.mark.parametrize("entry, depth", CASES)
def test_perft_counts(entry, depth):
    pos = position_from_json(entry["position"])
    if depth == str(make.DEPTH):
        got = make.divide(pos, make.DEPTH)
        wrong = {m: (n, entry["divide"].get(m)) for m, n in got.items() if entry["divide"].get(m) != n}
        assert not wrong and set(got) == set(entry["divide"]), f"moves whose subtrees differ (got, want): {wrong}"
    else:
        assert make.perft(pos, int(depth)) == entry["counts"][depth]


def test_the_readings_change_the_counts():
    by = {(e["ruleset"], e["players"]): e["counts"] for e in ENTRIES}
    assert by[("default,troll_bullets=troll", 2)] != by[("default", 2)]
    assert by[("default,match_follow=free,specials_follow=anytime", 2)] != by[("default", 2)]
