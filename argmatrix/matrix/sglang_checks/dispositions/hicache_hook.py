"""SGLang 0.5.23 arg_groups/hicache_hook.py: the check sites no rule ports, and why."""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    28: Disposition("not-applicable", "argmatrix's schema reads --unified-cache-external-linker-config as a JSON object "
                                      "(AM-E010 refuses anything else)"),
    117: Disposition("not-applicable", "argmatrix's schema bounds --hicache-host-memory-fraction to (0, 1] (AM-E010)"),
    250: Disposition("not-applicable", "argmatrix's schema offers only cache and buffer_only for "
                                       "--hicache-host-memory-mode (AM-E010)"),
    263: Disposition("not-applicable", "unreachable from a launch: handle_hicache_ratio_default gives every non-decode "
                                       "server a host/device ratio before this runs"),
}
