"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/arg_utils.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    181: Disposition('not-applicable',  # assert in fallbacks_of
                         "checks SGLang's own field declarations when its argument classes are built; no launch line reaches "
                         'it'),
    185: Disposition('not-applicable',  # assert in fallbacks_of
                         "checks SGLang's own field declarations when its argument classes are built; no launch line reaches "
                         'it'),
}
