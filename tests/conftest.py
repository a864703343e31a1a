"""Shared fixtures: paths, a guard that keeps the developer's ARGMATRIX_* variables out of tests, a wide console."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
SLOW_TESTS = Path(__file__).with_name("slow_tests.txt")


def slow_test_ids() -> set[str]:
    """The node ids tests/slow_tests.txt lists (measured there; the slowest carry the marker in their files)."""
    lines = SLOW_TESTS.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    slow = slow_test_ids()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def seed001() -> list[dict]:
    return json.loads((FIXTURES / "seed001.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def seed000() -> list[dict]:
    return json.loads((FIXTURES / "seed000.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _no_argmatrix_env(monkeypatch):
    import os

    for var in list(os.environ):
        if var.upper().startswith("ARGMATRIX_"):
            monkeypatch.delenv(var)


@pytest.fixture(autouse=True)
def _no_installed_engines(monkeypatch):
    """An SGLang or vLLM installed on the developer's machine would change which release judges a launch
    (``matrix/engines/installed.py``); the tests judge by what they name, or the newest held."""
    from argmatrix.matrix.engines import installed

    monkeypatch.setattr(installed, "installed_release", lambda distribution: None)


@pytest.fixture(autouse=True)
def _wide_console(monkeypatch):
    """rich wraps output at the terminal's width (80 columns without a terminal), so a message that holds a
    tmp path wraps differently from run to run and a substring check misses it. Tests about wrapping set
    their own COLUMNS."""
    monkeypatch.setenv("COLUMNS", "400")
