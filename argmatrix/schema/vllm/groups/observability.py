"""vLLM's observability flags (its ObservabilityConfig): Prometheus metrics (hidden deprecated ones, KV
cache, CUDA graph and MFU metrics, histogram buckets), OpenTelemetry tracing, per-request speculative
decoding metrics, NVTX markers and the JIT compilation monitor.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_observability', Text(en='Observability (metrics and tracing)', zh='可观测性（指标与追踪）'))


class ObservabilityArgs:

    show_hidden_metrics_for_version: Annotated[str | None, Arg(
        '--show-hidden-metrics-for-version',
        help=Text(
            en="Bring back the deprecated Prometheus metrics hidden since this vLLM version (e.g. 0.7), as a stopgap "
               "while dashboards move to the new ones.",
            zh="把自该 vLLM 版本（例如 0.7）起隐藏、已经弃用的 Prometheus 指标重新显示出来，"
               "作为迁移到新指标期间的临时办法。",
        ),
    )] = None

    otlp_traces_endpoint: Annotated[str | None, Arg(
        '--otlp-traces-endpoint',
        help=Text(
            en="URL of the OpenTelemetry (OTLP) collector to send request traces to. Unset: no tracing.",
            zh="接收请求追踪数据的 OpenTelemetry（OTLP）采集端地址。不设置即不追踪。",
        ),
    )] = None

    collect_detailed_traces: Annotated[list[str] | None, Arg(
        '--collect-detailed-traces',
        help=Text(
            en="With --otlp-traces-endpoint, also trace the 'model' or 'worker' modules, or 'all'; this can slow "
               "serving down.",
            zh="配合 --otlp-traces-endpoint 使用：额外追踪 'model' 或 'worker' 模块，或 'all'（全部）；可能拖慢服务。",
        ),
    )] = None

    per_request_spec_decode_metrics: Annotated[Literal['detailed', 'none', 'summary'], Arg(
        '--per-request-spec-decode-metrics',
        help=Text(
            en="Add speculative decoding acceptance figures to each response (metrics.speculative_decoding): 'none', "
               "'summary' (mean acceptance length, acceptance rate, histogram) or 'detailed' (also each step's "
               "accepted and proposed counts). Requests with n = 1 only.",
            zh="在每个响应中加入投机解码的接受情况（`metrics.speculative_decoding`）：'none' 不加；"
               "'summary' 为平均接受长度、接受率和直方图；'detailed' 另含每一步接受与提议的 token 数。"
               "仅对 n = 1 的请求。",
        ),
    )] = 'none'

    kv_cache_metrics: Annotated[bool, Arg(
        '--kv-cache-metrics', negatable=True,
        help=Text(
            en="Sampled KV cache residency metrics (block lifetime, idle time, reuse gaps). Needs statistics logging "
               "(no --disable-log-stats).",
            zh="基于采样的 KV 缓存驻留指标（块的存活时间、空闲时间、复用间隔）。需要开启统计日志（未设置 "
               "--disable-log-stats）。",
        ),
    )] = False

    kv_cache_metrics_sample: Annotated[float, Arg(
        '--kv-cache-metrics-sample',
        help=Text(
            en="Share of KV cache blocks sampled for --kv-cache-metrics (above 0, at most 1; 0.01 is 1%).",
            zh="--kv-cache-metrics 采样的 KV 缓存块比例（大于 0，至多为 1；0.01 即 1%）。",
        ),
    )] = 0.01

    custom_histogram_buckets: Annotated[JsonObject | None, Arg(
        '--custom-histogram-buckets',
        help=Text(
            en="JSON object replacing the bucket bounds of Prometheus histogram families, e.g. '{\"request_latency\": "
               "[0.01, 0.1, 1]}'; families: request_latency, time_to_first_token, inter_token_latency, "
               "iteration_tokens, request_tokens and a few more. Unlisted ones keep their buckets.",
            zh="替换 Prometheus 直方图族分桶边界的 JSON 对象，例如 '{\"request_latency\": [0.01, 0.1, 1]}'；"
               "可用的族包括 `request_latency`、`time_to_first_token`、`inter_token_latency`、`iteration_tokens`、"
               "`request_tokens` 等。未列出的族保持默认分桶。",
        ),
    )] = None

    cudagraph_metrics: Annotated[bool, Arg(
        '--cudagraph-metrics', negatable=True,
        help=Text(
            en="CUDA graph metrics: padded and unpadded tokens and how often each graph mode ran, per logging "
               "interval.",
            zh="CUDA Graph 相关指标：每个日志周期内填充与未填充的 token 数，以及各种图模式的运行次数。",
        ),
    )] = False

    enable_layerwise_nvtx_tracing: Annotated[bool, Arg(
        '--enable-layerwise-nvtx-tracing', negatable=True,
        help=Text(
            en="Mark each layer's execution with NVTX ranges, with input and output shapes, for Nsight Systems. Does "
               "not work with CUDA graphs.",
            zh="用 NVTX 区间标记每一层的执行并附上输入输出形状，供 Nsight Systems 分析。不能与 CUDA Graph 同时使用。",
        ),
    )] = False

    enable_mfu_metrics: Annotated[bool, Arg(
        '--enable-mfu-metrics', negatable=True,
        help=Text(
            en="Model FLOPs utilisation (MFU) metrics.",
            zh="模型算力利用率（MFU）指标。",
        ),
    )] = False

    enable_logging_iteration_details: Annotated[bool, Arg(
        '--enable-logging-iteration-details', negatable=True,
        help=Text(
            en="Log every engine step: the number of prefill and decode requests and tokens, and the CPU time spent.",
            zh="记录每个引擎步的详情：预填充与解码的请求数和 token 数，以及所耗 CPU 时间。",
        ),
    )] = False

    jit_monitor_mode: Annotated[Literal['error', 'warn'], Arg(
        '--jit-monitor-mode',
        help=Text(
            en="What happens when a JIT compilation occurs after warm-up: 'warn' logs a warning, 'error' raises an "
               "error.",
            zh="预热结束后仍发生 JIT 编译时的处理方式：'warn' 记录警告，'error' 直接报错。",
        ),
    )] = 'warn'

    jit_monitor_verbose: Annotated[bool, Arg(
        '--jit-monitor-verbose', negatable=True,
        help=Text(
            en="Log every monitored JIT compilation with its details; verbose and adds overhead, for debugging.",
            zh="记录每一次被监控到的 JIT 编译及其详情；日志量大且有额外开销，用于调试。",
        ),
    )] = False
