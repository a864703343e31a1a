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

from ...records import record
from ..devices import GpuArch
from . import PLATFORMS, Platform


@record
class Detection:
    platform: str          # a column key
    how: str               # human-readable: what was probed and what it said
    device_name: str | None = None
    unsupported: str | None = None  # recognised hardware without a column (ROCm, an unknown Ascend chip)
    device_count: int | None = None   # devices torch sees on this node (the memory plan's devices per node)
    memory_bytes: int | None = None   # total memory of device 0 as the driver reports it
    how_zh: str | None = None         # ``how`` in Chinese
    gpu_arch: GpuArch | None = None   # a CUDA device 0's compute capability (what SGLang's SM checks read)

    def explained(self, lang: str) -> str:
        """``how`` in ``lang`` (English when no Chinese was written)."""
        return self.how_zh if lang == "zh" and self.how_zh else self.how


def _count_and_memory(module) -> tuple[int | None, int | None]:
    """Device count and device 0's total memory from torch.cuda or torch.npu; (None, None) if it cannot say."""
    try:
        return int(module.device_count()), int(module.get_device_properties(0).total_memory)
    except Exception:  # noqa: BLE001 - an old driver without properties must not break detection
        return None, None


def _capability(cuda) -> GpuArch | None:
    """Device 0's compute capability from torch.cuda; None if the driver cannot say."""
    try:
        major, minor = cuda.get_device_capability(0)
        return GpuArch(int(major), int(minor))
    except Exception:  # noqa: BLE001 - a driver that cannot report it must not break detection
        return None


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
    except Exception as exc:  # noqa: BLE001 - a broken driver must not break check-config
        return Detection("cpu", f"torch_npu is installed but failed to report a device ({exc}); using cpu",
                         how_zh=f"已安装 torch_npu，但它未能报告设备（{exc}）；按 cpu 检查")
    version = soc() if callable(soc) else None
    how = f"torch_npu device 0 is {name}" + (f" (SoC version {version})" if version is not None else "")
    how_zh = f"torch_npu 的 0 号设备为 {name}" + (f"（SoC 版本 {version}）" if version is not None else "")
    count, memory = _count_and_memory(torch.npu)
    chip = ascend_platform(name)
    if chip is not None:
        return Detection(chip.key, how, name, device_count=count, memory_bytes=memory, how_zh=how_zh)
    return Detection("cpu", how + "; argmatrix does not know this Ascend chip, checking as cpu", name,
                     unsupported=name, device_count=count, memory_bytes=memory,
                     how_zh=how_zh + "；argmatrix 不认识这款昇腾芯片，按 cpu 检查")


def _probe_cuda() -> Detection | None:
    if importlib.util.find_spec("torch") is None:
        return None
    try:
        import torch

        if not torch.cuda.is_available():
            return None
        if getattr(torch.version, "hip", None):
            return Detection("cpu", "torch reports a ROCm GPU, which has no column; checking as cpu",
                             torch.cuda.get_device_name(0), unsupported="rocm",
                             how_zh="torch 报告的是 ROCm GPU，矩阵中没有它的列；按 cpu 检查")
        name = torch.cuda.get_device_name(0)
    except Exception as exc:  # noqa: BLE001 - a broken driver must not break check-config
        return Detection("cpu", f"torch failed to query CUDA ({exc}); using cpu",
                         how_zh=f"torch 查询 CUDA 失败（{exc}）；按 cpu 检查")
    count, memory = _count_and_memory(torch.cuda)
    arch = _capability(torch.cuda)
    said = f" (compute capability {arch.capability})" if arch is not None else ""
    said_zh = f"（计算能力 {arch.capability}）" if arch is not None else ""
    return Detection("cuda", f"torch.cuda device 0 is {name}{said}", name, device_count=count, memory_bytes=memory,
                     gpu_arch=arch, how_zh=f"torch.cuda 的 0 号设备为 {name}{said_zh}")


PROBES = [_probe_npu, _probe_cuda]


def detect() -> Detection:
    """Probe the accelerators in order; the CPU is always there."""
    for probe in PROBES:
        found = probe()
        if found is not None:
            return found
    missing = importlib.util.find_spec("torch") is None
    torch_note = "torch is not installed" if missing else "torch sees no accelerator"
    torch_note_zh = "未安装 torch" if missing else "torch 未发现任何加速器"
    return Detection("cpu", f"no torch_npu device and no CUDA device ({torch_note}); using cpu",
                     how_zh=f"没有 torch_npu 设备，也没有 CUDA 设备（{torch_note_zh}）；按 cpu 检查")
