"""What argmatrix does with the check sites of SGLang 0.5.23 ``arg_groups/kv_shard_hook.py`` that no rule ports.

Keyed by the line of the site in that release (``tests/fixtures/sglang_check_sites-0.5.23.json``); the
kinds are explained in ``dispositions/__init__.py``.
"""
from __future__ import annotations

from . import Disposition

SITES: dict[int, Disposition] = {
    42: Disposition('pending',  # raise in validate_kv_shard_attention_backend
                         "model: KV-sharding layout against the model's attention (MLA, DSA) and the resolved prefill backend;"
                         ' no check covers it'),
    51: Disposition('pending',  # raise in validate_kv_shard_attention_backend
                         "model: KV-sharding layout against the model's attention (MLA, DSA) and the resolved prefill backend;"
                         ' no check covers it'),
    61: Disposition('pending',  # raise in validate_kv_shard_attention_backend
                         "model: KV-sharding layout against the model's attention (MLA, DSA) and the resolved prefill backend;"
                         ' no check covers it'),
    67: Disposition('pending',  # raise in validate_kv_shard_attention_backend
                         "model: KV-sharding layout against the model's attention (MLA, DSA) and the resolved prefill backend;"
                         ' no check covers it'),
    77: Disposition('model',  # raise in validate_kv_shard_attention_backend
                         'AM-E732 refuses --attention-backend / --prefill-attention-backend trtllm_mla on a model without MLA '
                         '(compiler/model_checks.py)'),
    115: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    186: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    191: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    223: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    229: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    254: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    260: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    266: Disposition('pending',  # raise in handle_kv_cache_sharding
                         "model: handle_kv_cache_sharding decides it from the model's config.json; no check in "
                         'compiler/model_checks.py covers it'),
    303: Disposition('runtime',  # raise in handle_kv_cache_sharding
                         "needs the device's memory to re-round --chunked-prefill-size for KV sharding"),
    312: Disposition('runtime',  # raise in handle_kv_cache_sharding
                         "needs the device's memory to re-round --chunked-prefill-size for KV sharding"),
}
