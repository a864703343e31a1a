"""Values of choice arguments that exist on one platform family only.

SGLang offers ``--attention-backend ascend`` only on NPUs; a CUDA or CPU
deployment that names it fails.  The Ascend table lists what Ascend allows,
so this table is what every *other* family must leave out.
"""
from __future__ import annotations

from typing import Any

from ...schema.meta import Text

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
    # hardware argmatrix has no column for: its values are foreign to every column
    "cpu": {name: ("intel_amx",) for name in ATTENTION_BACKEND_FIELDS},   # Intel AMX kernels run on the host CPU
    "xpu": {name: ("intel_xpu",) for name in ATTENTION_BACKEND_FIELDS},   # Intel GPUs
    "rocm": {name: ("aiter", "wave") for name in ATTENTION_BACKEND_FIELDS},  # AMD GPUs
}


# Values SGLang keeps for its own tests and benchmarks (a dispatcher or transfer backend that does nothing real).
# They stay valid input, but no message ever lists or suggests them.
TEST_ONLY_VALUES: dict[str, tuple[Any, ...]] = {
    "ep_dispatch_algorithm": ("fake",),
    "disaggregation_transfer_backend": ("fake",),
}

# Choice arguments whose values are about the model's text format, not the accelerator: a parser works wherever
# the server runs, so a support table's narrower list is what was tried there, never a hardware restriction.
HARDWARE_INDEPENDENT_CHOICES = frozenset({"tool_call_parser", "reasoning_parser"})


# who a family-only value belongs to, for "it exists only on ..." in messages
FAMILY_TITLES: dict[str, Text] = {
    "npu": Text("Ascend NPUs", "昇腾 NPU"), "gpu": Text("NVIDIA GPUs", "NVIDIA GPU"), "cpu": Text("CPUs", "CPU"),
    "xpu": Text("Intel GPUs", "Intel GPU"), "rocm": Text("AMD GPUs", "AMD GPU"),
}


def owner_of(name: str, value: Any) -> str | None:
    """The family a value of ``name`` exists on only, or None when it is not family-specific."""
    return next((fam for fam, table in FAMILY_ONLY_VALUES.items() if value in table.get(name, ())), None)


def is_test_only(name: str, value: Any) -> bool:
    return value in TEST_ONLY_VALUES.get(name, ())


def foreign_values(name: str, family: str) -> tuple[Any, ...]:
    """Values of ``name`` that belong to a family other than ``family``."""
    return tuple(v for fam, table in FAMILY_ONLY_VALUES.items() if fam != family for v in table.get(name, ()))
