"""Values of choice arguments that exist on one platform family only.

SGLang offers ``--attention-backend ascend`` only on NPUs; a CUDA or CPU
deployment that names it fails.  The Ascend table lists what Ascend allows,
so this table is what every *other* family must leave out.
"""
from __future__ import annotations

from typing import Any

ATTENTION_BACKEND_FIELDS = ("attention_backend", "prefill_attention_backend", "decode_attention_backend",
                            "speculative_draft_attention_backend")

FAMILY_ONLY_VALUES: dict[str, dict[str, tuple[Any, ...]]] = {
    "npu": {
        **{name: ("ascend",) for name in ATTENTION_BACKEND_FIELDS},
        "mm_attention_backend": ("ascend_attn",), "quantization": ("modelslim",),
        "speculative_draft_model_quantization": ("modelslim",), "hicache_io_backend": ("kernel_ascend",),
        "moe_a2a_backend": ("ascend_fuseep",), "speculative_moe_a2a_backend": ("ascend_fuseep",),
        "lora_backend": ("ascend",), "sampling_backend": ("ascend",), "disaggregation_transfer_backend": ("ascend",),
        "model_impl": ("mindspore",),
    },
    "gpu": {"mm_feature_transport": ("cuda_ipc", "cuda_vmm")},  # CUDA IPC handles and virtual memory
}


def foreign_values(name: str, family: str) -> tuple[Any, ...]:
    """Values of ``name`` that belong to a family other than ``family``."""
    return tuple(v for fam, table in FAMILY_ONLY_VALUES.items() if fam != family for v in table.get(name, ()))
