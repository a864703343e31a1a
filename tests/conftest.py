"""Shared fixtures: paths, and a guard that keeps the developer's ARGMATRIX_* variables out of tests."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"


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
