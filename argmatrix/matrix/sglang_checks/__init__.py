"""The model-independent checks SGLang applies to its arguments at start-up, as declared rules.

SGLang runs these after it has loaded its arguments and before any weight; a
launch that breaks one stops with an ``AssertionError`` or ``ValueError``, some
of them with an empty message.  argmatrix checks the same conditions on the
same *resolved* values (page size 128 on Ascend, chunked prefill divided by the
attention-DP width) before anything starts, and says which flag to change.
Where SGLang silently replaces a value the user gave, the rule is a warning.

Each rule names where it was read (``source``: release and file:line in the
0.5.23 wheel, ``sglang/srt/`` omitted).  Checks that need the model's
config.json are in ``compiler/model_checks.py``.
"""
from __future__ import annotations

from ..rules import Rule
from . import (
    attention,
    deterministic,
    disaggregation,
    dllm,
    environment,
    gpu_generation,
    hicache,
    kv_cache,
    loading,
    lora,
    memory,
    modes,
    moe,
    parallel,
    replacements,
    serving,
    sharding,
    speculative,
    startup,
    validation,
)

# One module per area of SGLang's checks; each exports RULES.
SGLANG_RULES: list[Rule] = [*startup.RULES, *serving.RULES, *kv_cache.RULES, *validation.RULES,
                            *loading.RULES, *speculative.RULES, *lora.RULES, *disaggregation.RULES,
                            *deterministic.RULES, *hicache.RULES, *dllm.RULES, *parallel.RULES,
                            *moe.RULES, *attention.RULES, *sharding.RULES, *environment.RULES, *modes.RULES,
                            *replacements.RULES, *memory.RULES, *gpu_generation.RULES]
