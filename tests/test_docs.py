"""Every ``>>>`` example in docs/*.md and README.md runs and prints what the page says."""

import doctest
from pathlib import Path

import pytest
from extras import need

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(ROOT.glob("docs/**/*.md")) + [ROOT / "README.md"]


NEEDS = {"openspiel.md": ("pyspiel", "openspiel"), "scale.md": ("distributed", "distributed")}  # page: (module, extra)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_doc_examples_run(page):
    if page.name in NEEDS:
        need(*NEEDS[page.name], allow_module_level=False)
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} example(s) in {page.name} failed"


def test_module_doctests():
    from arbiter.model import red7

    result = doctest.testmod(red7)
    assert result.attempted > 0 and result.failed == 0


def test_step_module_doctests():
    from arbiter.model.realms import steps as realms_steps
    from arbiter.model.red7 import steps as red7_steps
    from arbiter.model.stick_to_colours import steps as stick_steps

    for module in (red7_steps, realms_steps, stick_steps):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
