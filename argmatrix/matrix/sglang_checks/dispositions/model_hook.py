"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    67: Disposition('pending',  # raise in _validate_dsa_tbo_index_sharing
                         'model: two-batch overlap against the DSA indexer layout of config.json; no check covers it'),
    170: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    183: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    188: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    199: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    362: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    370: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    376: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    384: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    395: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    403: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    536: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    569: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    586: Disposition('pending',  # raise in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    622: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    655: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    679: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    690: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    719: Disposition('pending',  # assert in handle_model_specific_adjustments
                         'model: a per-architecture adjustment (reads config.json architectures); no check in '
                         'compiler/model_checks.py covers it'),
    808: Disposition('pending',  # override in handle_model_capability_adjustments
                         "model: handle_model_capability_adjustments decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    999: Disposition('pending',  # raise in handle_model_capability_adjustments
                         'model: Clef and Kev checkpoints (a joint schema or pointer head in config.json) are served with tp 1'
                         ' and pp 1; no check covers it'),
    1045: Disposition('pending',  # raise in handle_model_capability_adjustments
                         "model: handle_model_capability_adjustments decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    1063: Disposition('pending',  # raise in handle_mamba_radix_cache
                         'model: the mamba radix-cache strategy needs a model with mamba state (config.json); no check covers '
                         'it'),
    1098: Disposition('pending',  # raise in handle_language_model_only
                         "model: handle_language_model_only decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    1106: Disposition('pending',  # raise in handle_language_model_only
                         "model: handle_language_model_only decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
}
