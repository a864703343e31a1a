"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/cp_tp_group_sharing_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    37: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    47: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    55: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    63: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    99: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    103: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
    118: Disposition('pending',  # raise in resolve_cp_tp_group_sharing
                         'model: CP-TP group sharing is turned on by the architecture (config.json, _SUPPORTED_MODELS) with '
                         'prefill CP; no check covers it'),
}
