"""Device facts per platform key: the public numbers, and detection filling them in."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from argmatrix.matrix.devices import GIB
from argmatrix.matrix.platforms import PLATFORMS, resolve


def test_every_platform_has_device_facts():
    for platform in PLATFORMS.values():
        facts = platform.devices
        assert facts.source.en and facts.source.zh and facts.dtypes, platform.key


def test_ascend_servers():
    a2, a3 = PLATFORMS["a2"].device_facts(), PLATFORMS["a3"].device_facts()
    assert (a2.devices_per_node, a2.memory_bytes) == (8, 64 * GIB)
    assert (a3.devices_per_node, a3.memory_bytes) == (16, 64 * GIB)
    assert "bfloat16" in a2.dtypes and "float8" not in a2.dtypes
    assert "bfloat16" not in PLATFORMS["310p"].devices.dtypes


def test_cuda_is_unknown_until_told_and_cpu_is_the_host():
    cuda = PLATFORMS["cuda"].device_facts()
    assert cuda.devices_per_node is None and cuda.memory_bytes is None
    cpu = PLATFORMS["cpu"].device_facts()
    assert cpu.devices_per_node is None and cpu.memory_bytes and cpu.memory_bytes > 64 << 20  # ranks, not devices
    with pytest.raises(ValueError):
        resolve("rocm")


def test_module_imports_nothing_else_from_argmatrix():
    tree = ast.parse(Path("argmatrix/matrix/devices.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"__future__", "records", "schema.meta", None}


def test_detection_reports_count_and_memory(monkeypatch):
    import argmatrix.matrix.platforms.detect as detect_mod

    class FakeCuda:
        @staticmethod
        def device_count():
            return 8

        @staticmethod
        def get_device_properties(i):
            return type("P", (), {"total_memory": 141 * GIB})()

    assert detect_mod._count_and_memory(FakeCuda) == (8, 141 * GIB)
    assert detect_mod._count_and_memory(object()) == (None, None)
