"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/argparse_actions.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    12: Disposition('not-applicable',  # assert in LoRAPathAction.__call__
                         "argparse hands the action a list (nargs='*'), so the assertion cannot fail from a launch line"),
}
