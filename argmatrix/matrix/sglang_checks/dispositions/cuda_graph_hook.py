"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/cuda_graph_hook.py`` that no rule ports.

Ported: :417 (a --cuda-graph-config backend), AM-E375 in ``sglang_checks/loading.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    264: Disposition("not-applicable", "disable_full_prefill_cudagraph_if_incompatible loops over an empty rule list "
                                       "in 0.5.23: the warning cannot fire"),
    299: Disposition("pending", "turns the default prefill CUDA graph off for a DeepSeek-V3 architecture on trtllm_mla "
                              "(an explicit --cuda-graph-backend-prefill is kept); no check in "
                              "compiler/model_checks.py covers it"),
    427: Disposition("declared", "--cuda-graph-prefill-max-context is declared >= 1 (AM-E010)"),
    435: Disposition("pending", "the page-aligned --cuda-graph-prefill-max-context against the model's context length; "
                              "no check in compiler/model_checks.py covers it"),
    456: Disposition("not-applicable", "page_size is resolved by SGLang before this runs: an internal invariant"),
}
