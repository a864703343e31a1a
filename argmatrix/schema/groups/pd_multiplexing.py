"""For PD-Multiplexing: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('pd_multiplexing', Text(en='For PD-Multiplexing', zh='用于 PD-Multiplexing'))


class PdMultiplexingArgs:

    enable_pdmux: Annotated[bool, Arg(
        '--enable-pdmux',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    pdmux_config_path: Annotated[str | None, Arg(
        '--pdmux-config-path',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    sm_group_num: Annotated[PositiveInt, Arg(
        '--sm-group-num',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 8
