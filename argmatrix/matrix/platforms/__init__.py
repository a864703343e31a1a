"""The platforms argmatrix has a column for: one object per chip, in column order.

``PLATFORMS`` is the one registry.  Everything that lists platforms (the
matrix, ``explain``, ``check-config --target``, detection, the generated
pages) iterates it, so adding a chip is adding one object to it.
"""
from __future__ import annotations

from ...schema.meta import Text
from .ascend import A2, A3, A5, A310P, ASCEND_CHIPS, AscendChip
from .base import Platform, UnknownPlatform
from .cpu import CPU, CpuPlatform
from .cuda import CUDA, CudaPlatform

__all__ = ["CPU", "CUDA", "PLATFORMS", "AscendChip", "CpuPlatform", "CudaPlatform", "Platform", "UnknownPlatform",
           "A2", "A3", "A310P", "A5", "ASCEND_CHIPS", "by_family", "keys", "register", "resolve"]

PLATFORMS: dict[str, Platform] = {p.key: p for p in (*ASCEND_CHIPS, CUDA, CPU)}

# Hardware we recognise but have no column for: naming it is an error that says so,
# instead of silently checking against the wrong column.
KNOWN_WITHOUT_COLUMN: dict[str, Text] = {
    "rocm": Text("AMD ROCm GPUs have no column in argmatrix's matrix yet", "argmatrix 的矩阵中尚无 AMD ROCm GPU 的列"),
}
WITHOUT_COLUMN_ALIASES = {"amd": "rocm", "hip": "rocm"}


def keys() -> tuple[str, ...]:
    return tuple(PLATFORMS)


def by_family(family: str) -> tuple[Platform, ...]:
    return tuple(p for p in PLATFORMS.values() if p.family == family)


def register(platform: Platform) -> Platform:
    """Add a column (a new chip).  Tests use it to show that one object is all a chip needs."""
    if platform.key in PLATFORMS:
        raise ValueError(f"platform {platform.key!r} is already registered")
    PLATFORMS[platform.key] = platform
    return platform


def resolve(name: str) -> Platform:
    """Map a user-given target name (key or alias) to a platform, or raise :class:`UnknownPlatform` with a reason."""
    key = name.strip().lower()
    for platform in PLATFORMS.values():
        if key == platform.key or key in platform.aliases:
            return platform
    names = ", ".join(PLATFORMS)
    key = WITHOUT_COLUMN_ALIASES.get(key, key)
    if key in KNOWN_WITHOUT_COLUMN:
        reason = KNOWN_WITHOUT_COLUMN[key]
        raise UnknownPlatform(name, Text(f"{reason.en}; argmatrix can check {names}",
                                         f"{reason.zh}；argmatrix 可检查的平台为 {names}"))
    raise UnknownPlatform(name, Text(f"unknown target '{name}'; choose one of {names}",
                                     f"未知目标平台“{name}”；可选：{names}"))
