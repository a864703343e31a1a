"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/fields/__init__.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    33: Disposition('not-applicable',  # raise in collect_input_fields
                         "checks SGLang's own field declarations (a duplicate field name across namespaces); no launch line "
                         'reaches it'),
}
