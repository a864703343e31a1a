"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/qwen3_moe.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    67: Disposition('pending',  # raise in _qwen3_moe_family_overrides
                         "inside the is_sm100 branch (W4A16_NVFP4 MoE runner): reads the GPU's SM generation (is_sm100); the device-generation checks own it"),
}
