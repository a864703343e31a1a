"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/expert_pack_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    192: Disposition('runtime',  # raise in handle_expert_pack
                         'collects what is wrong with the expert-pack loader config, mostly files that must exist (pack, '
                         'manifest, source GGUF, model folder); needs the files'),
}
