"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/iquest_q1.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    20: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    26: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    28: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    30: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    32: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    36: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    38: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    40: Disposition('pending',  # raise in _iquest_q1_overrides
                         'model: a per-model override of iquest_q1 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
}
