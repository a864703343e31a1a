"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/kv_shard_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.  The model-dependent sites are ported by
``sglang_checks/sharding.py``'s kv-cache-sharding-model (AM-E446), which reads the model's config.json.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    77: Disposition('model',  # raise in validate_kv_shard_attention_backend
                         'AM-E732 refuses --attention-backend / --prefill-attention-backend trtllm_mla on a model without MLA '
                         '(compiler/model_checks.py)'),
    303: Disposition('runtime',  # raise in handle_kv_cache_sharding
                         "needs the device's memory to re-round --chunked-prefill-size for KV sharding"),
    312: Disposition('runtime',  # raise in handle_kv_cache_sharding
                         "needs the device's memory to re-round --chunked-prefill-size for KV sharding"),
}
