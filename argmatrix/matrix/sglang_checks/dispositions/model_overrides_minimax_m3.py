"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/minimax_m3.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    58: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    63: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    70: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    74: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    76: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    93: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    105: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    111: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    119: Disposition('pending',  # raise in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    133: Disposition('pending',  # override in _minimax_m3_overrides
                         'model: a per-model override of minimax_m3 (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
}
