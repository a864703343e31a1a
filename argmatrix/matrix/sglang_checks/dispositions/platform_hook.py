"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/platform_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    69: Disposition('pending',  # override in handle_nccl_pre_warm
                         'SGLang warns and turns --pre-warm-nccl off outside CUDA, ROCm and Ascend (the CPU column); no '
                         'warning rule ports it yet'),
    104: Disposition('pending',  # override in handle_symm_mem_device_support
                         'SGLang warns and turns --enable-symm-mem off outside CUDA and ROCm (Ascend, CPU); no warning rule '
                         'ports it yet'),
    144: Disposition('not-applicable',  # override in handle_xpu_backends
                         'fires only for --device xpu (Intel XPU), a platform argmatrix has no column for'),
}
