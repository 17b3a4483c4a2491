"""The suite's own promise (tests/conftest.py): a test that uses more CPU than the limit fails,
setup included and whether or not it is marked slow; the default profile draws the same examples
on every run."""

from pathlib import Path

CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")

BURN = '''
import time
import pytest

@pytest.fixture
def costly():
    end = time.process_time() + 0.4
    while time.process_time() < end:
        pass

def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

def test_quick():
    burn(0.01)

@pytest.mark.slow
def test_slow_is_no_excuse():
    burn(0.4)

def test_costly_setup(costly):
    pass
'''


def test_a_test_over_the_cpu_limit_fails_setup_included_slow_or_not(pytester, monkeypatch):
    monkeypatch.setenv("ARBITER_TEST_CPU_LIMIT", "0.2")
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nmarkers = slow: longer\n")
    pytester.makepyfile(test_burn=BURN)
    result = pytester.runpytest_subprocess("--durations", "3")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines([("*test_slow_is_no_excuse used * s of CPU and its child processes * s (setup and "
                                  "call): at least * s on 2 cores, more than the 0.2 s*"),
                                 "*test_costly_setup used * s of CPU*",
                                 "*least time on 2 cores from CPU (setup and call; limit 0.2 s)*"])


CHILDREN = '''
import subprocess
import sys

def burn_in(children):
    code = "import time\\nend = time.process_time() + 0.3\\nwhile time.process_time() < end: pass"
    procs = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(children)]
    assert all(p.wait() == 0 for p in procs)

def test_one_child_counts_whole():
    burn_in(1)

def test_two_children_could_share_two_cores():
    burn_in(2)
'''


def test_child_processes_count_as_spread_over_two_cores(pytester, monkeypatch):
    # One child of 0.3 s: at least 0.15 s on 2 cores; four of them (1.2 s) at least 0.6 s.
    monkeypatch.setenv("ARBITER_TEST_CPU_LIMIT", "0.4")
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_children=CHILDREN.replace("burn_in(2)", "burn_in(4)"))
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*test_two_children_could_share_two_cores used * s of CPU and its child processes 1.*"])


def test_the_default_profile_draws_the_same_examples_every_run(pytester, monkeypatch):
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_draws='''
from hypothesis import given, strategies as st

def test_draws(tmp_path_factory):
    seen = []

    @given(st.integers(0, 10**9))
    def draws(n):
        seen.append(n)

    draws()
    print("DRAWN", seen[:20])
''')
    runs = [pytester.runpytest_subprocess("-s", "-p", "no:cacheprovider") for _ in range(2)]
    drawn = [[line[line.index("DRAWN"):] for line in r.stdout.lines if "DRAWN" in line] for r in runs]
    assert drawn[0] and drawn[0] == drawn[1]


def test_under_xdist_each_worker_holds_its_tests_and_the_controller_lists_them(pytester, monkeypatch):
    """With two xdist workers the limit holds in each worker and the costliest tests are listed in
    the controller's summary; the tests that share a module fixture run on one worker, which builds
    it once; each worker has a cache directory of its own."""
    monkeypatch.setenv("ARBITER_TEST_CPU_LIMIT", "0.2")
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nmarkers = slow: longer\n")
    pytester.makepyfile(test_burn=BURN, test_shared='''
import os
from pathlib import Path
import pytest

@pytest.fixture(scope="module")
def built():
    with open(Path.cwd() / "built.txt", "a") as out:
        out.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")

def cache():
    print("CACHE", os.environ["PYTEST_XDIST_WORKER"], os.environ["ARBITER_CACHE_DIR"])

@pytest.mark.parametrize("n", range(8))
def test_shares(built, n):
    cache()

@pytest.mark.parametrize("n", range(8))
def test_cache(n):
    cache()
''')
    # test_shared.py first: the group (the largest unit) goes to one worker and test_cache[0] to the
    # other before any test runs, so both workers print their cache directory whatever the load.
    result = pytester.runpytest_subprocess("test_shared.py", "test_burn.py", "-n", "2", "--dist", "loadgroup",
                                           "--durations", "3", "-rP")
    result.assert_outcomes(passed=17, failed=2)
    result.stdout.fnmatch_lines(["*test_slow_is_no_excuse used * s of CPU*",
                                 "*least time on 2 cores from CPU (setup and call; limit 0.2 s)*",
                                 "*s  (cpu *s, children *s)  test_burn.py::test_*"])
    assert len((pytester.path / "built.txt").read_text().split()) == 1
    caches = {tuple(line.split()[1:]) for line in result.stdout.lines if line.startswith("CACHE ")}
    assert {worker for worker, _ in caches} == {"gw0", "gw1"} and len({cache for _, cache in caches}) == 2, caches
