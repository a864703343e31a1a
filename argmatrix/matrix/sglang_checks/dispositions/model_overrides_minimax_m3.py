"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/minimax_m3.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    105: Disposition('pending',  # raise in _minimax_m3_overrides
                         "reached only on Blackwell (the not is_blackwell return above it): reads the GPU's SM generation (is_blackwell); the device-generation checks own it"),
    111: Disposition('pending',  # raise in _minimax_m3_overrides
                         "reached only on Blackwell (the not is_blackwell return above it): reads the GPU's SM generation (is_blackwell); the device-generation checks own it"),
    119: Disposition('pending',  # raise in _minimax_m3_overrides
                         "reached only on Blackwell (the not is_blackwell return above it): reads the GPU's SM generation (is_blackwell); the device-generation checks own it"),
    133: Disposition('not-applicable',  # override in _minimax_m3_overrides
                         'ROCm only (get_platform().is_hip); argmatrix has no ROCm target (aiter all-reduce fusion turned off)'),
}
