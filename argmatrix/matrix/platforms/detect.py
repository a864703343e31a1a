"""Which platform is this process running on, and how do we know.

``detect()`` looks for torch_npu first (the SoC name picks the chip through
each platform's ``soc_patterns``), then CUDA through torch, and falls back to
the CPU.  torch is imported only here and only when detection runs, so the
matrix stays importable without it; the probes are data so tests can feed
recorded device strings through them.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from . import PLATFORMS, Platform


@dataclass(frozen=True)
class Detection:
    platform: str          # a column key
    how: str               # human-readable: what was probed and what it said
    device_name: str | None = None
    unsupported: str | None = None  # recognised hardware without a column (ROCm, an unknown Ascend chip)
    device_count: int | None = None   # devices torch sees on this node (the memory plan's devices per node)
    memory_bytes: int | None = None   # total memory of device 0 as the driver reports it


def _count_and_memory(module) -> tuple[int | None, int | None]:
    """Device count and device 0's total memory from torch.cuda or torch.npu; (None, None) if it cannot say."""
    try:
        return int(module.device_count()), int(module.get_device_properties(0).total_memory)
    except Exception:  # an old driver without properties must not break detection
        return None, None


def ascend_platform(soc_name: str) -> Platform | None:
    """The Ascend chip whose SoC pattern matches ``Ascend910B3``, ``Ascend910_9391``, ``Ascend950PR``..."""
    return next((p for p in PLATFORMS.values() if p.family == "npu" and p.matches(soc_name)), None)


def _probe_npu() -> Detection | None:
    if importlib.util.find_spec("torch_npu") is None:
        return None
    try:
        torch_npu = importlib.import_module("torch_npu")
        torch = importlib.import_module("torch")  # torch_npu registers torch.npu
        if not torch.npu.is_available():
            return None
        name = torch_npu.npu.get_device_name(0)
        soc = getattr(torch_npu.npu, "get_soc_version", None)
    except Exception as exc:  # a broken driver must not break check-config
        return Detection("cpu", f"torch_npu is installed but failed to report a device ({exc}); using cpu")
    how = f"torch_npu device 0 is {name}" + (f" (SoC version {soc()})" if callable(soc) else "")
    count, memory = _count_and_memory(torch.npu)
    chip = ascend_platform(name)
    if chip is not None:
        return Detection(chip.key, how, name, device_count=count, memory_bytes=memory)
    return Detection("cpu", how + "; argmatrix does not know this Ascend chip, checking as cpu", name,
                     unsupported=name, device_count=count, memory_bytes=memory)


def _probe_cuda() -> Detection | None:
    if importlib.util.find_spec("torch") is None:
        return None
    try:
        import torch

        if not torch.cuda.is_available():
            return None
        if getattr(torch.version, "hip", None):
            return Detection("cpu", "torch reports a ROCm GPU, which has no column; checking as cpu",
                             torch.cuda.get_device_name(0), unsupported="rocm")
        name = torch.cuda.get_device_name(0)
    except Exception as exc:
        return Detection("cpu", f"torch failed to query CUDA ({exc}); using cpu")
    count, memory = _count_and_memory(torch.cuda)
    return Detection("cuda", f"torch.cuda device 0 is {name}", name, device_count=count, memory_bytes=memory)


PROBES = [_probe_npu, _probe_cuda]


def detect() -> Detection:
    """Probe the accelerators in order; the CPU is always there."""
    for probe in PROBES:
        found = probe()
        if found is not None:
            return found
    torch_note = "torch is not installed" if importlib.util.find_spec("torch") is None else "torch sees no accelerator"
    return Detection("cpu", f"no torch_npu device and no CUDA device ({torch_note}); using cpu")
