"""LoRA: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('lora', Text(en='LoRA', zh='LoRA'))


class LoraArgs:

    enable_lora: Annotated[bool, Arg(
        '--enable-lora',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_lora_overlap_loading: Annotated[bool, Arg(
        '--enable-lora-overlap-loading',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    max_lora_rank: Annotated[PositiveInt | None, Arg(
        '--max-lora-rank',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    lora_target_modules: Annotated[list[Literal['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'qkv_proj', 'gate_up_proj', 'embed_tokens', 'lm_head', 'all']] | None, Arg(
        '--lora-target-modules',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('all',),
    )] = None

    lora_paths: Annotated[list[str | dict[str, Any]] | None, Arg(
        '--lora-paths',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    max_loras_per_batch: Annotated[PositiveInt, Arg(
        '--max-loras-per-batch',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 8

    max_loaded_loras: Annotated[PositiveInt | None, Arg(
        '--max-loaded-loras',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    lora_eviction_policy: Annotated[Literal['lru', 'fifo'], Arg(
        '--lora-eviction-policy',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'lru'

    lora_backend: Annotated[Literal['triton', 'csgmv', 'ascend', 'torch_native'], Arg(
        '--lora-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('triton', 'csgmv', 'ascend', 'torch_native'),
    )] = 'csgmv'

    max_lora_chunk_size: Annotated[Literal[16, 32, 64, 128], Arg(
        '--max-lora-chunk-size',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 16
