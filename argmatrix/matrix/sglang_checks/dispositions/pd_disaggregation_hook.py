"""SGLang 0.5.23 arg_groups/pd_disaggregation_hook.py: the check sites no rule ports, and why.

Lines 58 (DCP on a prefill server) and 111 (decode radix cache with attention DP) warn without replacing a value,
so they are not sites.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    65: Disposition("not-applicable", "argmatrix's schema bounds --disaggregation-decode-host-receive-threshold to "
                                      "[0, 1] (AM-E010)"),
    92: Disposition("not-applicable", "every --disaggregation-transfer-backend argmatrix's schema offers is one SGLang "
                                      "allows here (mooncake_tcp is mooncake by then)"),
    127: Disposition("not-applicable", "a decode server without --disaggregation-decode-enable-radix-cache runs without the "
                                       "radix cache; no flag turns it on there, so nothing the launch says is replaced"),
}
