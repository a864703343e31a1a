"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/deepseek_v4_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    95: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model and GPU generation: --dsv4-attn-backend flashmla_mega needs a DeepSeek-V4.1 checkpoint '
                         '(model_type deepseek_v41) on SM100; not ported yet (gpu_generation.py ports the trtllm one, '
                         ':104)'),
    144: Disposition('not-applicable',  # override in apply_deepseek_v4_defaults
                         'SGLang fills in --max-running-requests 256 for DeepSeek-V4, which the launch left unset: no value '
                         'the user chose is replaced'),
    182: Disposition('not-applicable',  # raise in validate_deepseek_v4_cp
                         'runs only on ROCm (get_platform().is_hip), which has no column (AM-E601)'),
    201: Disposition('not-applicable',  # raise in validate_deepseek_v4_cp
                         'runs only on ROCm (get_platform().is_hip), which has no column (AM-E601)'),
}
