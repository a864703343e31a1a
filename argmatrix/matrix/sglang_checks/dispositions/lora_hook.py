"""SGLang 0.5.23 arg_groups/lora_hook.py: the check sites no rule ports, and why.

Line 46 (LoRA paths ignored under --enable-lora false) warns without replacing a value, so it is not a site.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    36: Disposition("not-applicable", "argmatrix's schema bounds --max-loras-per-batch at 1 or more (AM-E010)"),
    42: Disposition("not-applicable", "turns --enable-lora on when it is unset and --lora-paths is given, which argmatrix "
                                      "reads the same way (table_rules.PARENTS 'lora'); nothing the launch says is "
                                      "replaced"),
    96: Disposition("not-applicable", "from a launch line (or --config) such an entry is refused first by SGLang's --lora-paths action (argparse_actions.py:17, AM-E320); only the Python API hands :96 a dict"),
    108: Disposition("not-applicable", "argmatrix's schema types --lora-paths items as text or objects (AM-E010 refuses "
                                       "anything else)"),
    133: Disposition("not-applicable", "argmatrix's schema types --lora-paths as a list (AM-E010 refuses anything else)"),
    168: Disposition("not-applicable", "argmatrix's schema offers only 16, 32, 64 and 128 for --max-lora-chunk-size "
                                       "(AM-E010)"),
    176: Disposition("not-applicable", "argmatrix's schema bounds --lora-drain-wait-threshold at 0 or more (AM-E010)"),
}
