"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/cp_tp_group_sharing_hook.py`` that no rule
ports: none.  ``sglang_checks/cp_tp.py`` (AM-E449) ports every one of them, reading the model's config.json.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {}
