"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/moe_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    96: Disposition('pending',  # assert in handle_moe_kernel_config
                         "model: handle_moe_kernel_config decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    202: Disposition('pending',  # raise in handle_flashinfer_a2a_dispatch_type
                         "model: handle_flashinfer_a2a_dispatch_type decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    258: Disposition('pending',  # raise in validate_flashinfer_megamoe_model
                         'model: FlashInfer MegaMoE is validated per architecture and checkpoint quantization (config.json); '
                         'no check in compiler/model_checks.py covers it'),
    275: Disposition('pending',  # raise in validate_flashinfer_megamoe_model
                         'model: FlashInfer MegaMoE is validated per architecture and checkpoint quantization (config.json); '
                         'no check in compiler/model_checks.py covers it'),
    322: Disposition('pending',  # raise in handle_a2a_moe
                         "model: handle_a2a_moe decides it from the model's config.json; no check in compiler/model_checks.py "
                         'covers it'),
    370: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode low_latency for flashinfer_cutedsl, which the launch left to it (unset'
                         ' or auto): no value the user chose is replaced'),
    410: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --moe-runner-backend deep_gemm for DeepEP v2, which the launch left to it (unset or '
                         'auto): no value the user chose is replaced'),
    551: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode normal for MORI, which the launch left to it (unset or auto): no value'
                         ' the user chose is replaced'),
    558: Disposition('pending',  # override in handle_a2a_moe
                         'SGLang warns and replaces --deepep-mode; no warning rule ports it yet'),
    567: Disposition('pending',  # assert in handle_a2a_moe
                         'the MORI per-rank dispatch budget (SGLANG_MORI_NUM_MAX_DISPATCH_TOKENS_PER_RANK against chunk and '
                         'graph sizes); not ported'),
    587: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode low_latency for pplx, which the launch left to it (unset or auto): no '
                         'value the user chose is replaced'),
    609: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --moe-runner-backend deep_gemm for pplx, which the launch left to it (unset or '
                         'auto): no value the user chose is replaced'),
    615: Disposition('pending',  # assert in handle_a2a_moe
                         'the pplx per-rank dispatch budget (SGLANG_PPLX_NUM_MAX_DISPATCH_TOKENS_PER_RANK against chunk and '
                         'graph sizes); not ported'),
    689: Disposition('pending',  # raise in validate_deepep_v2_dispatch_token_budget
                         'compares the per-rank prefill and decode-graph token budget with '
                         "SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK; needs SGLang's graph batch sizes and budget "
                         'arithmetic, not ported'),
    700: Disposition('pending',  # raise in validate_deepep_v2_dispatch_token_budget
                         'compares the per-rank prefill and decode-graph token budget with '
                         "SGLANG_DEEPEP_V2_NUM_MAX_DISPATCH_TOKENS_PER_RANK; needs SGLang's graph batch sizes and budget "
                         'arithmetic, not ported'),
    716: Disposition('pending',  # raise in validate_deepep_v2_model_architecture
                         'model: DeepEP v2 needs an architecture registered for it (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    726: Disposition('pending',  # raise in validate_deepep_v2_model_architecture
                         'model: DeepEP v2 needs an architecture registered for it (config.json); no check in '
                         'compiler/model_checks.py covers it'),
    767: Disposition('pending',  # raise in validate_flashinfer_a2a_token_budget
                         'the FlashInfer all-to-all per-rank workspace budget against chunk and graph sizes; not ported'),
}
