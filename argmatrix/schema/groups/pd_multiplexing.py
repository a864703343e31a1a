"""PD multiplexing: running prefill and decode side by side on one GPU by partitioning its SMs."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import PositiveInt

GROUP = Group('pd_multiplexing', Text(en='For PD-Multiplexing', zh='PD 复用'))


class PdMultiplexingArgs:

    enable_pdmux: Annotated[bool, Arg(
        '--enable-pdmux',
        help=Text(
            en=(
                "Enable PD multiplexing: run prefill and decode concurrently on the same GPU, each on its own "
                "green-context stream with a share of the SMs."
            ),
            zh="开启 PD 复用：在同一个设备上并发执行预填充和解码，二者各自运行在分得部分 SM 的独立执行上下文中。",
        ),
    )] = False

    pdmux_config_path: Annotated[str | None, Arg(
        '--pdmux-config-path',
        help=Text(
            en="Path to the PD multiplexing configuration file with its SM partitioning and scheduling settings.",
            zh="PD 复用配置文件的路径，其中包含 SM 划分与调度相关设置。",
        ),
    )] = None

    sm_group_num: Annotated[PositiveInt, Arg(
        '--sm-group-num',
        help=Text(
            en=(
                "Number of groups the GPU's SMs are split into for PD multiplexing; more groups allow finer-grained "
                "splits between prefill and decode."
            ),
            zh="PD 复用时 GPU 的 SM 被划分成的组数；组数越多，预填充与解码之间的资源划分越细。",
        ),
    )] = 8
