"""vLLM Multimodal inputs: the `vllm serve` flags of its MultiModalConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_multimodal', Text(en='Multimodal inputs', zh='多模态输入'))


class MultimodalArgs:

    language_model_only: Annotated[bool, Arg(
        '--language-model-only', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    limit_mm_per_prompt: Annotated[JsonObject, Arg(
        '--limit-mm-per-prompt',
        help=Text(en='', zh=''),
    )] = {}

    enable_mm_embeds: Annotated[bool, Arg(
        '--enable-mm-embeds', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    media_io_kwargs: Annotated[JsonObject, Arg(
        '--media-io-kwargs',
        help=Text(en='', zh=''),
    )] = {}

    mm_processor_kwargs: Annotated[JsonObject | None, Arg(
        '--mm-processor-kwargs',
        help=Text(en='', zh=''),
    )] = None

    mm_processor_cache_gb: Annotated[float, Arg(
        '--mm-processor-cache-gb',
        help=Text(en='', zh=''),
    )] = 4

    mm_processor_cache_type: Annotated[Literal['lru', 'shm'], Arg(
        '--mm-processor-cache-type',
        help=Text(en='', zh=''),
    )] = 'lru'

    mm_hasher_algorithm: Annotated[Literal['blake3', 'sha256', 'sha512'], Arg(
        '--mm-hasher-algorithm',
        help=Text(en='', zh=''),
    )] = 'blake3'

    mm_shm_cache_max_object_size_mb: Annotated[int, Arg(
        '--mm-shm-cache-max-object-size-mb',
        help=Text(en='', zh=''),
    )] = 128

    mm_encoder_only: Annotated[bool, Arg(
        '--mm-encoder-only', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    mm_encoder_tp_mode: Annotated[Literal['data', 'weights'], Arg(
        '--mm-encoder-tp-mode',
        help=Text(en='', zh=''),
    )] = 'weights'

    mm_encoder_attn_backend: Annotated[str | None, Arg(
        '--mm-encoder-attn-backend',
        help=Text(en='', zh=''),
    )] = None

    mm_encoder_attn_dtype: Annotated[Literal['fp8'] | None, Arg(
        '--mm-encoder-attn-dtype',
        help=Text(en='', zh=''),
    )] = None

    mm_encoder_fp8_scale_path: Annotated[str | None, Arg(
        '--mm-encoder-fp8-scale-path',
        help=Text(en='', zh=''),
    )] = None

    mm_encoder_fp8_scale_save_path: Annotated[str | None, Arg(
        '--mm-encoder-fp8-scale-save-path',
        help=Text(en='', zh=''),
    )] = None

    mm_encoder_fp8_scale_save_margin: Annotated[float, Arg(
        '--mm-encoder-fp8-scale-save-margin',
        help=Text(en='', zh=''),
    )] = 1.5

    interleave_mm_strings: Annotated[bool, Arg(
        '--interleave-mm-strings', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    skip_mm_profiling: Annotated[bool, Arg(
        '--skip-mm-profiling', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    video_pruning_rate: Annotated[float | None, Arg(
        '--video-pruning-rate',
        help=Text(en='', zh=''),
    )] = None

    video_pruning_method: Annotated[Literal['evs', 'vidcom2'], Arg(
        '--video-pruning-method',
        help=Text(en='', zh=''),
    )] = 'evs'

    mm_tensor_ipc: Annotated[Literal['direct_rpc', 'torch_shm'], Arg(
        '--mm-tensor-ipc',
        help=Text(en='', zh=''),
    )] = 'direct_rpc'

    mm_processor_device: Annotated[Literal['auto', 'cpu'], Arg(
        '--mm-processor-device',
        help=Text(en='', zh=''),
    )] = 'auto'

    mm_ipc_gpu_memory_gb: Annotated[float, Arg(
        '--mm-ipc-gpu-memory-gb',
        help=Text(en='', zh=''),
    )] = 0

    mm_device_do_normalize: Annotated[bool | None, Arg(
        '--mm-device-do-normalize', negatable=True,
        help=Text(en='', zh=''),
    )] = None
