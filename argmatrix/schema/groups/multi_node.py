"""Multi-node distributed serving: how server processes on several machines find each other and which share of the
work each node runs."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import NonNegInt, PositiveInt

GROUP = Group('multi_node', Text(en='Multi-node distributed serving', zh='多节点分布式服务'))


class MultiNodeArgs:

    dist_init_addr: Annotated[str | None, Arg(
        '--dist-init-addr', '--nccl-init-addr',
        help=Text(
            en=(
                "host:port of the first node used to bootstrap the distributed backend, e.g. 10.0.0.1:5000. Pass the "
                "same value on every node; unset uses a local address, which only works on a single node."
            ),
            zh=(
                "用于初始化分布式后端的首个节点地址，格式为 host:port，例如 10.0.0.1:5000。各节点须填写相同的值；"
                "不设置时使用本机地址，只适用于单节点。"
            ),
        ),
    )] = None

    nnodes: Annotated[PositiveInt, Arg(
        '--nnodes',
        help=Text(
            en="Total number of machines that together run this server.",
            zh="共同运行本服务的机器（节点）总数。",
        ),
    )] = 1

    node_rank: Annotated[NonNegInt, Arg(
        '--node-rank',
        help=Text(
            en="Index of this machine among the --nnodes nodes, counting from 0; node 0 serves the HTTP endpoint.",
            zh="本机在 --nnodes 个节点中的序号，从 0 开始计数；0 号节点负责对外提供 HTTP 服务。",
        ),
    )] = 0
