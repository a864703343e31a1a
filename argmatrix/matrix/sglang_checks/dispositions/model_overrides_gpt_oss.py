"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/gpt_oss.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    52: Disposition('not-applicable',  # raise in _gpt_oss_overrides
                         'Intel XPU only (get_platform().is_xpu: bfloat16 dtype); argmatrix has no XPU target'),
    67: Disposition('pending',  # override in _gpt_oss_overrides
                         "reads the GPU's SM generation (is_sm100: FlashInfer MXFP4 MoE runner); the device-generation checks own it"),
    72: Disposition('pending',  # override in _gpt_oss_overrides
                         "reads the GPU's SM generation (is_sm120: FlashInfer CUTLASS MXFP4 MoE runner); the device-generation checks own it"),
    80: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'ROCm only (get_platform().is_hip); argmatrix has no ROCm target (aiter MXFP4 MoE runner)'),
    94: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'ROCm only (get_platform().is_hip); argmatrix has no ROCm target (triton MoE runner with SGLANG_USE_AITER)'),
    99: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'MUSA only (get_platform().is_musa); argmatrix has no MUSA target'),
    112: Disposition('pending',  # override in _gpt_oss_overrides
                         "reads the GPU's SM generation (is_blackwell with the NVIDIA driver version); the device-generation checks own it"),
    118: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         "fills --moe-runner-backend only while it is 'auto' (the default) with triton_kernel: no value the user set is replaced"),
}
