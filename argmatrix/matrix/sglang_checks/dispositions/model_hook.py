"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    999: Disposition('runtime',  # raise in handle_model_capability_adjustments
                         'Clef and Kev checkpoints are told apart by files beside config.json (joint_head_config.json of a '
                         'Qwen3.5 checkpoint, head.pt of a Qwen3.5 text model, or a known pointer-adapter repository), '
                         'which argmatrix does not read'),
}
