"""Reports built once per session: a quick one per game (2 games per setting; Realms: 1 game per
setting) for the tests; the quick Realms appendix proves only the text's examples (the catalogue is
proved theorem by theorem in tests/proofs/realms). The committed editions, at 200 games per setting,
are checked without a rebuild against them (test_red7_committed.py, realms/test_realms_committed.py,
stick_to_colours/test_stick_committed.py, on the shared checks of committed.py). They search witnesses and
play games in one worker process per core (the same report as one process gives); witnesses depend
only on the seed."""

import os

import pytest
from arbiter.report.build import build

DOC_SEED = 7  # the committed reports' seed
QUICK_GAMES = 2
REALMS_QUICK_GAMES = 1
REALMS_QUICK_THEOREMS = "realms/examples"  # the quick Realms appendix: the whole catalogue is minutes of z3


@pytest.fixture(scope="session")
def red7_proofs():
    """Red7's proofs section, proved once per session on one worker per core. The quick report
    reads it from the process's memo (report.proved.cached), so the first test to ask for the report
    does not also pay for the proofs: each is about half of the build, which together pass the 60 s
    a test is held to."""
    from arbiter.report.red7 import theorems

    return theorems.section(jobs=os.cpu_count() or 1)


@pytest.fixture(scope="session")
def report(red7_proofs):
    return build(QUICK_GAMES, DOC_SEED, jobs=os.cpu_count() or 1)


@pytest.fixture(scope="session")
def realms_report():
    return build(REALMS_QUICK_GAMES, DOC_SEED, "realms", jobs=os.cpu_count() or 1, theorems_only=REALMS_QUICK_THEOREMS)


STICK_QUICK_GAMES = 2


@pytest.fixture(scope="session")
def stick_report():
    return build(STICK_QUICK_GAMES, DOC_SEED, game="stick-to-colours", jobs=os.cpu_count() or 1)


QUICK_REPORTS = {"red7": "report", "realms": "realms_report", "stick-to-colours": "stick_report"}


@pytest.fixture(params=[pytest.param(game, marks=pytest.mark.xdist_group(name)) for game, name in QUICK_REPORTS.items()])
def any_report(request):
    """Each game's quick report, for the tests every rendered report must pass. Each parameter is in
    its report fixture's xdist group (tests/conftest.py), so that the report is built on one worker."""
    return request.getfixturevalue(QUICK_REPORTS[request.param])
