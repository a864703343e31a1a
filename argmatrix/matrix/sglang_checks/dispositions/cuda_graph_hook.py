"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/cuda_graph_hook.py`` that no rule ports.

Ported: :417 (a --cuda-graph-config backend), AM-E375 in ``sglang_checks/loading.py``; :435 (the prefill graph
context against the model's context length), AM-E478 in ``sglang_checks/startup.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    264: Disposition("not-applicable", "disable_full_prefill_cudagraph_if_incompatible loops over an empty rule list "
                                       "in 0.5.23: the warning cannot fire"),
    299: Disposition("not-applicable", "turns off only a prefill CUDA graph SGLang chose itself (DeepSeek-V3 "
                                       "on trtllm_mla): an explicit prefill backend is locked and kept (:287), so no "
                                       "value the launch chose is replaced"),
    427: Disposition("declared", "--cuda-graph-prefill-max-context is declared >= 1 (AM-E010)"),
    456: Disposition("not-applicable", "page_size is resolved by SGLang before this runs: an internal invariant"),
}
