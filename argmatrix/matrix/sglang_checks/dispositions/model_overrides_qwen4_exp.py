"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/qwen4_exp.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    82: Disposition('pending',  # raise in _qwen4_exp_overrides
                         "reads the GPU's SM generation (is_sm90/is_sm100: --qsa-indexer-dtype fp8_e4m3 needs a CUDA SM90/SM100 GPU); the device-generation checks own it"),
}
