"""Hypothesis profiles and the time every test is held to.

Profiles: ``dev`` (the default, what the README's bare ``python -m pytest`` runs) and ``ci`` (deeper);
CI selects ``ci`` through HYPOTHESIS_PROFILE=ci (set by .ci/run). Both are derandomized, so a run
draws the same examples every time: a random draw of a huge search cannot make one run hang while
another passes. ``dev`` also has a deadline per example, a signal for a draw far slower than the rest.

Every test, setup included, must be able to finish within LIMIT seconds on 2 cores: its CPU time
(this process's, and that of the child processes it waited for, which could run beside it) spread
over 2 cores at best, and never less than this process's own. CPU, not wall time, so that a loaded
machine does not fail it; the ``slow`` marker exempts nothing. ``--durations N`` also lists the
tests with the most.
"""

import os
import resource
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["pytester"]  # tests/test_conftest.py runs this file on tests of its own

settings.register_profile(
    "dev", max_examples=60, deadline=timedelta(seconds=20), derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci", max_examples=300, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

LIMIT = float(os.environ.get("ARBITER_TEST_CPU_LIMIT", "60"))
CORES = 2  # the machine the limit is stated for
_started: dict[str, tuple[float, float]] = {}
_spent: dict[str, tuple[float, float, float]] = {}


def cpu_seconds() -> tuple[float, float]:
    """CPU used so far by this process, and by the child processes it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _started[item.nodeid] = cpu_seconds()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if call.when == "call" and item.nodeid in _started:
        (own0, kids0), (own1, kids1) = _started[item.nodeid], cpu_seconds()
        own, kids = own1 - own0, kids1 - kids0
        least = max(own, (own + kids) / CORES)
        _spent[item.nodeid] = (least, own, kids)
        if least > LIMIT and report.passed:
            report.outcome = "failed"
            report.longrepr = (f"{item.nodeid} used {own:.1f} s of CPU and its child processes {kids:.1f} s (setup "
                               f"and call): at least {least:.1f} s on {CORES} cores, more than the {LIMIT:g} s every "
                               "test is held to (tests/conftest.py); make its scope smaller")
    return report


def pytest_terminal_summary(terminalreporter, config):
    count = config.getoption("durations", None)
    if count is None or not _spent:
        return
    terminalreporter.write_sep("=", f"least time on {CORES} cores from CPU (setup and call; limit {LIMIT:g} s)")
    for nodeid, (least, own, kids) in sorted(_spent.items(), key=lambda kv: -kv[1][0])[:count or len(_spent)]:
        terminalreporter.write_line(f"{least:8.2f}s  (cpu {own:.2f}s, children {kids:.2f}s)  {nodeid}")

