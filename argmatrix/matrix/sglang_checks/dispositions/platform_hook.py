"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/platform_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    144: Disposition('not-applicable',  # override in handle_xpu_backends
                         'fires only for --device xpu (Intel XPU), a platform argmatrix has no column for'),
}
