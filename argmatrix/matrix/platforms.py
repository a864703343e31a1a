"""The hardware argmatrix has a column for, and the hardware it knows it lacks one for."""
from __future__ import annotations

from dataclasses import dataclass

from ..schema.meta import Text


@dataclass(frozen=True)
class Platform:
    key: str        # a2 | a3 | cuda | cpu
    family: str     # npu | gpu | cpu: option and default tables are keyed by family
    title: Text
    device: str     # the torch device type that runs it


PLATFORMS: dict[str, Platform] = {p.key: p for p in (
    Platform("a2", "npu", Text("Atlas A2 (Ascend 910B)", "Atlas A2（昇腾 910B）"), "npu"),
    Platform("a3", "npu", Text("Atlas A3 (Ascend 910_93)", "Atlas A3（昇腾 910_93）"), "npu"),
    Platform("cuda", "gpu", Text("NVIDIA GPU (CUDA)", "NVIDIA GPU（CUDA）"), "cuda"),
    Platform("cpu", "cpu", Text("CPU only", "仅 CPU"), "cpu"),
)}
PLATFORM_KEYS = tuple(PLATFORMS)

# Hardware we recognise but have no support column for: naming it is an error
# that says so, instead of silently checking against the wrong column.
KNOWN_WITHOUT_COLUMN: dict[str, Text] = {
    "310p": Text("Ascend 310P is an inference card without a column in the Ascend feature table",
                 "昇腾 310P 在 Ascend 特性表中没有对应的列"),
    "a5": Text("Ascend 950 (Atlas A5) is not covered by the Ascend feature table yet",
               "昇腾 950（Atlas A5）尚未纳入 Ascend 特性表"),
    "rocm": Text("AMD ROCm GPUs have no column in argmatrix's matrix yet",
                 "argmatrix 的矩阵中尚无 AMD ROCm GPU 的列"),
}
ALIASES = {"910b": "a2", "ascend910b": "a2", "atlas-a2": "a2", "910_93": "a3", "ascend910_93": "a3", "atlas-a3": "a3",
           "gpu": "cuda", "nvidia": "cuda", "310": "310p", "ascend310p": "310p", "950": "a5", "ascend950": "a5",
           "atlas-a5": "a5", "amd": "rocm", "hip": "rocm"}


class UnknownPlatform(ValueError):
    def __init__(self, name: str, message: Text):
        super().__init__(message.en)
        self.name = name
        self.text = message


def resolve(name: str) -> Platform:
    """Map a user-given target name to a platform, or raise :class:`UnknownPlatform` with a reason."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key in PLATFORMS:
        return PLATFORMS[key]
    choices = ", ".join(PLATFORM_KEYS)
    if key in KNOWN_WITHOUT_COLUMN:
        reason = KNOWN_WITHOUT_COLUMN[key]
        raise UnknownPlatform(name, Text(f"{reason.en}; argmatrix can check a2, a3, cuda or cpu",
                                         f"{reason.zh}；argmatrix 可检查的平台为 a2、a3、cuda、cpu"))
    raise UnknownPlatform(name, Text(f"unknown target '{name}'; choose one of {choices}",
                                     f"未知目标平台“{name}”；可选：{choices}"))
