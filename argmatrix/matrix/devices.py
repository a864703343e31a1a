"""What one server of a platform holds: devices per node, memory per device, the dtypes it computes in.

The memory plan (``argmatrix plan``, ``check-config``) needs these numbers before anything loads.
They are public hardware facts, kept with where each comes from on each platform object
(``Platform.devices``); detection on the real machine (``platforms/detect.py``) and
``--device-memory`` / ``--devices-per-node`` replace them.

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
