"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/llama4.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    34: Disposition('not-applicable',  # override in _llama4_overrides
                         'SGLang picks the attention backend for Llama 4 by the GPU generation only when --attention-backend is unset: no value the launch chose is replaced'),
}
