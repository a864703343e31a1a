"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/mamba_hook.py`` that no rule ports.

Ported in ``sglang_checks/cache.py``: :32, :39, :72 (AM-E360) and :84, :90, :96 (AM-E361).
"""
from __future__ import annotations

from . import Disposition

_EXTRA = ("validate_mamba_extra_buffer runs only for a Mamba-hybrid model's radix cache (model_hook.py:1048, "
          "handle_mamba_radix_cache); no check in compiler/model_checks.py covers it")
_NO_BUFFER = ("validate_mamba_no_buffer runs only for a Mamba-hybrid model's radix cache (model_hook.py:1076); no "
              "check in compiler/model_checks.py covers it")

SITES: dict[int, Disposition] = {
    22: Disposition("declared", "--mamba-cache-philox-rounds is declared >= 0 (AM-E010)"),
    25: Disposition("declared", "--mamba-max-states-per-path is declared -1 or >= 1 (AM-E010)"),
    70: Disposition("runtime", "imports flashinfer.mamba on a machine that has FlashInfer (whether it is installed); "
                               "without FlashInfer (NPU, CPU) :72 refuses, ported as AM-E360"),
    117: Disposition("pending", "the model's architecture must support the extra buffer; " + _EXTRA),
    120: Disposition("pending", "platform support for Mamba state snapshots (not on CPU), asked only for a "
                              "Mamba-hybrid model; " + _EXTRA),
    125: Disposition("pending", "extra_buffer_lazy without PD disaggregation; " + _EXTRA),
    133: Disposition("pending", "--mamba-track-interval against the draft tokens; " + _EXTRA),
    135: Disposition("pending", "--mamba-track-interval a multiple of the page size; " + _EXTRA),
    140: Disposition("not-applicable", "mamba_cache_chunk_size is derived by SGLang itself once page_size is set: an "
                                       "internal invariant"),
    157: Disposition("pending", "no_buffer needs --page-size 1; " + _NO_BUFFER),
    158: Disposition("pending", "no_buffer needs the overlap scheduler off; " + _NO_BUFFER),
    161: Disposition("pending", "no_buffer does not run on trtllm_mha; " + _NO_BUFFER),
}
