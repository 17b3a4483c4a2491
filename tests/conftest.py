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

The suite runs on every core (pytest-xdist, ``-n auto`` in pyproject.toml). Each worker measures
its own tests; the figures travel to the controller in each report's ``user_properties``, so the
list of the costliest tests is printed in the controller's summary, as in a run on one process.
Tests that share a fixture broader than a function (a session's quick report, a module's proofs)
are put in one xdist group, so that it is built on one worker only (``--dist loadgroup``). Each
process has a cache directory of its own (ARBITER_CACHE_DIR), so no test reads what another one,
or an earlier run, wrote there.
"""

import json
import os
import resource
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

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
SPENT = "arbiter_cpu"  # the user_properties key that carries a test's (least, own, children) seconds


def pytest_configure(config):
    """A directory of this process's (an xdist worker, the controller or the only process), removed at
    the end: its ARBITER_CACHE_DIR, and on xdist's controller the files of the workers' groups."""
    config._arbiter_dir = tempfile.mkdtemp(prefix="arbiter-test-cache-")
    os.environ["ARBITER_CACHE_DIR"] = config._arbiter_dir


def pytest_unconfigure(config):
    shutil.rmtree(getattr(config, "_arbiter_dir", ""), ignore_errors=True)


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
        report.user_properties.append((SPENT, (least, own, kids)))
        if least > LIMIT and report.passed:
            report.outcome = "failed"
            report.longrepr = (f"{item.nodeid} used {own:.1f} s of CPU and its child processes {kids:.1f} s (setup "
                               f"and call): at least {least:.1f} s on {CORES} cores, more than the {LIMIT:g} s every "
                               "test is held to (tests/conftest.py); make its scope smaller")
    return report


def pytest_runtest_logreport(report):
    """Called where the summary is printed: in the only process, or in xdist's controller."""
    for name, value in report.user_properties:
        if name == SPENT:
            _spent[report.nodeid] = tuple(value)


def pytest_terminal_summary(terminalreporter, config):
    count = config.getoption("durations", None)
    if count is None or not _spent or hasattr(config, "workerinput"):
        return
    terminalreporter.write_sep("=", f"least time on {CORES} cores from CPU (setup and call; limit {LIMIT:g} s)")
    for nodeid, (least, own, kids) in sorted(_spent.items(), key=lambda kv: -kv[1][0])[:count or len(_spent)]:
        terminalreporter.write_line(f"{least:8.2f}s  (cpu {own:.2f}s, children {kids:.2f}s)  {nodeid}")



SHARED = ("session", "package", "module", "class")  # fixture scopes whose value outlives one test


def _shared(item) -> set[str]:
    """The fixtures broader than a function that ``item`` uses, written in the project's tests (not
    a plugin's, not autouse), and the xdist groups it is marked with (a fixture asked for by name
    at run time is named by such a mark on the parameter that asks for it)."""
    names = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    info = getattr(item, "_fixtureinfo", None)
    for name, defs in (info.name2fixturedefs.items() if info else ()):
        fixture = defs[-1]
        if fixture.scope in SHARED and fixture.baseid and not getattr(fixture, "_autouse", False):
            names.add(f"{fixture.baseid}:{name}" if fixture.scope != "session" else name)
    return names


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """One xdist group for every set of tests linked by a shared fixture (tests that share a fixture,
    and through it the tests sharing another fixture with them), named after the first in sort order."""
    if not config.pluginmanager.hasplugin("xdist"):
        return
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            name = parent[name] = parent[parent[name]]
        return name

    uses = {item: sorted(_shared(item)) for item in items}
    for names in uses.values():
        for other in names[1:]:
            a, b = sorted((root(names[0]), root(other)))
            parent[b] = a
    for item in items:
        for node in item.listchain():
            node.own_markers[:] = [m for m in node.own_markers if m.name != "xdist_group"]
    for item, names in uses.items():
        if names:
            item.add_marker(pytest.mark.xdist_group(root(names[0])))
    _fewest_first(config, items, {item: root(names[0]) for item, names in uses.items() if names}, uses)


def _builds(config, item, name: str, seen: set[str]) -> None:
    """Add to ``seen`` the fixture ``name`` and every fixture it asks for, as ``item`` sees them."""
    if name in seen:
        return
    seen.add(name)
    defs = config.pluginmanager.get_plugin("funcmanage").getfixturedefs(name.rsplit(":", 1)[-1], item) or ()
    for fixture in defs[-1:]:
        for arg in fixture.argnames:
            _builds(config, item, arg, seen)


def _fewest_first(config, items, group_of, uses) -> None:
    """Within each group, the tests that build fewer shared fixtures run first (a stable sort in the
    group's own places of the list), so that each fixture's cost falls on a test of its own: a test
    needing the quick report, which asks for the proofs, does not also pay for the proofs when a test
    asking only for the proofs is in its group (both together pass the limit)."""
    places: dict[str, list[int]] = {}
    for i, item in enumerate(items):
        if item in group_of:
            places.setdefault(group_of[item], []).append(i)

    def cost(item) -> int:
        seen: set[str] = set()
        for name in uses[item]:
            _builds(config, item, name, seen)
        return len(seen)

    for where in places.values():
        ordered = sorted((items[i] for i in where), key=cost)
        for i, item in zip(where, ordered, strict=True):
            items[i] = item


# xdist's own loadgroup puts the group in the test's id, which pytest 9.2's ids no longer take. So
# each worker writes the groups it collected to a file of the controller's, and the controller
# schedules from it: a group goes to one worker whole, any other test alone, the largest first.
GROUPS = "arbiter_groups"  # the key of the controller's directory in each worker's workerinput


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    where = getattr(session.config, "workerinput", {}).get(GROUPS)
    if where:
        groups = {item.nodeid: item.get_closest_marker("xdist_group").args[0]
                  for item in session.items if item.get_closest_marker("xdist_group")}
        name = Path(where) / f"groups-{session.config.workerinput['workerid']}.json"
        name.with_suffix(".tmp").write_text(json.dumps(groups))
        name.with_suffix(".tmp").replace(name)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    node.workerinput[GROUPS] = node.config._arbiter_dir


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        """xdist's scheduling by scope, a test's scope being its group, or itself."""

        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # first asked once every worker has collected (and written its file)
                files = sorted(Path(config._arbiter_dir).glob("groups-*.json"))
                self.groups = json.loads(files[0].read_text()) if files else {}
            return self.groups.get(nodeid, nodeid)

    return Grouped(config, log)
