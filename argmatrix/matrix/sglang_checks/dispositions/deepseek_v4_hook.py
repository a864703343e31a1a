"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/deepseek_v4_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    95: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model and GPU generation: --dsv4-attn-backend flashmla_mega needs a DeepSeek-V4.1 checkpoint '
                         '(model_type deepseek_v41) on SM100; not ported yet (gpu_generation.py ports the trtllm one, '
                         ':104)'),
    108: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    112: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    115: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    123: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    129: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    144: Disposition('pending',  # override in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    149: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    156: Disposition('pending',  # assert in apply_deepseek_v4_defaults
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    168: Disposition('pending',  # raise in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    173: Disposition('pending',  # raise in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    182: Disposition('pending',  # raise in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    201: Disposition('pending',  # raise in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    223: Disposition('pending',  # assert in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    226: Disposition('pending',  # assert in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    231: Disposition('pending',  # raise in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    242: Disposition('pending',  # override in validate_deepseek_v4_cp
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    263: Disposition('pending',  # raise in validate_deepseek_v41_encoder_replay_budget
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    278: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    287: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    329: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    350: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    376: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
    409: Disposition('pending',  # raise in validate_deepseek_v41_features
                         'model: runs only for DeepSeek-V4 checkpoints (config.json); no check in compiler/model_checks.py '
                         'covers it'),
}
