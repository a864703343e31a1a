"""Multi-node distributed serving: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('multi_node', Text(en='Multi-node distributed serving', zh='多节点分布式服务'))


class MultiNodeArgs:

    dist_init_addr: Annotated[str | None, Arg(
        '--dist-init-addr', '--nccl-init-addr',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    nnodes: Annotated[PositiveInt, Arg(
        '--nnodes',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    node_rank: Annotated[NonNegInt, Arg(
        '--node-rank',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0
