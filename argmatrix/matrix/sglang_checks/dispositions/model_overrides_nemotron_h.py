"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/nemotron_h.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    44: Disposition('pending',  # assert in _nemotron_h_overrides
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    76: Disposition('pending',  # raise in _nemotron_h_overrides
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    78: Disposition('pending',  # raise in _nemotron_h_overrides
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    154: Disposition('pending',  # raise in _validate_expert_remap
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    164: Disposition('pending',  # raise in _validate_expert_remap
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
    176: Disposition('pending',  # raise in _validate_expert_remap
                         'model: a per-model override of nemotron_h (runs only for that architecture, read from config.json); '
                         'no check in compiler/model_checks.py covers it'),
}
