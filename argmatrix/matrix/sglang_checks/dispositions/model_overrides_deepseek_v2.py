"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/deepseek_v2.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    22: Disposition('pending',  # raise in _dsa_dcp_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    24: Disposition('pending',  # raise in _dsa_dcp_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    26: Disposition('pending',  # raise in _dsa_dcp_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    63: Disposition('pending',  # raise in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    71: Disposition('pending',  # raise in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    107: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    119: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    123: Disposition('pending',  # assert in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    135: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    156: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    164: Disposition('pending',  # raise in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    173: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    176: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    192: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    203: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
    211: Disposition('pending',  # override in _deepseek_family_overrides
                         'model: a per-model override of deepseek_v2 (runs only for that architecture, read from config.json);'
                         ' no check in compiler/model_checks.py covers it'),
}
