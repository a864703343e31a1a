"""Offloading (must be used with --disable-cuda-graph): TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('offloading', Text(en='Offloading (must be used with --disable-cuda-graph)', zh='卸载 (Offloading，须与 --disable-cuda-graph 同用)'))


class OffloadingArgs:

    cpu_offload_gb: Annotated[NonNegInt, Arg(
        '--cpu-offload-gb',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0

    offload_group_size: Annotated[int, Arg(
        '--offload-group-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='DeepSeek only', zh='仅适用于 DeepSeek'), rule=None),),
    )] = -1

    offload_num_in_group: Annotated[int, Arg(
        '--offload-num-in-group',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='DeepSeek only', zh='仅适用于 DeepSeek'), rule=None),),
    )] = 1

    offload_prefetch_step: Annotated[int, Arg(
        '--offload-prefetch-step',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='DeepSeek only', zh='仅适用于 DeepSeek'), rule=None),),
    )] = 1

    offload_mode: Annotated[Literal['cpu', 'meta', 'sharded_gpu'], Arg(
        '--offload-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('cpu', 'meta', 'sharded_gpu'),
        notes=(Note(Text(en='DeepSeek only', zh='仅适用于 DeepSeek'), rule=None),),
    )] = 'cpu'
