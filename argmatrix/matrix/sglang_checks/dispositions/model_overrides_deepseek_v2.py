"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/deepseek_v2.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    156: Disposition('not-applicable',  # override in _deepseek_family_overrides
                         'ROCm only (get_platform().is_hip); argmatrix has no ROCm target (DSA page size 1 on the legacy aiter path)'),
    176: Disposition('not-applicable',  # override in _deepseek_family_overrides
                         'XPU only (get_platform().is_xpu: DSA page size 128); argmatrix has no XPU target'),
}
