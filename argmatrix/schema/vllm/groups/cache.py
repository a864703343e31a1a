"""vLLM KV cache: the `vllm serve` flags of its CacheConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt

GROUP = Group('vllm_cache', Text(en='KV cache', zh='KV 缓存'))


class CacheArgs:

    block_size: Annotated[int | None, Arg(
        '--block-size',
        help=Text(en='', zh=''),
    )] = None

    gpu_memory_utilization: Annotated[float, Arg(
        '--gpu-memory-utilization', '--device-memory-utilization',
        help=Text(en='', zh=''),
    )] = 0.92

    kv_cache_memory_bytes: Annotated[HumanInt | None, Arg(
        '--kv-cache-memory-bytes',
        help=Text(en='', zh=''),
    )] = None

    kv_cache_dtype: Annotated[Literal['auto', 'bfloat16', 'float16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_per_token_head', 'int4_per_token_head', 'int8_per_token_head', 'nvfp4', 'nvfp4_4over6', 'nvfp4_ds_mla', 'turboquant_3bit_nc', 'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_k8v4', 'ultraquant_4bit'], Arg(
        '--kv-cache-dtype',
        help=Text(en='', zh=''),
    )] = 'auto'

    num_gpu_blocks_override: Annotated[int | None, Arg(
        '--num-gpu-blocks-override',
        help=Text(en='', zh=''),
    )] = None

    enable_prefix_caching: Annotated[bool | None, Arg(
        '--enable-prefix-caching', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    prefix_caching_hash_algo: Annotated[Literal['sha256', 'sha256_cbor', 'xxhash', 'xxhash_cbor'], Arg(
        '--prefix-caching-hash-algo',
        help=Text(en='', zh=''),
    )] = 'sha256'

    prefix_cache_retention_interval: Annotated[int, Arg(
        '--prefix-cache-retention-interval',
        help=Text(en='', zh=''),
    )] = 0

    kv_cache_dtype_skip_layers: Annotated[list[str], Arg(
        '--kv-cache-dtype-skip-layers',
        help=Text(en='', zh=''),
    )] = []

    kv_sharing_fast_prefill: Annotated[bool, Arg(
        '--kv-sharing-fast-prefill', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    swa_bounded_replay: Annotated[bool, Arg(
        '--swa-bounded-replay', negatable=True,
        help=Text(en='', zh=''),
    )] = True

    mamba_cache_dtype: Annotated[Literal['auto', 'bfloat16', 'float16', 'float32'], Arg(
        '--mamba-cache-dtype',
        help=Text(en='', zh=''),
    )] = 'auto'

    mamba_ssm_cache_dtype: Annotated[Literal['auto', 'bfloat16', 'float16', 'float32'], Arg(
        '--mamba-ssm-cache-dtype',
        help=Text(en='', zh=''),
    )] = 'auto'

    mamba_block_size: Annotated[int | None, Arg(
        '--mamba-block-size',
        help=Text(en='', zh=''),
    )] = None

    prefix_match_unit: Annotated[int | None, Arg(
        '--prefix-match-unit',
        help=Text(en='', zh=''),
    )] = None

    mamba_cache_mode: Annotated[Literal['align', 'none'], Arg(
        '--mamba-cache-mode',
        help=Text(en='', zh=''),
    )] = 'none'

    enable_mamba_shared_prefix_checkpoint: Annotated[bool, Arg(
        '--enable-mamba-shared-prefix-checkpoint', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    replayssm_buffer_len: Annotated[int, Arg(
        '--replayssm-buffer-len',
        help=Text(en='', zh=''),
    )] = 16

    use_replayssm: Annotated[bool, Arg(
        '--use-replayssm', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    kv_offloading_size: Annotated[float | None, Arg(
        '--kv-offloading-size',
        help=Text(en='', zh=''),
    )] = None

    kv_offloading_backend: Annotated[Literal['lmcache', 'native'], Arg(
        '--kv-offloading-backend',
        help=Text(en='', zh=''),
    )] = 'native'
