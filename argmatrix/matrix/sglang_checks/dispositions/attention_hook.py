"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/attention_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    55: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    59: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    63: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    65: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    73: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    89: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    96: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    100: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    105: Disposition('not-applicable',  # raise in _check_xpu_dcp
                         'runs only on Intel XPU (--dcp-size above 1 there), a platform argmatrix has no column for'),
    435: Disposition('not-applicable',  # raise in handle_linear_attn_backend
                         "argmatrix's schema refuses it first: --linear-replayssm-cache-len is declared a positive integer "
                         '(AM-E010), so no rule is needed'),
    557: Disposition('not-applicable',  # override in handle_multi_item_scoring
                         'SGLang turns on --disable-radix-cache (for --enable-mis) here, a switch a launch line can only turn '
                         'on (store-true): no value the user gave is replaced, so there is nothing to warn about'),
    587: Disposition('not-applicable',  # override in handle_deterministic_inference
                         'SGLang turns on --enable-deterministic-inference (for --rl-on-policy-target) here, a switch a launch'
                         ' line can only turn on (store-true): no value the user gave is replaced, so there is nothing to warn'
                         ' about'),
    663: Disposition('not-applicable',  # override in handle_deterministic_inference
                         'SGLang turns on --disable-radix-cache (deterministic inference on a backend without radix support) '
                         'here, a switch a launch line can only turn on (store-true): no value the user gave is replaced, so '
                         'there is nothing to warn about'),
}
