"""SGLang 0.5.23 arg_groups/hisparse_hook.py: the check sites no rule ports, and why."""
from __future__ import annotations

from . import Disposition

_DSA = ("judged only for DeepSeek sparse-attention checkpoints (MiniMax M3 skips it), so it needs the model's "
        "config.json; no model check covers HiSparse (none)")

SITES: dict[int, Disposition] = {
    55: Disposition("pending", _DSA),
    73: Disposition("pending", _DSA),
    104: Disposition("pending", "--enable-hisparse needs a DSA, DeepSeek-V4 or MiniMax M3 model (its config.json); no "
                              "model check covers it (none)"),
    141: Disposition("not-applicable", "ROCm with DeepSeek-V4's unified-KV path only; argmatrix has no ROCm column "
                                       "(AM-E601)"),
}
