"""Platform detection: the SoC-name table with recorded strings, the whole auto path with fake torch modules,
and no torch import when the target is given."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from importlib.machinery import ModuleSpec
from types import SimpleNamespace

import pytest

from argmatrix.matrix.platforms import detect as detect_mod
from argmatrix.matrix.platforms.detect import ascend_platform, detect

from .helpers import run


@pytest.mark.parametrize("soc, platform", [
    ("Ascend910B1", "a2"), ("Ascend910B2", "a2"), ("Ascend910B3", "a2"), ("Ascend910B4", "a2"),
    ("ascend910b2c", "a2"), ("  Ascend910B3 ", "a2"),
    ("Ascend910_9391", "a3"), ("Ascend910_9392", "a3"), ("Ascend910_9381", "a3"), ("Ascend910_9382", "a3"),
    ("Ascend910_9372", "a3"),
    ("Ascend310P3", "310p"), ("Ascend310P1", "310p"),
    ("Ascend950PR", "a5"), ("Ascend950DT", "a5"),
    ("Tesla V100", None), ("", None),
])
def test_soc_names(soc, platform):
    found = ascend_platform(soc)
    assert (found.key if found else None) == platform


def _torch(*, npu=False, cuda=False, name="NVIDIA H200", hip=None):
    return SimpleNamespace(npu=SimpleNamespace(is_available=lambda: npu),
                           cuda=SimpleNamespace(is_available=lambda: cuda, get_device_name=lambda i: name),
                           version=SimpleNamespace(hip=hip))


def _torch_npu(name):
    def get_device_name(i):
        if isinstance(name, Exception):
            raise name
        return name
    return SimpleNamespace(npu=SimpleNamespace(get_device_name=get_device_name, get_soc_version=lambda: 250))


@pytest.fixture
def machine(monkeypatch):
    """Install fake ``torch`` / ``torch_npu`` modules (or none) as detection will see them."""
    real_find_spec = importlib.util.find_spec

    def install(*, torch=None, torch_npu=None):
        present = {"torch": torch, "torch_npu": torch_npu}

        def find_spec(name, *args, **kwargs):
            if name in present:
                return ModuleSpec(name, None) if present[name] is not None else None
            return real_find_spec(name, *args, **kwargs)

        monkeypatch.setattr(importlib.util, "find_spec", find_spec)
        for name, module in present.items():
            if module is None:
                monkeypatch.delitem(sys.modules, name, raising=False)
            else:
                monkeypatch.setitem(sys.modules, name, module)
    return install


@pytest.mark.parametrize("name, platform", [("Ascend910B3", "a2"), ("Ascend910_9392", "a3"),
                                            ("Ascend910_9381", "a3")])
def test_auto_finds_an_npu(machine, name, platform):
    machine(torch=_torch(npu=True), torch_npu=_torch_npu(name))
    found = detect()
    assert (found.platform, found.device_name, found.unsupported) == (platform, name, None)
    assert name in found.how and "250" in found.how
    c = run(["--tp", "2"], target=None)
    assert c.platform == platform and c.detection == found
    assert c.args.page_size == 128 and c.sources["page_size"] == f"platform:{platform}"
    assert run([], target="auto").platform == platform
    assert run([], target=None, env={"ARGMATRIX_TARGET": "auto"}).platform == platform


@pytest.mark.parametrize("name, key", [("Ascend310P3", "310p"), ("Ascend950PR", "a5")])
def test_auto_recognises_ascend_chips_without_a_table(machine, name, key):
    """310P and A5 are columns of their own: detection picks them, their statuses say nothing is verified."""
    machine(torch=_torch(npu=True), torch_npu=_torch_npu(name))
    found = detect()
    assert found.platform == key and found.unsupported is None
    c = run(["--tp", "2"], target=None)
    assert [f.code for f in c.findings] == ["AM-W108"] and c.exit_code == 0


def test_auto_names_an_unknown_ascend_chip(machine):
    machine(torch=_torch(npu=True), torch_npu=_torch_npu("Ascend999X"))
    found = detect()
    assert found.platform == "cpu" and found.unsupported == "Ascend999X"
    c = run(["--tp", "2"], target=None)  # checking it as a cpu would be meaningless: say so, exit 2
    assert [f.code for f in c.findings] == ["AM-E601"] and c.exit_code == 2
    assert "Ascend999X" in c.findings[0].message.en


def test_auto_survives_a_broken_npu_driver(machine):
    machine(torch=_torch(npu=True), torch_npu=_torch_npu(RuntimeError("drvMngGetConsoleLogLevel failed")))
    found = detect()
    assert found.platform == "cpu" and "drvMngGetConsoleLogLevel" in found.how


def test_auto_npu_package_without_a_device_falls_through_to_cuda(machine):
    machine(torch=_torch(npu=False, cuda=True), torch_npu=_torch_npu("Ascend910B3"))
    assert detect().platform == "cuda"


def test_auto_finds_cuda(machine):
    machine(torch=_torch(cuda=True, name="NVIDIA H200"))
    found = detect()
    assert (found.platform, found.device_name) == ("cuda", "NVIDIA H200")
    assert run([], target=None).platform == "cuda"


def test_auto_recognises_rocm(machine):
    machine(torch=_torch(cuda=True, name="AMD Instinct MI300X", hip="6.2"))
    found = detect()
    assert found.platform == "cpu" and found.unsupported == "rocm" and "ROCm" in found.how


def test_auto_torch_without_accelerator(machine):
    machine(torch=_torch())
    found = detect()
    assert found.platform == "cpu" and "torch sees no accelerator" in found.how


def test_auto_without_torch_is_cpu(machine):
    machine()  # neither torch nor torch_npu is installed
    found = detect()
    assert found.platform == "cpu" and "torch is not installed" in found.how
    c = run(["--tp", "2"], target=None)
    assert c.platform == "cpu" and c.ok and c.args.page_size == 1


def test_probes_are_data():
    assert [p.__name__ for p in detect_mod.PROBES] == ["_probe_npu", "_probe_cuda"]


NO_TORCH = r"""
import sys
from argmatrix.compiler import CompileOptions, compile
for target in ("a2", "a3", "cuda", "cpu"):
    c = compile(["--tp", "2", "--model-path", "m"], CompileOptions(target=target, env={}))
    assert c.ok, c.findings
sys.argv = ["argmatrix", "check-config", "--target", "a3", "--format", "json", "--", "--tp", "2", "--model-path", "m"]
from argmatrix.cli import main
try:
    main()
except SystemExit as exc:
    assert exc.code == 0, exc.code
heavy = sorted(m for m in ("torch", "torch_npu") if m in sys.modules)
print("HEAVY", heavy)
sys.exit(3 if heavy else 0)
"""


def test_explicit_target_imports_no_torch():
    proc = subprocess.run([sys.executable, "-c", NO_TORCH], capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in __import__("os").environ.items() if not k.startswith("ARGMATRIX_")})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "HEAVY []" in proc.stdout
