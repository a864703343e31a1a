"""Custom weight loader: how weights are read from disk, updated at runtime, or pulled from another running instance."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import IntList, JsonObject, Port, PositiveInt, StrList

GROUP = Group('weight_loader', Text(en='Custom weight loader', zh='自定义权重加载器'))


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

    weight_loader_prefetch_checkpoints: Annotated[bool, Arg(
        '--weight-loader-prefetch-checkpoints',
        help=Text(
            en=(
                "Read checkpoint files into the OS page cache before loading, each rank taking a share of the "
                "shards, so a shared network filesystem (NFS, Lustre) is read about once in total instead of once "
                "per rank. Worth enabling when the weights sit on network storage; it turns off multi-threaded "
                "safetensors loading unless --model-loader-extra-config sets enable_multithread_load to true."
            ),
            zh=(
                "加载前先把权重文件读入操作系统页缓存，各 rank 分担一部分分片，使共享网络文件系统（NFS、"
                "Lustre）上的权重总共只需读取约一遍，而不是每个 rank 各读一遍。模型放在网络存储上时建议开启；"
                "开启后会关闭多线程 safetensors 加载，"
                "除非在 --model-loader-extra-config 中把 "
                "enable_multithread_load 设为 true。"
            ),
        ),
    )] = False

    weight_loader_prefetch_num_threads: Annotated[PositiveInt, Arg(
        '--weight-loader-prefetch-num-threads',
        help=Text(
            en=(
                "Threads per rank that read checkpoint files ahead of loading under "
                "--weight-loader-prefetch-checkpoints."
            ),
            zh="开启 --weight-loader-prefetch-checkpoints 时，每个 rank 预读权重文件所用的线程数。",
        ),
    )] = 4

    weight_loader_drop_cache_after_load: Annotated[bool, Arg(
        '--weight-loader-drop-cache-after-load',
        help=Text(
            en=(
                "After each safetensors shard is loaded, tell the OS it may drop that file from the page cache "
                "(posix_fadvise DONTNEED), giving the host memory back once loading is done."
            ),
            zh=(
                "每加载完一个 safetensors 分片，"
                "就通知操作系统可将该文件移出页缓存（posix_fadvise DONTNEED），加载结束后即可归还主机内存。"
            ),
        ),
    )] = False

    remote_instance_weight_loader_seed_instance_ip: Annotated[str | None, Arg(
        '--remote-instance-weight-loader-seed-instance-ip',
        help=Text(
            en="IP address of the running seed instance to pull weights from when --load-format is remote_instance.",
            zh="--load-format 为 remote_instance 时，提供权重的种子实例（已在运行的实例）的 IP 地址。",
        ),
    )] = None

    remote_instance_weight_loader_seed_instance_service_port: Annotated[Port | None, Arg(
        '--remote-instance-weight-loader-seed-instance-service-port',
        help=Text(
            en="HTTP service port of the seed instance, used with --load-format remote_instance.",
            zh="--load-format 为 remote_instance 时种子实例的 HTTP 服务端口。",
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

    remote_instance_weight_loader_backend: Annotated[Literal['transfer_engine', 'nccl', 'modelexpress'], Arg(
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

    engine_info_bootstrap_port: Annotated[Port, Arg(
        '--engine-info-bootstrap-port',
        help=Text(
            en=(
                "Port of the bootstrap server that node rank 0 starts under "
                "--remote-instance-weight-loader-start-seed-via-transfer-engine, where every rank registers its "
                "transfer-engine weight information. Give each instance on the same node its own port."
            ),
            zh=(
                "设置 --remote-instance-weight-loader-start-seed-via-transfer"
                "-engine 时，由节点序号为 0 的进程启动的引导服务端口，各 rank 在此登记其传输引擎的权重信息。"
                "同一节点上运行多个实例时，每个实例须使用不同的端口。"
            ),
        ),
    )] = 6789

    modelexpress_config: Annotated[JsonObject | None, Arg(
        '--modelexpress-config',
        help=Text(
            en=(
                "Settings for peer-to-peer weight loading through ModelExpress "
                "(--remote-instance-weight-loader-backend modelexpress), as a JSON object: url, the gRPC host:port "
                "of the ModelExpress server (optional), and transport, nixl (the default) or transfer_engine."
            ),
            zh=(
                "通过 ModelExpress 进行点对点权重加载"
                "（--remote-instance-weight-loader-backend "
                "modelexpress）时的配置，为 JSON 对象："
                "url 为 ModelExpress 服务的 gRPC 地址 host:port（可选），"
                "transport 为传输方式，可选 nixl（默认）或 transfer_engine。"
            ),
        ),
    )] = None
