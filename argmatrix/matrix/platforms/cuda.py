"""NVIDIA GPUs: SGLang's reference platform, where every argument is implemented."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from .base import Platform

# SGLang's CUDA path uses one token per page unless told otherwise.
CUDA_DEFAULTS: dict[str, Any] = {"page_size": 1, "device": "cuda"}


@dataclass(frozen=True, eq=False)
class CudaPlatform(Platform):
    def default(self, spec: ArgSpec) -> Any:
        return CUDA_DEFAULTS.get(spec.name, MISSING)


CUDA = CudaPlatform(key="cuda", title=Text("NVIDIA GPU (CUDA)", "NVIDIA GPU（CUDA）"), short=Text("CUDA", "CUDA"),
                    family="gpu", device_type="cuda", dist_backend="nccl", aliases=("gpu", "nvidia"),
                    engine_defaults={"chunked_prefill_size": 8192, "mem_fraction_static": 0.85,
                                     "max_running_requests": 1024})
