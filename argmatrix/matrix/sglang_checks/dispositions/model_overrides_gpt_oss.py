"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/gpt_oss.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    52: Disposition('pending',  # raise in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    67: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    72: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    80: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    94: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    99: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    112: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
    118: Disposition('pending',  # override in _gpt_oss_overrides
                         'model: a per-model override of gpt_oss (runs only for that architecture, read from config.json); no '
                         'check in compiler/model_checks.py covers it'),
}
