"""Device facts per platform key: the public numbers, and detection filling them in."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from argmatrix.matrix.devices import DEVICE_FACTS, GIB, device_facts
from argmatrix.matrix.platforms import KNOWN_WITHOUT_COLUMN, PLATFORMS


def test_every_platform_and_known_chip_has_facts():
    assert set(PLATFORMS) | {"310p", "a5"} <= set(DEVICE_FACTS)
    assert {"310p", "a5"} <= set(KNOWN_WITHOUT_COLUMN)
    for facts in DEVICE_FACTS.values():
        assert facts.source.en and facts.source.zh and facts.dtypes


def test_ascend_servers():
    assert (device_facts("a2").devices_per_node, device_facts("a2").memory_bytes) == (8, 64 * GIB)
    assert (device_facts("a3").devices_per_node, device_facts("a3").memory_bytes) == (16, 64 * GIB)
    assert "bfloat16" in device_facts("a2").dtypes and "float8" not in device_facts("a2").dtypes
    assert "bfloat16" not in device_facts("310p").dtypes


def test_cuda_is_unknown_until_told_and_cpu_is_the_host():
    assert device_facts("cuda").devices_per_node is None and device_facts("cuda").memory_bytes is None
    cpu = device_facts("cpu")
    assert cpu.devices_per_node == 1 and cpu.memory_bytes and cpu.memory_bytes > 64 << 20
    with pytest.raises(KeyError):
        device_facts("rocm")


def test_module_imports_nothing_else_from_argmatrix():
    tree = ast.parse(Path("argmatrix/matrix/devices.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"__future__", "dataclasses", "..schema.meta", None} | {"schema.meta"}


def test_detection_reports_count_and_memory(monkeypatch):
    import argmatrix.runtime.detect as detect_mod

    class FakeCuda:
        @staticmethod
        def device_count():
            return 8

        @staticmethod
        def get_device_properties(i):
            return type("P", (), {"total_memory": 141 * GIB})()

    assert detect_mod._count_and_memory(FakeCuda) == (8, 141 * GIB)
    assert detect_mod._count_and_memory(object()) == (None, None)
