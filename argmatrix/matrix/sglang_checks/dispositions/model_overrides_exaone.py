"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_overrides/exaone.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    19: Disposition('not-applicable',  # override in _exaone_overrides
                         'sets --disable-hybrid-swa-memory, a store_true flag, for this architecture: it only replaces the default (off), so no value the user set is lost (configs with a sliding_window_pattern)'),
}
