"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/mega_moe_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    141: Disposition('not-applicable',  # raise in validate_flydsl_decode_capacity
                         "reads SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR, an AMD ROCm kernel's setting; ROCm has no column "
                         '(AM-E601)'),
    147: Disposition('not-applicable',  # raise in validate_flydsl_decode_capacity
                         "reads SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR, an AMD ROCm kernel's setting; ROCm has no column "
                         '(AM-E601)'),
    152: Disposition('not-applicable',  # raise in validate_flydsl_decode_capacity
                         "reads SGLANG_AMD_FLYDSL_MEGA_MOE_DECODE_MTPR, an AMD ROCm kernel's setting; ROCm has no column "
                         '(AM-E601)'),
}
