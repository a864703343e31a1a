"""The process-level flags of `vllm serve` itself: headless worker nodes, how many API server processes
to run, the `--config` YAML file, the gRPC front end, engine statistics and request logging, the shutdown
grace period, and the prefill/decode kernel choice of linear-attention (GDN, KDA) layers.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_serve', Text(en='Serving process', zh='服务进程'))


class ServeArgs:

    headless: Annotated[bool, Arg(
        '--headless',
        help=Text(
            en="Run only the engines, with no API server: for the secondary nodes of a multi-node data parallel "
               "deployment. Needs --data-parallel-size-local above 0 and refuses --api-server-count.",
            zh="只运行引擎、不启动 API 服务：用于多节点数据并行部署中的从节点。要求 --data-parallel-size-local 大于 0"
               "，且不能与 --api-server-count 同时使用。",
        ),
    )] = False

    api_server_count: Annotated[int | None, Arg(
        '--api-server-count', '-asc',
        help=Text(
            en="Number of API server processes that share the HTTP port and feed the engines. Unset: one per data "
               "parallel rank (--data-parallel-size), one per local rank in hybrid load balancing, 1 with an external "
               "load balancer, 0 with --headless.",
            zh="共享同一 HTTP 端口并向引擎转发请求的 API 服务进程数。不设置时每个数据并行 rank 一个（即 "
               "--data-parallel-size），混合负载均衡时每个本地 rank 一个，使用外部负载均衡器时为 1，"
               "--headless 时为 0。",
        ),
    )] = None

    config: Annotated[str | None, Arg(
        '--config',
        help=Text(
            en="YAML file whose keys are `vllm serve` options (spelled like the flags without the leading dashes); "
               "flags given on the command line take precedence over it.",
            zh="YAML 配置文件，其中的键是 `vllm serve` 的选项（写法同参数名去掉前导短横线）；"
               "命令行上给出的参数优先于文件中的值。",
        ),
    )] = None

    grpc: Annotated[bool, Arg(
        '--grpc',
        help=Text(
            en="Serve vLLM's Python gRPC API on --port instead of the HTTP OpenAI-compatible API. Needs the "
               "vllm[grpc] extra; cannot be used with --grpc-port.",
            zh="在 --port 上提供 vLLM 的 Python gRPC 接口，而不是兼容 OpenAI 的 HTTP 接口。"
               "需要安装 `vllm[grpc]` 附加依赖；不能与 --grpc-port 同时使用。",
        ),
    )] = False

    disable_log_stats: Annotated[bool, Arg(
        '--disable-log-stats',
        help=Text(
            en="Stop the periodic engine statistics lines in the log (throughput, running and waiting requests, KV "
               "cache use).",
            zh="不再在日志中定期输出引擎统计信息（吞吐量、运行中与排队中的请求数、KV 缓存占用等）。",
        ),
    )] = False

    aggregate_engine_logging: Annotated[bool, Arg(
        '--aggregate-engine-logging',
        help=Text(
            en="Under data parallel, log one set of statistics summed over all engines instead of one per engine.",
            zh="数据并行时，日志中输出所有引擎汇总后的一组统计信息，而不是每个引擎各一组。",
        ),
    )] = False

    fail_on_environ_validation: Annotated[bool, Arg(
        '--fail-on-environ-validation', negatable=True,
        help=Text(
            en="Stop at start-up when the environment check fails (a VLLM_* variable that vLLM does not know), "
               "instead of only warning.",
            zh="启动时环境检查不通过（存在 vLLM 不认识的 VLLM_* 环境变量）即停止，而不是只给出警告。",
        ),
    )] = False

    shutdown_timeout: Annotated[int, Arg(
        '--shutdown-timeout',
        help=Text(
            en="Seconds that shutdown waits for running requests to finish before aborting the rest; 0 aborts them at "
               "once.",
            zh="关闭服务时等待运行中请求完成的秒数，超时后中止剩余请求；0 表示立即中止。",
        ),
    )] = 0

    gdn_prefill_backend: Annotated[Literal['flashinfer', 'triton', 'cutedsl', 'aiter_flydsl', 'sycl', 'hip'] | None, Arg(
        '--gdn-prefill-backend',
        help=Text(
            en="Kernel for the prefill of Gated DeltaNet (GDN) linear-attention layers (e.g. Qwen3-Next): "
               "'flashinfer', 'triton', 'cutedsl', 'aiter_flydsl' (ROCm), from vLLM 0.33 'sycl' (Intel XPU) and from "
               "0.34 'hip' (ROCm). Unset lets vLLM choose.",
            zh="门控 DeltaNet（GDN）线性注意力层（例如 Qwen3-Next）预填充所用的算子：'flashinfer'、'triton'、"
               "'cutedsl'、'aiter_flydsl'（ROCm），自 vLLM 0.33 起的 'sycl'（Intel XPU），以及自 0.34 起的 "
               "'hip'（ROCm）。不设置时由 vLLM 选择。",
        ),
    )] = None

    kda_prefill_backend: Annotated[Literal['auto', 'triton', 'flashkda', 'flashinfer', 'fused'] | None, Arg(
        '--kda-prefill-backend',
        help=Text(
            en="Kernel for the prefill of Kimi Delta Attention (KDA) layers: 'triton', 'flashkda' (CUDA only), "
               "'flashinfer', 'fused' (ROCm only) or 'auto'. Unset lets vLLM choose.",
            zh="Kimi 的 KDA 线性注意力层预填充所用的算子：'triton'、'flashkda'（仅 CUDA）、'flashinfer'、"
               "'fused'（仅 ROCm）或 'auto'。不设置时由 vLLM 选择。",
        ),
    )] = None

    kda_decode_backend: Annotated[Literal['auto', 'native', 'flashinfer', 'triton'] | None, Arg(
        '--kda-decode-backend',
        help=Text(
            en="Kernel for the decode of Kimi Delta Attention (KDA) layers: 'native', 'flashinfer', 'triton' or "
               "'auto'. Unset lets vLLM choose.",
            zh="Kimi 的 KDA 线性注意力层解码所用的算子：'native'、'flashinfer'、'triton' 或 'auto'。"
               "不设置时由 vLLM 选择。",
        ),
    )] = None

    enable_log_requests: Annotated[bool, Arg(
        '--enable-log-requests', negatable=True,
        help=Text(
            en="Log each request: its ID, sampling parameters and LoRA adapter at INFO level, and also its prompt "
               "(text or token IDs) at DEBUG level (VLLM_LOGGING_LEVEL sets the level).",
            zh="为每个请求记录日志：INFO 级别记录请求 ID、采样参数与 LoRA 适配器，"
               "DEBUG 级别还会记录提示词（文本或 token ID）（日志级别由 VLLM_LOGGING_LEVEL 设置）。",
        ),
    )] = False

    headless_client_handshake_address: Annotated[str | None, Arg(
        '--headless-client-handshake-address',
        help=Text(
            en="Address a headless engine (--headless) hands its clients for the start-up handshake. vLLM 0.34 "
               "registers it without help text (hidden from vllm serve --help). New in vLLM 0.34.",
            zh="无头引擎（--headless）在启动握手时提供给客户端的地址。vLLM 0.34 注册了该参数但未写帮助说明"
               "（vllm serve --help 中不显示）。vLLM 0.34 新增。",
        ),
    )] = None

    disable_log_requests: Annotated[bool, Arg(
        '--disable-log-requests', negatable=True,
        help=Text(
            en="Do not log each request. vLLM 0.13 deprecates it and names no successor; later releases have no "
               "such flag (they log requests only with --enable-log-requests).",
            zh="不记录每个请求的日志。vLLM 0.13 已将其弃用且未指明替代项；之后的版本没有该参数"
               "（只在给出 --enable-log-requests 时记录请求）。",
        ),
    )] = True
