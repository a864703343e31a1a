"""Allowed values and effective defaults per platform, as data.

A value listed in ``NPU_ONLY_VALUES`` exists only on Ascend; ``CPU_OPTIONS``
narrows a closed choice list on a CPU host to what has a CPU implementation.
Platform defaults are kept apart from declared defaults: the declared default
is what the flag means everywhere, a platform default is what that hardware
uses when the user says nothing.
"""
from __future__ import annotations

from typing import Any

from ..schema.meta import MISSING
from ..schema.registry import SPECS, ArgSpec

ATTENTION = ("attention_backend", "prefill_attention_backend", "decode_attention_backend",
             "speculative_draft_attention_backend")

NPU_ONLY_VALUES: dict[str, tuple[Any, ...]] = {
    **{name: ("ascend",) for name in ATTENTION},
    "mm_attention_backend": ("ascend_attn",), "quantization": ("modelslim",),
    "speculative_draft_model_quantization": ("modelslim",), "hicache_io_backend": ("kernel_ascend",),
    "moe_a2a_backend": ("ascend_fuseep",), "speculative_moe_a2a_backend": ("ascend_fuseep",),
    "lora_backend": ("ascend",), "sampling_backend": ("ascend",), "disaggregation_transfer_backend": ("ascend",),
    "model_impl": ("mindspore",), "device": ("npu",),
}
CPU_OPTIONS: dict[str, tuple[Any, ...]] = {
    **{name: ("torch_native", "intel_amx") for name in ATTENTION},
    "mm_attention_backend": ("sdpa",), "sampling_backend": ("pytorch",), "lora_backend": ("torch_native",),
    "moe_runner_backend": ("auto",), "speculative_moe_runner_backend": ("auto",), "moe_a2a_backend": ("none",),
    "quantization": ("w8a8_int8", "fp8", "awq", "gptq", "compressed-tensors"),
    "kv_cache_dtype": ("auto", "bf16", "bfloat16"), "disaggregation_transfer_backend": ("fake",),
    "encoder_transfer_backend": ("zmq_to_scheduler", "zmq_to_tokenizer"), "device": ("cpu",),
    "dtype": ("auto", "float16", "half", "bfloat16", "float", "float32"),
}
# The device type is the platform's: a CUDA deployment is checked with --target cuda, a CPU one with --target cpu.
DEVICE_OPTIONS = {"npu": ("npu",), "gpu": ("cuda",), "cpu": ("cpu",)}

PLATFORM_DEFAULTS: dict[str, dict[str, Any]] = {
    "npu": {s.name: s.arg.npu_default for s in SPECS.values() if s.arg.npu_default is not MISSING},
    # SGLang's CUDA and CPU paths use one token per page unless told otherwise.
    "gpu": {"page_size": 1, "device": "cuda"},
    "cpu": {"page_size": 1, "device": "cpu", "attention_backend": "torch_native", "sampling_backend": "pytorch",
            "lora_backend": "torch_native"},
}
for _table in (NPU_ONLY_VALUES, CPU_OPTIONS, *PLATFORM_DEFAULTS.values()):
    for _name in _table:
        if _name not in SPECS:
            raise KeyError(f"options table names an unknown argument {_name!r}")


def allowed(spec: ArgSpec, family: str) -> tuple[Any, ...] | None:
    """The values of ``spec`` allowed on a platform family, or None when the type's own set applies."""
    if spec.name == "device":
        return DEVICE_OPTIONS[family]
    if family == "npu":
        return spec.arg.npu_options
    narrowed = CPU_OPTIONS.get(spec.name) if family == "cpu" else None
    npu_only = NPU_ONLY_VALUES.get(spec.name, ())
    if narrowed is not None:
        return tuple(v for v in narrowed if v not in npu_only)
    if npu_only and spec.choices:
        return tuple(v for v in spec.choices if v not in npu_only)
    return None


def platform_default(spec: ArgSpec, family: str) -> Any:
    """What this platform family uses when the user leaves ``spec`` unset (``MISSING``: the declared default)."""
    return PLATFORM_DEFAULTS[family].get(spec.name, MISSING)
