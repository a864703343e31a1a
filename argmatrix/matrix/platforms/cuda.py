"""NVIDIA GPUs: SGLang's reference platform, where every argument is implemented."""
from __future__ import annotations

from typing import Any

from ...records import record
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..deploy import PodNeeds
from ..devices import DeviceFacts
from .base import Platform

# SGLang's CUDA path uses one token per page unless told otherwise.
CUDA_DEFAULTS: dict[str, Any] = {"page_size": 1, "device": "cuda"}


@record(eq=False)
class CudaPlatform(Platform):
    def default(self, spec: ArgSpec) -> Any:
        return CUDA_DEFAULTS.get(spec.name, MISSING)


CUDA = CudaPlatform(key="cuda", title=Text("NVIDIA GPU (CUDA)", "NVIDIA GPU（CUDA）"), short=Text("CUDA", "CUDA"),
                    family="gpu", device_type="cuda", dist_backend="nccl", aliases=("gpu", "nvidia"),
                    # NVIDIA's device plugin resource; SGLang's docker run gives 8 GPUs --shm-size 32g
                    pod=PodNeeds("nvidia.com/gpu", socket_ifname_vars=("NCCL_SOCKET_IFNAME", "GLOO_SOCKET_IFNAME"),
                                 shm_gib_per_device=4, shm_gib_min=8, source=Text(
                                     "NVIDIA's k8s-device-plugin advertises nvidia.com/gpu",
                                     "NVIDIA 的 k8s-device-plugin 上报 nvidia.com/gpu")),
                    engine_defaults={"chunked_prefill_size": 8192, "mem_fraction_static": 0.85,
                                     "max_running_requests": 1024},
                    devices=DeviceFacts(None, None, ("float32", "float16", "bfloat16", "float8"), Text(
                        "NVIDIA GPUs differ: the count and memory come from detection on the machine, or from "
                        "--devices-per-node and --device-memory (e.g. 8 and 141GB for an H200 server); bfloat16 needs "
                        "Ampere or newer, float8 Ada/Hopper or newer",
                        "NVIDIA GPU 型号各异：数量与显存来自本机检测，或由 --devices-per-node 与 --device-memory 给出"
                        "（如 H200 服务器为 8 与 141GB）；bfloat16 需 Ampere 及以上，float8 需 Ada/Hopper 及以上")))
