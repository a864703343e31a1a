"""kv_cache_hook.py (0.5.23) sites no rule of matrix/sglang_checks/memory.py ports, and why.

The sites the other check modules port (the no-KV-cache embedding checks, the unified pool's speculative and
cache checks, decode KV offload with host-pool retraction, and in kv_cache.py the FP4 KV cache's and the unified
pool's checks against the model and the attention backends, which read config.json) are not listed here: their
rules cite them.
"""
from __future__ import annotations

from . import Disposition

_SM100 = ("needs the GPU's generation (SM100/SM120 Blackwell), which no launch line or platform column states; "
          "on Ascend and the CPU --kv-cache-dtype already offers no FP4/MXFP8 value (AM-E105)")
_SM100_NATIVE = ("fires only for native NVFP4 on an SM100 GPU with trtllm_mha among the resolved backends: the "
                 "GPU's generation is not known before start-up")

SITES: dict[int, Disposition] = {
    60: Disposition("runtime", _SM100),
    106: Disposition("runtime", _SM100),
    128: Disposition("runtime", _SM100),
    172: Disposition("runtime", _SM100_NATIVE),
    184: Disposition("runtime", _SM100_NATIVE),
    198: Disposition("runtime", _SM100_NATIVE),
    216: Disposition("runtime", _SM100_NATIVE),
    226: Disposition("runtime", _SM100_NATIVE),
    241: Disposition("runtime", _SM100_NATIVE),
    252: Disposition("runtime", _SM100_NATIVE),
    260: Disposition("runtime", _SM100_NATIVE),
    318: Disposition("not-applicable", "fires only off CUDA, where an FP4 --kv-cache-dtype is already outside the "
                                       "platform's values (Ascend table: auto; CPU: auto, bf16) and refused as AM-E105"),
    337: Disposition("not-applicable", "an ordering invariant of SGLang's own resolution pipeline, not a launch check"),
    431: Disposition("not-applicable", "--swa-prefix-tails is a non-negative integer in argmatrix's schema: a negative "
                                       "value is refused first (AM-E010)"),
}
