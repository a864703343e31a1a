"""Mamba Cache: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('mamba', Text(en='Mamba Cache', zh='Mamba 缓存'))


class MambaArgs:

    max_mamba_cache_size: Annotated[PositiveInt | None, Arg(
        '--max-mamba-cache-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    mamba_ssm_dtype: Annotated[Literal['float32', 'bfloat16', 'float16'], Arg(
        '--mamba-ssm-dtype',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'float32'

    mamba_full_memory_ratio: Annotated[Fraction, Arg(
        '--mamba-full-memory-ratio',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0.9

    mamba_scheduler_strategy: Annotated[Literal['auto', 'no_buffer', 'extra_buffer'], Arg(
        '--mamba-scheduler-strategy',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'auto'

    mamba_track_interval: Annotated[PositiveInt, Arg(
        '--mamba-track-interval',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 256
