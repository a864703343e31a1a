"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/kimi_k3.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    26: Disposition('pending',  # raise in _require_kimi_k3_cutedsl_dcp_support
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    33: Disposition('pending',  # raise in _require_kimi_k3_cutedsl_dcp_support
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    45: Disposition('pending',  # raise in _require_kimi_k3_aiter_gluon_dcp_support
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    57: Disposition('pending',  # override in _kimi_k3_overrides
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    71: Disposition('pending',  # raise in _kimi_k3_overrides
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    110: Disposition('pending',  # raise in _kimi_k3_overrides
                         'model: a per-model override of kimi_k3 (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
}
