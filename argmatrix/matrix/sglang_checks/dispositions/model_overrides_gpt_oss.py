"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/gpt_oss.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    52: Disposition('not-applicable',  # raise in _gpt_oss_overrides
                         'Intel XPU only (get_platform().is_xpu: bfloat16 dtype); argmatrix has no XPU target'),
    67: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    72: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    80: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    94: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    99: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    112: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
    118: Disposition('not-applicable',  # override in _gpt_oss_overrides
                         'SGLang picks the MoE runner for GPT-OSS by the GPU generation only under --moe-runner-backend auto: a value the launch left to it, not one it chose'),
}
