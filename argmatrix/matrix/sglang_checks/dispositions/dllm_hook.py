"""SGLang 0.5.23 arg_groups/dllm_hook.py: the check sites no rule ports, and why."""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    38: Disposition("not-applicable", "AMD GPUs only (CUDA graphs off for diffusion LLMs there); argmatrix has no ROCm "
                                      "column (AM-E601)"),
}
