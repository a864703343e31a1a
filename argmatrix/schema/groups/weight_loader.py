"""Custom weight loader: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('weight_loader', Text(en='Custom weight loader', zh='自定义权重加载器 (Custom weight loader)'))


class WeightLoaderArgs:

    custom_weight_loader: Annotated[StrList | None, Arg(
        '--custom-weight-loader',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    weight_loader_disable_mmap: Annotated[bool, Arg(
        '--weight-loader-disable-mmap',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    remote_instance_weight_loader_seed_instance_ip: Annotated[str | None, Arg(
        '--remote-instance-weight-loader-seed-instance-ip',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    remote_instance_weight_loader_seed_instance_service_port: Annotated[Port | None, Arg(
        '--remote-instance-weight-loader-seed-instance-service-port',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    remote_instance_weight_loader_send_weights_group_ports: Annotated[IntList | None, Arg(
        '--remote-instance-weight-loader-send-weights-group-ports',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    remote_instance_weight_loader_backend: Annotated[Literal['transfer_engine', 'nccl'], Arg(
        '--remote-instance-weight-loader-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'nccl'

    remote_instance_weight_loader_start_seed_via_transfer_engine: Annotated[bool, Arg(
        '--remote-instance-weight-loader-start-seed-via-transfer-engine',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False
