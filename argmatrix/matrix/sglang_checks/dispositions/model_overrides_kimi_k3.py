"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/kimi_k3.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    26: Disposition('runtime',  # raise in _require_kimi_k3_cutedsl_dcp_support
                         "imports flashinfer and reads a kernel's signature: depends on the FlashInfer installed where SGLang starts"),
    33: Disposition('runtime',  # raise in _require_kimi_k3_cutedsl_dcp_support
                         "reads the installed FlashInfer kernel's signature (enable_dcp, FlashInfer 0.6.17+): known only where SGLang starts"),
    45: Disposition('runtime',  # raise in _require_kimi_k3_aiter_gluon_dcp_support
                         "asks whether aiter's gluon MLA kernel loads: depends on the installed aiter, known only at start-up"),
}
