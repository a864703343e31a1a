"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/layernorm_sp_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    47: Disposition('pending',  # raise in handle_layernorm_sp
                         "model: handle_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    65: Disposition('pending',  # raise in handle_layernorm_sp
                         "model: handle_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    75: Disposition('pending',  # raise in handle_layernorm_sp
                         "model: handle_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    81: Disposition('pending',  # raise in handle_layernorm_sp
                         "model: handle_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    102: Disposition('pending',  # raise in handle_layernorm_sp
                         "model: handle_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    129: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    131: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    142: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    151: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    158: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    163: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    168: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    181: Disposition('pending',  # raise in validate_layernorm_sp
                         "model: validate_layernorm_sp decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    200: Disposition('pending',  # raise in validate_muse_megamoe_token_budget
                         "model: Muse Spark's MegaMoE token budget (Muse Spark checkpoints only); no check covers it"),
    205: Disposition('pending',  # raise in validate_muse_megamoe_token_budget
                         "model: Muse Spark's MegaMoE token budget (Muse Spark checkpoints only); no check covers it"),
}
