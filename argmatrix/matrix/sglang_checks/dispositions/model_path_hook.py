"""Dispositions of the check sites in SGLang 0.5.23's ``arg_groups/model_path_hook.py`` that no rule ports.

Ported in ``sglang_checks/loading.py``: :221, :233 (AM-W373) and :282 (AM-E374).
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    245: Disposition("runtime", "the transfer_engine remote-instance loader falls back to auto when mooncake.engine "
                                "cannot be imported on this machine (or with --enable-memory-saver, checked only "
                                "after the import succeeds)"),
    271: Disposition("declared", "ipc_cache is not one of --load-format's choices (AM-E010), as in SGLang's parser"),
}
