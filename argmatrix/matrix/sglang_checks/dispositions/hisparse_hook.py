"""SGLang 0.5.23 arg_groups/hisparse_hook.py: the check sites no rule ports, and why.

Ported in ``sglang_checks/hicache.py``: :104 and :55 (AM-E475, reading the model's config.json), :84, :109, :119,
:124 (AM-E398).
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    73: Disposition("not-applicable", "unreachable: SGLang has read bf16 as bfloat16 by then, and refuses every other "
                                      "dtype but fp8_e4m3 and auto for a DSA model earlier (overrides.py:541)"),
    141: Disposition("not-applicable", "ROCm with DeepSeek-V4's unified-KV path only; argmatrix has no ROCm column "
                                       "(AM-E601)"),
}
