"""Shares measured on samples, for every layer above the solver: the Wilson score interval."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of ``count`` successes out of ``total`` trials;
    (0, 1) for no trials, and exactly 0 and 1 at the ends (not rounding's 1e-17)."""
    if total == 0:
        return 0.0, 1.0
    p = count / total
    denom = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denom
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denom
    lo = 0.0 if count == 0 else max(0.0, centre - half)
    hi = 1.0 if count == total else min(1.0, centre + half)
    return lo, hi


__all__ = ["Z95", "wilson"]
