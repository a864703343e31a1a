"""kv_cache_hook.py (0.5.23) sites no rule of matrix/sglang_checks/memory.py ports, and why.

The sites the other check modules port (the no-KV-cache embedding checks, the unified pool's speculative and
cache checks, decode KV offload with host-pool retraction, and in kv_cache.py the FP4 KV cache's and the unified
pool's checks against the model and the attention backends, which read config.json) are not listed here: their
rules cite them.
"""
from __future__ import annotations

from . import Disposition

_KV4_BACKENDS = ("which attention backends an FP4 KV cache may pair depends on whether the model uses MLA and on "
                 "the backends SGLang resolves for it; no model check yet")
_UNIFIED_MODEL = "reads the model's architecture (MLA / hybrid Mamba / hybrid sliding window); no model check yet"
_UNIFIED_BACKENDS = ("reads the attention backends SGLang resolves from the model and GPU (and, for EAGLE, whether "
                     "the target is a hybrid model); no model check yet")

SITES: dict[int, Disposition] = {
    216: Disposition("not-applicable", "SGLang fills in --speculative-draft-attention-backend trtllm_mha for native "
                                       "NVFP4 on SM100, which the launch left unset: no value the user chose is "
                                       "replaced (a value other than trtllm_mha is refused, AM-E494)"),
    318: Disposition("not-applicable", "fires only off CUDA, where an FP4 --kv-cache-dtype is already outside the "
                                       "platform's values (Ascend table: auto; CPU: auto, bf16) and refused as AM-E105"),
    337: Disposition("not-applicable", "an ordering invariant of SGLang's own resolution pipeline, not a launch check"),
    431: Disposition("not-applicable", "--swa-prefix-tails is a non-negative integer in argmatrix's schema: a negative "
                                       "value is refused first (AM-E010)"),
}
