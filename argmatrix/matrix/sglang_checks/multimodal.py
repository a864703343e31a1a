"""SGLang's start-up checks on multimodal serving (arg_groups/serving_hook.py): how image features travel between
processes, and which image processor runs.

Off CUDA, --mm-feature-transport cuda_ipc or cuda_vmm is refused by the platform's value table already (AM-E105),
so the rules below judge CUDA launches only.
"""
from __future__ import annotations

from typing import Any

from ...schema.meta import Text
from ..rules import Rule
from .common import sglang_source
from .resolved import env_true

GPU = frozenset({"gpu"})


def feature_transport(c) -> Any:
    """--mm-feature-transport after handle_multimodal_feature_transport: the legacy SGLANG_USE_CUDA_IPC_TRANSPORT
    picks it when the flag is unset, and an encoder-only server falls back to cpu."""
    transport = c.mm_feature_transport
    if transport is None and "SGLANG_USE_CUDA_IPC_TRANSPORT" in c.env:
        transport = "cuda_ipc" if env_true(c, "SGLANG_USE_CUDA_IPC_TRANSPORT") else "cpu"
    if c.encoder_only and transport in ("cuda_ipc", "cuda_vmm"):
        return "cpu"
    return transport


RULES: list[Rule] = [
    Rule("mm-cuda-vmm-without-pp", "AM-E389", ("mm_feature_transport", "pp_size"),
         lambda c: feature_transport(c) == "cuda_vmm" and c.pp_size != 1,
         Text("--mm-feature-transport cuda_vmm does not work with pipeline parallelism (--pp-size {pp_size})",
              "--mm-feature-transport cuda_vmm 不支持流水线并行（--pp-size {pp_size}）"),
         Text("use --mm-feature-transport cpu, or --pp-size 1", "改用 --mm-feature-transport cpu，或 --pp-size 1"),
         families=GPU, source=sglang_source("arg_groups/serving_hook.py:895")),
    Rule("mm-cuda-ipc-single-node", "AM-E390", ("mm_feature_transport", "nnodes"),
         lambda c: feature_transport(c) == "cuda_ipc" and c.nnodes != 1,
         Text("CUDA IPC feature transport (--mm-feature-transport cuda_ipc or SGLANG_USE_CUDA_IPC_TRANSPORT=1) works "
              "within one node, not across --nnodes {nnodes}",
              "CUDA IPC 特征传输（--mm-feature-transport cuda_ipc 或 SGLANG_USE_CUDA_IPC_TRANSPORT=1）只能在单个节点内"
              "使用，不能跨 --nnodes {nnodes} 个节点"),
         Text("use --mm-feature-transport cpu across nodes (cuda_vmm on GB200/GB300 with MNNVL)",
              "跨节点请改用 --mm-feature-transport cpu（GB200/GB300 配合 MNNVL 时可用 cuda_vmm）"),
         families=GPU, source=sglang_source("arg_groups/serving_hook.py:915")),
    Rule("fast-image-processor-vs-backend", "AM-E391", ("disable_fast_image_processor", "image_processor_backend"),
         lambda c: c.disable_fast_image_processor and c.image_processor_backend not in ("auto", "pil"),
         Text("--disable-fast-image-processor asks for the PIL image processor, which contradicts "
              "--image-processor-backend {image_processor_backend}",
              "--disable-fast-image-processor 表示使用 PIL 图像处理器，与 --image-processor-backend "
              "{image_processor_backend} 矛盾"),
         Text("drop --disable-fast-image-processor (deprecated; --image-processor-backend pil is what it means)",
              "去掉 --disable-fast-image-processor（已弃用；它的含义即 --image-processor-backend pil）"),
         source=sglang_source("arg_groups/serving_hook.py:260")),
]
