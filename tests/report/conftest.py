"""Reports built once per session: a quick one (2 games per player count) for most tests, and one
at the size of the committed docs/clarifications/red7.md for the test that keeps it in step (its
games played by one worker process per core, which gives the same report).
Witnesses depend only on the seed and are searched once for both."""

import os

import pytest
from arbiter.report.build import build

DOC_GAMES, DOC_SEED = 200, 7  # the committed report: `arbiter report --games 200 --seed 7 --out docs/clarifications/red7.md`
QUICK_GAMES = 2


@pytest.fixture(scope="session")
def report():
    return build(QUICK_GAMES, DOC_SEED)


@pytest.fixture(scope="session")
def doc_report():
    return build(DOC_GAMES, DOC_SEED, jobs=os.cpu_count() or 1)
