"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/mamba_hook.py`` that no rule ports.

Ported elsewhere: :32, :39, :72 (AM-E360) and :84, :90, :96 (AM-E361); the radix-cache validators :117, :120, :125,
:133, :135, :157, :158, :161 in ``sglang_checks/mamba.py`` (AM-E476, reading the model's config.json).
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    22: Disposition("declared", "--mamba-cache-philox-rounds is declared >= 0 (AM-E010)"),
    25: Disposition("declared", "--mamba-max-states-per-path is declared -1 or >= 1 (AM-E010)"),
    70: Disposition("runtime", "imports flashinfer.mamba on a machine that has FlashInfer (whether it is installed); "
                               "without FlashInfer (NPU, CPU) :72 refuses, ported as AM-E360"),
    140: Disposition("not-applicable", "mamba_cache_chunk_size is derived by SGLang itself once page_size is set: an "
                                       "internal invariant"),
}
