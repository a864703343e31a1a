"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/layernorm_sp_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.  ``sglang_checks/layernorm_sp.py`` ports the others (AM-E348,
and AM-E444/AM-E445, which read the model's config.json).
"""
from __future__ import annotations

from . import Disposition

_BREAKABLE = ("Muse Spark MegaMoE with the breakable prefill CUDA graph: SGLang judges it on the resolved "
              "cuda_graph_config (its prefill backend and capture sizes, which SGLang derives from the GPU and the "
              "model at start-up); not ported yet")

SITES: dict[int, Disposition] = {
    65: Disposition('not-applicable',  # raise in handle_layernorm_sp
                    "--pp-size above 1 is refused first by validate_layernorm_sp (:187, AM-E348), and the schema "
                    "refuses one below 1 (AM-E010)"),
    75: Disposition('pending', _BREAKABLE),   # raise in handle_layernorm_sp
    81: Disposition('pending', _BREAKABLE),   # raise in handle_layernorm_sp
}
