"""Mamba cache: memory and scheduling of SSM states for Mamba and hybrid Mamba/attention models."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('mamba', Text(en='Mamba Cache', zh='Mamba 缓存'))


class MambaArgs:

    max_mamba_cache_size: Annotated[PositiveInt | None, Arg(
        '--max-mamba-cache-size',
        help=Text(
            en=(
                "Maximum number of state slots in the Mamba cache, roughly how many requests can keep an SSM state at "
                "once. Unset sizes it from the available memory."
            ),
            zh="Mamba 缓存中的状态槽数量上限，约等于可同时保存 SSM 状态的请求数。不设置时根据可用显存计算。",
        ),
    )] = None

    mamba_ssm_dtype: Annotated[Literal['float32', 'bfloat16', 'float16'], Arg(
        '--mamba-ssm-dtype',
        help=Text(
            en=(
                "Data type used to store SSM states in the Mamba cache. float32 is the most accurate; bfloat16 or "
                "float16 halve the state memory."
            ),
            zh="Mamba 缓存里保存 SSM 状态所用的数据类型。float32 精度最高；bfloat16、float16 可将状态显存减半。",
        ),
    )] = 'float32'

    mamba_full_memory_ratio: Annotated[Fraction, Arg(
        '--mamba-full-memory-ratio',
        help=Text(
            en=(
                "For hybrid Mamba/attention models, ratio of the memory given to Mamba states to that of the "
                "full-attention KV cache."
            ),
            zh="对 Mamba 与注意力混合的模型，分配给 Mamba 状态的显存与全注意力层 KV 缓存显存之比。",
        ),
    )] = 0.9

    mamba_scheduler_strategy: Annotated[Literal['auto', 'no_buffer', 'extra_buffer'], Arg(
        '--mamba-scheduler-strategy',
        help=Text(
            en=(
                "How Mamba states are kept for prefix caching: no_buffer allocates no extra state buffers but cannot "
                "use the overlap scheduler; extra_buffer adds buffers that allow overlap, at the cost of fewer "
                "concurrent requests. auto currently means no_buffer."
            ),
            zh=(
                "前缀缓存下 Mamba 状态的管理策略：no_buffer 不额外分配状态缓冲，但无法使用重叠调度；extra_buffer 额外分配缓冲以支持重叠调度，代价是可并发请求数减少。auto 目前等同于 "
                "no_buffer。"
            ),
        ),
    )] = 'auto'

    mamba_track_interval: Annotated[PositiveInt, Arg(
        '--mamba-track-interval',
        help=Text(
            en=(
                "During decode, save a Mamba state snapshot every this many tokens so it can be reused as prefix "
                "cache. Only used by the extra_buffer strategy; must be a multiple of --page-size."
            ),
            zh="解码时每隔多少个 token 保存一次 Mamba 状态快照，供前缀缓存复用。仅在 extra_buffer 策略下生效，且须为页大小（--page-size）的整数倍。",
        ),
    )] = 256
