"""The checks SGLang applies to its arguments at start-up, as declared rules.

SGLang runs these after it has loaded its arguments and before any weight; a
launch that breaks one stops with an ``AssertionError`` or ``ValueError``, some
of them with an empty message.  argmatrix checks the same conditions on the
same *resolved* values (page size 128 on Ascend, chunked prefill divided by the
attention-DP width) before anything starts, and says which flag to change.
Where SGLang silently replaces a value the user gave, the rule is a warning.

Each rule names where it was read (``source``: release and file:line in the
0.5.23 wheel, ``sglang/srt/`` omitted).  A check that needs the model's
config.json is a rule with ``reads_model`` (it runs once the config was read);
the model checks that are not SGLang's own sites are in ``compiler/model_checks.py``.
"""
from __future__ import annotations

from typing import Protocol

from ..rules import Rule
from . import (
    architectures,
    attention,
    cp_tp,
    deepseek_v4,
    deterministic,
    dflash,
    disaggregation,
    dllm,
    dllm_models,
    dspark,
    environment,
    gpu_generation,
    hicache,
    kv_cache,
    layernorm_sp,
    loading,
    lora,
    mamba,
    mega_moe,
    memory,
    model_overrides,
    model_overrides_deepseek,
    model_overrides_nemotron,
    modes,
    moe,
    parallel,
    replacements,
    serving,
    sharding,
    speculative,
    speculative_model,
    startup,
    uno,
    validation,
)


class Area(Protocol):
    """A module of SGLang's checks: its rules (mypy checks each module listed below has them, typed)."""

    RULES: list[Rule]


# One module per area of SGLang's checks, each exporting RULES; one per line, so areas added side by side merge.
AREAS: tuple[Area, ...] = (
    startup,
    serving,
    kv_cache,
    validation,
    loading,
    speculative,
    dspark,
    speculative_model,
    lora,
    disaggregation,
    deterministic,
    hicache,
    dllm,
    parallel,
    moe,
    attention,
    sharding,
    environment,
    modes,
    replacements,
    memory,
    model_overrides,
    model_overrides_deepseek,
    model_overrides_nemotron,
    deepseek_v4,
    mega_moe,
    layernorm_sp,
    cp_tp,
    architectures,
    dllm_models,
    dflash,
    uno,
    mamba,
    gpu_generation,
)
SGLANG_RULES: list[Rule] = [rule for area in AREAS for rule in area.RULES]
