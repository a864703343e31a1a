"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/model_override_base.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    66: Disposition('not-applicable',  # raise in _invoke_provider
                         "guards the return type of SGLang's own per-model override functions"),
    89: Disposition('not-applicable',  # raise in ResolvedView.__setattr__
                         "the read-only view refuses writes from SGLang's own hooks; no launch line reaches it"),
    115: Disposition('not-applicable',  # raise in ResolvingConfig.__setattr__
                         "the resolving view refuses writes from SGLang's own hooks; no launch line reaches it"),
}
