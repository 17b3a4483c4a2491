"""The extras gate: a missing integration skips its tests off CI and fails them on CI."""

import pytest
from extras import need


def test_missing_extra_skips_off_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r'pip install "\.\[nothing\]"'):
        need("arbiter_no_such_module", "nothing", allow_module_level=False)


def test_missing_extra_fails_on_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="on CI the nothing extra must be installed"):
        need("arbiter_no_such_module", "nothing", allow_module_level=False)


def test_present_module_is_returned(monkeypatch):
    monkeypatch.setenv("CI", "true")
    assert need("json", "none").dumps([1]) == "[1]"
