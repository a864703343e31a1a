"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/moe_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    370: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode low_latency for flashinfer_cutedsl, which the launch left to it (unset'
                         ' or auto): no value the user chose is replaced'),
    410: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --moe-runner-backend deep_gemm for DeepEP v2, which the launch left to it (unset or '
                         'auto): no value the user chose is replaced'),
    551: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode normal for MORI, which the launch left to it (unset or auto): no value'
                         ' the user chose is replaced'),
    587: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --deepep-mode low_latency for pplx, which the launch left to it (unset or auto): no '
                         'value the user chose is replaced'),
    609: Disposition('not-applicable',  # override in handle_a2a_moe
                         'SGLang fills in --moe-runner-backend deep_gemm for pplx, which the launch left to it (unset or '
                         'auto): no value the user chose is replaced'),
}
