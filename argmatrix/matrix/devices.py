"""What one server of each platform holds: devices per node, memory per device, the dtypes it computes in.

The memory plan (``argmatrix plan``, ``check-config``) needs these numbers before anything loads.
They are public hardware facts, kept as data with where each comes from; detection on the real
machine (``runtime/detect.py``) and ``--device-memory`` / ``--devices-per-node`` replace them.

Sizes are binary: accelerator memory is built from HBM stacks counted in GiB, and SGLang's own
memory rules read the capacity in MiB, so "64 GB" here is 64 x 2**30 bytes.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from ..schema.meta import Text

GIB = 1 << 30


@dataclass(frozen=True)
class DeviceFacts:
    devices_per_node: int | None   # None: unknown until detected or given (--devices-per-node)
    memory_bytes: int | None       # per device; None: unknown until detected or given (--device-memory)
    dtypes: tuple[str, ...]        # compute dtypes the hardware runs natively
    source: Text                   # where the numbers come from


# Ascend 910B and 910_93 run fp16/bf16 (and int8 matmuls); they have no fp8 units.
_ASCEND_DTYPES = ("float32", "float16", "bfloat16", "int8")

DEVICE_FACTS: dict[str, DeviceFacts] = {
    "a2": DeviceFacts(8, 64 * GIB, _ASCEND_DTYPES, Text(
        "Atlas 800I/800T A2 server: 8 Ascend 910B NPUs, 64 GB HBM2e each (Huawei Atlas A2 product sheet; "
        "the 32 GB 910B4 variant needs --device-memory 32GB)",
        "Atlas 800I/800T A2 服务器：8 颗昇腾 910B NPU，每颗 64 GB HBM2e（华为 Atlas A2 产品规格；"
        "32 GB 的 910B4 请用 --device-memory 32GB）")),
    "a3": DeviceFacts(16, 64 * GIB, _ASCEND_DTYPES, Text(
        "Atlas 800I A3 / A3 SuperPoD server: 8 Ascend 910_93 packages of 2 dies, i.e. 16 NPU dies with 64 GB "
        "HBM each (Huawei Atlas A3 product sheet; each die is one device to torch_npu)",
        "Atlas 800I A3 / A3 超节点服务器：8 个昇腾 910_93 封装、每个 2 个 die，即 16 个 NPU die，"
        "每个 64 GB HBM（华为 Atlas A3 产品规格；torch_npu 把每个 die 视为一个设备）")),
    "cuda": DeviceFacts(None, None, ("float32", "float16", "bfloat16", "float8"), Text(
        "NVIDIA GPUs differ: the count and memory come from detection on the machine, or from "
        "--devices-per-node and --device-memory (e.g. 8 and 141GB for an H200 server); bfloat16 needs "
        "Ampere or newer, float8 Ada/Hopper or newer",
        "NVIDIA GPU 型号各异：数量与显存来自本机检测，或由 --devices-per-node 与 --device-memory 给出"
        "（如 H200 服务器为 8 与 141GB）；bfloat16 需 Ampere 及以上，float8 需 Ada/Hopper 及以上")),
    "cpu": DeviceFacts(1, None, ("float32", "bfloat16", "float16"), Text(
        "the host itself: one device whose memory is the system memory (MemTotal in /proc/meminfo)",
        "主机本身：一个设备，内存为系统内存（/proc/meminfo 的 MemTotal）")),
    # Hardware without a column in the matrix: the facts still let a user plan memory for it.
    "310p": DeviceFacts(None, 24 * GIB, ("float32", "float16", "int8"), Text(
        "Ascend 310P3: 24 GB LPDDR4X per chip (Atlas 300I Pro card: one chip, 24 GB; Atlas 300I Duo: two "
        "chips, 48 GB per card; Huawei product sheets); no bfloat16; cards per server vary",
        "昇腾 310P3：每颗 24 GB LPDDR4X（Atlas 300I Pro 卡一颗 24 GB；Atlas 300I Duo 卡两颗共 48 GB；"
        "华为产品规格）；不支持 bfloat16；每台服务器的卡数不固定")),
    "a5": DeviceFacts(None, None, ("float32", "float16", "bfloat16", "float8", "int8"), Text(
        "Ascend 950 (Atlas A5): announced at Huawei Connect 2025 as 950PR with 128 GB and 950DT with 144 GB "
        "of Huawei's own HBM, with FP8/MXFP8/MXFP4/HiF8 support; servers are not yet described, so pass "
        "--device-memory and --devices-per-node",
        "昇腾 950（Atlas A5）：华为全联接大会 2025 公布 950PR 带 128 GB、950DT 带 144 GB 自研 HBM，"
        "支持 FP8/MXFP8/MXFP4/HiF8；服务器规格尚未公布，请用 --device-memory 与 --devices-per-node 指定")),
}


def system_memory_bytes() -> int | None:
    """Total system memory, from /proc/meminfo (Linux) or sysconf; None when neither answers."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def device_facts(platform_key: str) -> DeviceFacts:
    """The device facts of a platform key (a2, a3, cuda, cpu, 310p, a5); KeyError for anything else."""
    facts = DEVICE_FACTS[platform_key]
    if platform_key == "cpu":
        return DeviceFacts(facts.devices_per_node, system_memory_bytes(), facts.dtypes, facts.source)
    return facts
