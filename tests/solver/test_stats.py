"""The one Wilson interval (solver/stats.py), used by advise and the report's frequencies."""

import pytest
from arbiter.solver.stats import wilson


def test_wilson_interval_matches_known_values():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775


def test_wilson_interval_ends_are_exact():
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0 and wilson(0, 25)[0] == 0.0
    lo, hi = wilson(3, 7)
    assert 0 < lo < 3 / 7 < hi < 1
