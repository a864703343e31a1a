"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/parallel_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    119: Disposition('not-applicable',  # raise in handle_context_parallelism
                         'fires only on ROCm, MUSA or Intel XPU, platforms argmatrix has no column for (AM-E601)'),
    145: Disposition('pending',  # raise in handle_context_parallelism
                         "model: whether SGLang counts a MiMo V2 checkpoint as multimodal (ModelConfig.is_multimodal: "
                         "its vision/audio sub-configs as get_hf_text_config reads them, --enable-multimodal) is not "
                         "ported; the other model limits of handle_context_parallelism are AM-E473"),
    244: Disposition('not-applicable',  # raise in handle_decode_context_parallelism
                         "argmatrix's schema refuses it first: --dcp-size is declared a positive integer (AM-E010), so no rule"
                         ' is needed'),
    286: Disposition('not-applicable',  # raise in handle_data_parallelism
                         "argmatrix's schema refuses it first: --attn-dp-size is declared a positive integer (AM-E010), so no "
                         'rule is needed'),
    333: Disposition('not-applicable',  # override in handle_data_parallelism
                         'the division is how SGLang reads --chunked-prefill-size under attention DP (a per-rank chunk); '
                         "argmatrix's rules read the divided value and AM-E240 names it, rather than warning on every such "
                         'launch'),
    438: Disposition('not-applicable',  # assert in handle_dwdp
                         'unreachable: handle_dwdp returns for --dwdp-size 1 or less, so the size is always 2 or more here'),
    565: Disposition('not-applicable',  # assert in handle_elastic_ep
                         "argmatrix's schema refuses it first: --elastic-ep-join-rank-offset is declared a non-negative "
                         'integer (AM-E010), so no rule is needed'),
    570: Disposition('not-applicable',  # assert in handle_elastic_ep
                         "argmatrix's schema refuses it first: --max-ep-size is declared a positive integer (AM-E010), so no "
                         'rule is needed'),
    621: Disposition('not-applicable',  # assert in handle_elastic_ep
                         "argmatrix's schema refuses it first: --elastic-ep-scale-timeout is declared a positive number "
                         '(AM-E010), so no rule is needed'),
    670: Disposition('not-applicable',  # assert in handle_elastic_ep
                         "argmatrix's schema refuses it first: --elastic-ep-initial-size is declared a positive integer "
                         '(AM-E010), so no rule is needed'),
    758: Disposition('not-applicable',  # override in handle_eplb_and_dispatch
                         'SGLang fills in --expert-distribution-recorder-mode for EPLB, which the launch left to it (unset or '
                         'auto): no value the user chose is replaced'),
    825: Disposition('not-applicable',  # raise in validate_prefill_cp_platform
                         'fires only on MUSA GPUs, a platform argmatrix has no column for'),
}
