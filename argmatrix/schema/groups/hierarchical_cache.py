"""Hierarchical cache: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('hierarchical_cache', Text(en='Hierarchical cache', zh='层级缓存'))


class HierarchicalCacheArgs:

    enable_hierarchical_cache: Annotated[bool, Arg(
        '--enable-hierarchical-cache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='Currently, mamba cache is not supported', zh='当前不支持 mamba 缓存'), rule='hicache-no-mamba'),),
    )] = False

    hicache_ratio: Annotated[PositiveFloat, Arg(
        '--hicache-ratio',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 2.0

    hicache_size: Annotated[NonNegInt, Arg(
        '--hicache-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0

    hicache_write_policy: Annotated[Literal['write_back', 'write_through', 'write_through_selective'], Arg(
        '--hicache-write-policy',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('write_back',),
        npu_default='write_back',
        notes=(Note(Text(en='Currently only write_back supported', zh='当前仅支持 write_back'), rule='npu-hicache-write-back'),),
    )] = 'write_through'

    hicache_io_backend: Annotated[Literal['direct', 'kernel', 'kernel_ascend'], Arg(
        '--hicache-io-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('kernel_ascend', 'direct'),
        npu_default='kernel_ascend',
    )] = 'kernel'

    hicache_mem_layout: Annotated[Literal['layer_first', 'page_first', 'page_first_direct', 'page_first_kv_split'], Arg(
        '--hicache-mem-layout',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('page_first_direct', 'page_first_kv_split'),
        npu_default='page_first_direct',
    )] = 'layer_first'

    hicache_storage_backend: Annotated[Literal['file', 'mooncake', 'hf3fs', 'nixl', 'aibrix', 'eic', 'dynamic'] | None, Arg(
        '--hicache-storage-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('file',),
    )] = None

    hicache_storage_prefetch_policy: Annotated[Literal['best_effort', 'wait_complete', 'timeout'], Arg(
        '--hicache-storage-prefetch-policy',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 'best_effort'

    hicache_storage_backend_extra_config: Annotated[JsonObject | None, Arg(
        '--hicache-storage-backend-extra-config',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None
