"""Data parallelism: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('data_parallel', Text(en='Data parallelism', zh='数据并行'))


class DataParallelArgs:

    dp_size: Annotated[PositiveInt, Arg(
        '--data-parallel-size', '--dp-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    load_balance_method: Annotated[Literal['auto', 'round_robin', 'follow_bootstrap_room', 'total_requests', 'total_tokens'], Arg(
        '--load-balance-method',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'auto'

    prefill_round_robin_balance: Annotated[bool, Arg(
        '--prefill-round-robin-balance',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        deprecated=Removed(since=CURRENT, instead=Text(en='use --load-balance-method follow_bootstrap_room', zh='改用 --load-balance-method follow_bootstrap_room')),
    )] = False
