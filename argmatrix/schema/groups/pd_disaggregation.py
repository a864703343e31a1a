"""PD disaggregation: splitting prefill and decode across separate servers and moving KV caches between them."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Removed, Text
from ..snapshots import CURRENT
from ..types import *

GROUP = Group('pd_disaggregation', Text(en='PD disaggregation', zh='PD 分离 (PD disaggregation)'))


class PdDisaggregationArgs:

    disaggregation_mode: Annotated[Literal['null', 'prefill', 'decode'], Arg(
        '--disaggregation-mode',
        help=Text(
            en=(
                "Role of this server in prefill/decode (PD) disaggregation: 'prefill' runs only the prefill phase, "
                "'decode' only decoding and receives KV caches from prefill servers; 'null' serves both phases in one "
                "instance."
            ),
            zh="本实例在 PD 分离部署中的角色：prefill 只执行预填充；decode 只执行解码，并从预填充实例接收 KV 缓存；null 表示不分离，由同一实例完成两个阶段。",
        ),
    )] = 'null'

    disaggregation_transfer_backend: Annotated[Literal['mooncake', 'nixl', 'ascend', 'mori', 'fake'], Arg(
        '--disaggregation-transfer-backend',
        help=Text(
            en=(
                "Transport that moves KV caches from prefill to decode servers: mooncake or nixl (RDMA), ascend "
                "(Ascend NPU, the NPU default), mori (AMD), or fake for tests without real data transfer."
            ),
            zh="预填充实例向解码实例传输 KV 缓存所用的后端：mooncake、nixl（RDMA）、ascend（昇腾 NPU，NPU 上的默认值）、mori（AMD）；fake 仅供测试，不真正传输数据。",
        ),
    )] = 'mooncake'

    disaggregation_bootstrap_port: Annotated[Port, Arg(
        '--disaggregation-bootstrap-port',
        help=Text(
            en=(
                "Port of the bootstrap server started on each prefill server; decode servers contact it to exchange "
                "metadata and set up the KV transfer."
            ),
            zh="预填充实例上引导服务监听的端口；解码实例经由它交换元数据并建立 KV 传输连接。",
        ),
    )] = 8998

    disaggregation_ib_device: Annotated[str | None, Arg(
        '--disaggregation-ib-device',
        help=Text(
            en=(
                "InfiniBand/RDMA NIC(s) used for the KV transfer: one device name or a comma-separated list (e.g. "
                "mlx5_0,mlx5_1). Unset lets the mooncake backend detect devices automatically."
            ),
            zh="KV 传输使用的 InfiniBand/RDMA 网卡，可填单个设备名，也可用逗号分隔多个（例：mlx5_0,mlx5_1）；不设置时由 mooncake 后端自动探测。",
        ),
    )] = None

    disaggregation_decode_enable_offload_kvcache: Annotated[bool, Arg(
        '--disaggregation-decode-enable-offload-kvcache',
        help=Text(
            en=(
                "On a decode server, asynchronously offload requests' KV cache through host memory to the "
                "hierarchical-cache storage backend so later turns can reuse it. Needs --disaggregation-mode decode "
                "and --hicache-storage-backend."
            ),
            zh=(
                "在解码实例上把请求的 KV 缓存经主机内存异步卸载到层级缓存的存储后端，供后续轮次复用。需配合 --disaggregation-mode decode 与 "
                "--hicache-storage-backend 使用。"
            ),
        ),
    )] = False

    num_reserved_decode_tokens: Annotated[NonNegHumanInt, Arg(
        '--num-reserved-decode-tokens',
        help=Text(
            en=(
                "Number of future decode tokens whose KV memory is reserved for each request when it joins the running "
                "batch, so admitted requests do not run out of KV cache while decoding."
            ),
            zh="新请求加入运行批次时，为其后续解码预留 KV 空间的 token 数，避免已接纳的请求在解码过程中 KV 缓存不足。",
        ),
    )] = 512

    disaggregation_decode_polling_interval: Annotated[PositiveInt, Arg(
        '--disaggregation-decode-polling-interval',
        help=Text(
            en=(
                "How often, in scheduler iterations, the decode server polls for incoming requests and finished KV "
                "transfers. Values above 1 reduce polling overhead at some latency cost."
            ),
            zh="解码实例每隔多少个调度轮次检查一次新到请求与已完成的 KV 传输。大于 1 可降低轮询开销，但会略增时延。",
        ),
    )] = 1

    disaggregation_decode_tp: Annotated[int | None, Arg(
        '--disaggregation-decode-tp',
        help=Text(
            en="Removed; has no effect. It used to tell the prefill server the decode side's tensor-parallel size.",
            zh="已移除，设置后不起作用。原用于在预填充实例上声明解码端的张量并行规模。",
        ),
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the prefill server learns the decode layout at bootstrap', zh='删除即可：prefill 服务在引导阶段获知 decode 端的并行布局')),
    )] = None

    disaggregation_decode_dp: Annotated[int | None, Arg(
        '--disaggregation-decode-dp',
        help=Text(
            en="Removed; has no effect. It used to tell the prefill server the decode side's data-parallel size.",
            zh="已移除，设置后不起作用。原用于在预填充实例上声明解码端的数据并行规模。",
        ),
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the prefill server learns the decode layout at bootstrap', zh='删除即可：prefill 服务在引导阶段获知 decode 端的并行布局')),
    )] = None

    disaggregation_prefill_pp: Annotated[int, Arg(
        '--disaggregation-prefill-pp',
        help=Text(
            en="Removed; has no effect. It used to tell the decode server the prefill side's pipeline-parallel size.",
            zh="已移除，设置后不起作用。原用于在解码实例上声明预填充端的流水线并行规模。",
        ),
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the decode server learns the prefill layout at bootstrap', zh='删除即可：decode 服务在引导阶段获知 prefill 端的并行布局')),
    )] = 1
