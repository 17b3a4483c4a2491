"""One report built once per session at the size of the committed docs/clarifications/red7.md."""

import pytest
from arbiter.report.build import build

DOC_GAMES, DOC_SEED = 20, 7  # the committed report: `arbiter report --games 20 --seed 7 --out docs/clarifications/red7.md`


@pytest.fixture(scope="session")
def report():
    return build(DOC_GAMES, DOC_SEED)
