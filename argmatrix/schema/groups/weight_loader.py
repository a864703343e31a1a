"""Custom weight loader: how weights are read from disk, updated at runtime, or pulled from another running instance."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('weight_loader', Text(en='Custom weight loader', zh='自定义权重加载器 (Custom weight loader)'))


class WeightLoaderArgs:

    custom_weight_loader: Annotated[StrList | None, Arg(
        '--custom-weight-loader',
        help=Text(
            en=(
                "Import paths of additional functions allowed to update model weights at runtime (e.g. "
                "pkg.module.load_fn); they are used by the weight-update APIs."
            ),
            zh="允许在运行时更新模型权重的自定义加载函数的导入路径（如 pkg.module.load_fn），供权重更新接口调用。",
        ),
    )] = None

    weight_loader_disable_mmap: Annotated[bool, Arg(
        '--weight-loader-disable-mmap',
        help=Text(
            en=(
                "Read safetensors files without memory-mapping them. Can help on network or FUSE filesystems where "
                "mmap is slow or unreliable, at the cost of more host memory while loading."
            ),
            zh="读取 safetensors 权重文件时不使用 mmap 内存映射。在 mmap 较慢或不稳定的网络/FUSE 文件系统上可能有帮助，但加载期间会占用更多主机内存。",
        ),
    )] = False

    remote_instance_weight_loader_seed_instance_ip: Annotated[str | None, Arg(
        '--remote-instance-weight-loader-seed-instance-ip',
        help=Text(
            en="IP address of the running seed instance to pull weights from when --load-format is remote_instance.",
            zh="使用 remote_instance 加载格式时，提供权重的种子实例（已在运行的实例）的 IP 地址。",
        ),
    )] = None

    remote_instance_weight_loader_seed_instance_service_port: Annotated[Port | None, Arg(
        '--remote-instance-weight-loader-seed-instance-service-port',
        help=Text(
            en="HTTP service port of the seed instance, used with --load-format remote_instance.",
            zh="remote_instance 加载格式下种子实例的 HTTP 服务端口。",
        ),
    )] = None

    remote_instance_weight_loader_send_weights_group_ports: Annotated[IntList | None, Arg(
        '--remote-instance-weight-loader-send-weights-group-ports',
        help=Text(
            en=(
                "Ports of the communication groups that carry weights from the seed instance (JSON list, typically one "
                "per TP rank), used when loading from a remote instance."
            ),
            zh="从远程实例加载权重时，用于传输权重的通信组端口（JSON 列表，通常每个 TP rank 一个）。",
        ),
    )] = None

    remote_instance_weight_loader_backend: Annotated[Literal['transfer_engine', 'nccl'], Arg(
        '--remote-instance-weight-loader-backend',
        help=Text(
            en=(
                "Transport for pulling weights from the seed instance: nccl (collective communication) or "
                "transfer_engine (Mooncake Transfer Engine over RDMA)."
            ),
            zh="从种子实例拉取权重的传输方式：nccl（集合通信）或 transfer_engine（基于 RDMA 的 Mooncake Transfer Engine）。",
        ),
    )] = 'nccl'

    remote_instance_weight_loader_start_seed_via_transfer_engine: Annotated[bool, Arg(
        '--remote-instance-weight-loader-start-seed-via-transfer-engine',
        help=Text(
            en=(
                "Register this instance's weights with the Mooncake Transfer Engine at startup so it can act as a seed "
                "for other instances that load with the transfer_engine backend."
            ),
            zh="启动时将本实例的权重注册到 Mooncake Transfer Engine，使其可作为种子实例，供其他实例通过 transfer_engine 后端拉取权重。",
        ),
    )] = False
