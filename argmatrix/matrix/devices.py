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
import re

from ..records import record
from ..schema.meta import Text

GIB = 1 << 30


@record
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


@record(order=True)
class GpuArch:
    """A CUDA GPU's compute capability (its SM generation): 9.0 is Hopper (H100, H200), 10.x datacenter
    Blackwell (B200, GB200, B300), 12.x RTX/GB10 Blackwell.  SGLang's start-up checks read it
    (``is_sm90_supported``, ``is_sm100_supported``, ``is_blackwell``, ``torch.cuda.get_device_capability``);
    neither a launch line nor the cuda column states it, so it comes from ``--gpu-arch`` or detection."""

    major: int
    minor: int = 0

    def __str__(self) -> str:
        return f"sm{self.major}{self.minor}"

    @property
    def capability(self) -> str:
        return f"{self.major}.{self.minor}"

    # SGLang's own predicates (utils/common.py), by the capability's major: the CUDA releases they also ask for
    # (12.3 for Hopper, 12.8 for Blackwell) are the ones those GPUs need to run SGLang at all
    @property
    def sm90(self) -> bool:
        return self.major == 9

    @property
    def sm100(self) -> bool:      # SM100/SM103: B200, GB200, B300
        return self.major == 10

    @property
    def sm110(self) -> bool:
        return self.major == 11

    @property
    def sm120(self) -> bool:      # SM120/SM121: RTX Blackwell, GB10
        return self.major == 12

    @property
    def blackwell(self) -> bool:  # is_blackwell_supported: SM100, SM110 and SM120
        return self.major in (10, 11, 12)


GPU_ARCH_EXAMPLES = "sm90, sm100, sm120, 9.0 or 10.0"


def parse_gpu_arch(text: str) -> GpuArch:
    """``sm90``, ``sm_100a``, ``SM120``, ``9.0``, ``10.3``, ``90`` or ``103`` -> :class:`GpuArch`; ValueError names the
    value otherwise.  Without a dot the last digit is the minor version, as in CUDA's ``sm_103``."""
    raw = str(text).strip().lower()
    m = re.fullmatch(r"(?:sm_?)?(\d{1,2})\.(\d)", raw) or re.fullmatch(r"(?:sm_?)?(\d{1,2})(\d)[af]?", raw)
    if m is None or not 1 <= int(m.group(1)) <= 15:
        raise ValueError(f"{text!r} is not a CUDA compute capability; write e.g. {GPU_ARCH_EXAMPLES}")
    return GpuArch(int(m.group(1)), int(m.group(2)))
