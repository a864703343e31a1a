"""PD disaggregation: splitting prefill and decode across separate servers and moving KV caches between them."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import Fraction, NonNegHumanInt, NonNegInt, Port, PositiveInt, StrList

GROUP = Group('pd_disaggregation', Text(en='PD disaggregation', zh='PD 分离'))


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

    disaggregation_transfer_backend: Annotated[Literal['mooncake', 'nixl', 'ascend', 'mori', 'fake', 'mooncake_tcp'], Arg(
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
                "在解码实例上把请求的 KV 缓存经主机内存异步卸载到分层缓存的存储后端，供后续轮次复用。需配合 --disaggregation-mode decode 与 "
                "--hicache-storage-backend 使用。"
            ),
        ),
    )] = False

    disaggregation_decode_enable_radix_cache: Annotated[bool, Arg(
        '--disaggregation-decode-enable-radix-cache',
        help=Text(
            en=(
                "Keep a prefix (radix) cache on a decode instance, so prefixes it already holds are not transferred "
                "again; by default the decode side runs without one. Cannot be used together with --enable-hisparse "
                "or --disaggregation-transfer-backend fake; of the speculative algorithms only EAGLE, EAGLE3 and "
                "DSPARK work with it."
            ),
            zh=(
                "在解码实例上保留前缀缓存，已持有的前缀无需再次传输；默认情况下解码端不启用前缀缓存。"
                "不能与 --enable-hisparse、"
                "--disaggregation-transfer-backend fake 同时使用，"
                "投机解码也只能用 EAGLE、EAGLE3 或 DSPARK。"
            ),
        ),
    )] = False

    disaggregation_decode_retraction_backup: Annotated[Literal['cpu_tensor', 'host_pool', 'none'] | None, Arg(
        '--disaggregation-decode-retraction-backup',
        help=Text(
            en=(
                "Where a decode instance keeps the KV cache of a request it retracts when memory runs short: "
                "cpu_tensor in per-request CPU tensors, host_pool in a reserved HiCache host pool (with no fallback "
                "when it is full), none keeps nothing and aborts the request with HTTP 503 for the client to retry. "
                "Unset chooses from the decode KV pool."
            ),
            zh=(
                "解码实例因显存不足而撤回请求时，该请求 KV 缓存的保存位置："
                "cpu_tensor 存入每个请求各自的 CPU 张量；host_pool 存入预留的分层缓存主机池，"
                "池满时不会改用其他方式；none 不保存，直接以 HTTP 503 中止请求，由客户端重试。不设置时根据解码端的 KV 池自动选择。"
            ),
        ),
    )] = None

    disaggregation_decode_extra_slots: Annotated[NonNegInt | None, Arg(
        '--disaggregation-decode-extra-slots',
        help=Text(
            en=(
                "Request slots a decode instance reserves, beyond those sized by --max-running-requests, for "
                "requests whose KV cache is still arriving from prefill. Unset gives 0, or twice the per-worker "
                "running batch when that batch is 32 or smaller."
            ),
            zh=(
                "解码实例在 --max-running-requests 决定的槽位之外，"
                "为 KV 缓存仍在从预填充端传来的请求额外预留的请求槽位数。不设置时为 0；若每个工作进程的运行批次不超过 32，则取该批次的两倍。"
            ),
        ),
    )] = None

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
            zh="解码实例每隔多少个调度轮次检查一次新到请求与已完成的 KV 传输。大于 1 可降低轮询开销，但会略增延迟。",
        ),
    )] = 1

    disaggregation_decode_host_receive_threshold: Annotated[Fraction, Arg(
        '--disaggregation-decode-host-receive-threshold',
        help=Text(
            en=(
                "Device KV usage (0 to 1, evictable cache pages not counted) above which a decode instance receives "
                "incoming KV into its host retraction pool instead of device memory: 1 (the default) never does, 0 "
                "always does. Size the pool with --hicache-size or --hicache-ratio; no transfer backend shipped with "
                "SGLang supports host destinations yet."
            ),
            zh=(
                "解码实例设备侧 KV 占用率（0 到 1，不计可淘汰的缓存页）超过该值时，"
                "新到的 KV 改为接收到主机侧的撤回备份池，而不是设备显存：1（默认）表示从不这样做，0 表示总是这样做。"
                "池的大小由 --hicache-size 或 --hicache-ratio 决定；"
                "目前 SGLang 自带的传输后端都还不支持以主机内存为接收目标。"
            ),
        ),
    )] = 1.0

    disaggregation_decode_allocation_policy: Annotated[Literal['early', 'prefill_complete'], Arg(
        '--disaggregation-decode-allocation-policy',
        help=Text(
            en=(
                "When a decode instance reserves KV memory for a request: early as soon as the request arrives; "
                "prefill_complete keeps the KV on the prefill instance until prefill finishes and only then admits "
                "the request on decode. Set the same value on prefill and decode; prefill_complete relies on "
                "--optimistic-prefill-attempts."
            ),
            zh=(
                "解码实例何时为请求预留 KV 显存：early 在请求到达时即预留；"
                "prefill_complete 先把 KV 留在预填充实例上，待预填充完成后再在解码端接纳该请求。"
                "预填充与解码两端须设为相同的值；prefill_complete 依赖 --optimistic-prefill-attempts。"
            ),
        ),
    )] = 'early'

    optimistic_prefill_attempts: Annotated[NonNegInt, Arg(
        '--optimistic-prefill-attempts',
        help=Text(
            en=(
                "On a prefill instance, how many times a request may be prefilled before the bootstrap handshake "
                "with its decode instance is done; if the handshake is still pending afterwards, the KV cache is "
                "released and the request queued again. 0 always waits for the handshake. SGLang raises it to 1 for "
                "--disaggregation-decode-allocation-policy prefill_complete and resets it to 0 with --pp-size above "
                "1."
            ),
            zh=(
                "在预填充实例上，请求在与解码实例的引导握手完成之前最多可提前预填充的次数；若之后握手仍未完成，"
                "则释放其 KV 缓存并重新排队。0 表示始终等待握手完成。"
                "--disaggregation-decode-allocation-policy 为 "
                "prefill_complete 时 SGLang 会将其提高到 1；--pp-size 大于 1 时会被重置为 0。"
            ),
        ),
    )] = 0

    disaggregation_enable_kv_checksum: Annotated[bool, Arg(
        '--disaggregation-enable-kv-checksum',
        help=Text(
            en=(
                "Compute an Adler-32 checksum of each request's KV pages on the prefill instance and check it on the "
                "decode instance; a mismatch aborts the request. Turn it on at both ends. If the two sides lay out "
                "KV differently (another TP width, PP stage, page size or data type), the transfer is accepted "
                "without the check and one warning is logged."
            ),
            zh=(
                "在预填充实例上为每个请求的 KV 页计算 Adler-32 校验和，并在解码实例上核对，不一致则中止该请求。"
                "预填充与解码两端都需开启。若两端的 KV 布局不同（TP 宽度、PP 阶段、页大小、数据类型），则不做校验直接接收，并给出一次警告。"
            ),
        ),
    )] = False

    enable_pd_role_switch: Annotated[bool, Arg(
        '--enable-pd-role-switch',
        help=Text(
            en=(
                "Allow an instance in PD disaggregation to switch between the prefill and decode roles at runtime "
                "through the /pd_role_switch endpoint."
            ),
            zh="允许 PD 分离部署中的实例在运行时通过 /pd_role_switch 接口在预填充与解码角色之间切换。",
        ),
    )] = False

    disaggregation_decode_tp: Annotated[int | None, Arg(
        '--disaggregation-decode-tp',
        help=Text(
            en="Removed; has no effect. It used to tell the prefill server the decode side's tensor-parallel size.",
            zh="已移除，设置后不起作用。原用于在预填充实例上声明解码端的张量并行规模。",
        ),
    )] = None

    disaggregation_decode_dp: Annotated[int | None, Arg(
        '--disaggregation-decode-dp',
        help=Text(
            en="Removed; has no effect. It used to tell the prefill server the decode side's data-parallel size.",
            zh="已移除，设置后不起作用。原用于在预填充实例上声明解码端的数据并行规模。",
        ),
    )] = None

    disaggregation_prefill_pp: Annotated[int, Arg(
        '--disaggregation-prefill-pp',
        help=Text(
            en="Removed; has no effect. It used to tell the decode server the prefill side's pipeline-parallel size.",
            zh="已移除，设置后不起作用。原用于在解码实例上声明预填充端的流水线并行规模。",
        ),
    )] = 1

    decoupled_spec_role: Annotated[Literal['null', 'verifier', 'drafter'], Arg(
        '--decoupled-spec-role',
        help=Text(
            en=(
                "Role of this engine in decoupled speculative decoding, where drafting and verification run in "
                "separate engines that talk over ZMQ: verifier runs the target model and verifies, drafter runs the "
                "draft model; null (the default) turns it off."
            ),
            zh=(
                "本引擎在解耦式投机解码中的角色。解耦式投机解码把草稿生成与验证放在不同的引擎中，通过 ZMQ 通信："
                "verifier 运行目标模型并负责验证，drafter 运行草稿模型；null（默认）表示不启用。"
            ),
        ),
    )] = 'null'

    decoupled_spec_rank: Annotated[NonNegInt | None, Arg(
        '--decoupled-spec-rank',
        help=Text(
            en=(
                "Index of this engine among the engines of the same role (verifiers or drafters) in decoupled "
                "speculative decoding."
            ),
            zh="解耦式投机解码中，本引擎在同一角色（verifier 或 drafter）的所有引擎中的序号。",
        ),
    )] = None

    decoupled_spec_bind_endpoint: Annotated[str | None, Arg(
        '--decoupled-spec-bind-endpoint',
        help=Text(
            en=(
                "ZMQ endpoint (e.g. tcp://0.0.0.0:5700) on which this engine receives in decoupled speculative "
                "decoding: draft results on a verifier, control messages on a drafter."
            ),
            zh=(
                "解耦式投机解码中本引擎用来接收消息的 ZMQ 地址（如 tcp://0.0.0.0:5700）："
                "verifier 在此接收草稿结果，drafter 在此接收控制消息。"
            ),
        ),
    )] = None

    decoupled_spec_connect_endpoints: Annotated[StrList | None, Arg(
        '--decoupled-spec-connect-endpoints',
        help=Text(
            en=(
                "ZMQ endpoints that the peer engines bound with --decoupled-spec-bind-endpoint, ordered by their "
                "--decoupled-spec-rank; this engine connects to each. Written as a JSON list or comma-separated."
            ),
            zh=(
                "对端引擎用 --decoupled-spec-bind-endpoint 绑定的 ZMQ 地址，"
                "按其 --decoupled-spec-rank 排序，本引擎会逐一连接；以 JSON 列表或逗号分隔的形式给出。"
            ),
        ),
    )] = None

    language_model_only: Annotated[bool, Arg(
        '--language-model-only',
        help=Text(
            en=(
                "Serve a multimodal model as text-only: its multimodal encoder is neither built nor loaded, the "
                "memory goes to the KV cache, and requests carrying images or other media are rejected. A mode of "
                "its own, unlike --language-only, which is part of encoder disaggregation."
            ),
            zh=(
                "以纯文本方式部署多模态模型：不构建也不加载多模态编码器，省下的显存留给 KV 缓存，"
                "带有图像等多模态输入的请求会被拒绝。这是独立的运行模式，不同于属于编码器分离部署的 --language-only。"
            ),
        ),
    )] = False
