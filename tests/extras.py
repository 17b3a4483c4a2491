"""Tests of the integrations need their extras: off CI a missing package skips them with its
install command; on CI (CI=true) it fails, so CI never passes by skipping them."""

import importlib
import os

import pytest


def need(module: str, extra: str, allow_module_level: bool = True):
    """Import ``module`` or skip (fail on CI) naming the extra that provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        message = f'{module} is not installed ({e}); pip install ".[{extra}]"'
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"on CI the {extra} extra must be installed: {message}", pytrace=False)
        pytest.skip(message, allow_module_level=allow_module_level)
