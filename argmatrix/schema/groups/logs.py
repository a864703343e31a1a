"""Logging: log verbosity, request logging, Prometheus metrics and their histogram buckets, and tracing."""

from typing import Annotated, Literal

from ..choices import LogLevel
from ..meta import Arg, Group, Text
from ..types import FloatList, JsonObject, NonNegFloat, PositiveInt, StrList

GROUP = Group('logs', Text(en='Logging', zh='日志'))


class LogsArgs:

    log_level: Annotated[LogLevel, Arg(
        '--log-level',
        help=Text(
            en="Verbosity of all server loggers, from critical (fewest messages) to trace (most).",
            zh="服务器全部日志记录器的输出级别，从 critical（消息最少）到 trace（最详细）。",
        ),
    )] = 'info'

    log_level_http: Annotated[LogLevel | None, Arg(
        '--log-level-http',
        help=Text(
            en="Separate verbosity for the HTTP server (uvicorn) logs. Unset uses the value of --log-level.",
            zh="单独为 HTTP 服务器（uvicorn）日志指定的级别。不设置时沿用 --log-level 的值。",
        ),
    )] = None

    log_requests: Annotated[bool, Arg(
        '--log-requests',
        help=Text(
            en="When set, log every request's metadata and, depending on --log-requests-level, its sampling "
               "parameters, input and output. Meant for debugging; the log may then contain user data.",
            zh="设置后为每个请求写日志：包括元数据，并视 --log-requests-level 所设的级别（0–3）附带采样参数与输入输出内容。用于调试，"
               "日志中可能因此包含用户数据。",
        ),
    )] = False

    log_requests_level: Annotated[Literal[0, 1, 2, 3], Arg(
        '--log-requests-level',
        help=Text(
            en="How much --log-requests records: 0 = metadata only; 1 = plus sampling parameters; 2 = plus "
               "truncated input/output; 3 = complete input/output.",
            zh="--log-requests 的记录详细程度：0 只记元数据；1 再加采样参数；2 再加截断后的输入输出；"
               "3 记录完整的输入输出。",
        ),
    )] = 2

    log_requests_format: Annotated[Literal['text', 'json'], Arg(
        '--log-requests-format',
        help=Text(
            en="Format of request log entries: 'text' for human reading or 'json' for one structured record per "
               "line.",
            zh="请求日志的格式：text 为便于人工阅读的文本，json 为每行一条结构化记录。",
        ),
    )] = 'text'

    crash_dump_folder: Annotated[str | None, Arg(
        '--crash-dump-folder',
        help=Text(
            en="Folder where, if the server crashes, the requests received during the 5 minutes before the crash "
               "are dumped for replay and debugging. Unset turns crash dumps off.",
            zh="服务器崩溃时，把崩溃前 5 分钟内收到的请求保存到此目录，便于复现与排查。不设置则不保存。",
        ),
    )] = None

    enable_metrics: Annotated[bool, Arg(
        '--enable-metrics',
        help=Text(
            en="When set, collect Prometheus metrics (throughput, latency, cache hit rate, queue length, ...) and "
               "expose them on the /metrics endpoint.",
            zh="设置后采集 Prometheus 监控指标（吞吐、延迟、缓存命中率、排队长度等），"
               "并通过 /metrics 接口对外提供。",
        ),
    )] = False

    enable_metrics_for_all_schedulers: Annotated[bool, Arg(
        '--enable-metrics-for-all-schedulers',
        help=Text(
            en="When set, the scheduler on every TP rank reports its own request metrics, not just rank 0. Mostly "
               "useful with --enable-dp-attention, where rank 0 alone gives an incomplete picture.",
            zh="设置后，每个 TP rank 上的调度器都各自上报请求指标，而不是只有 rank 0 上报。"
               "主要在启用 --enable-dp-attention 时有用：此时只看 rank 0 的指标并不完整。",
        ),
    )] = False

    tokenizer_metrics_custom_labels_header: Annotated[str, Arg(
        '--tokenizer-metrics-custom-labels-header',
        help=Text(
            en="Name of the HTTP request header through which a client passes custom labels (a JSON object) for "
               "tokenizer metrics. Only labels listed in --tokenizer-metrics-allowed-custom-labels are kept.",
            zh="客户端为分词器指标附加自定义标签（JSON 对象）时使用的 HTTP 请求头名称。"
               "只有 --tokenizer-metrics-allowed-custom-labels 中列出的标签才会被"
               "采纳。",
        ),
    )] = 'x-custom-labels'

    tokenizer_metrics_allowed_custom_labels: Annotated[StrList | None, Arg(
        '--tokenizer-metrics-allowed-custom-labels',
        help=Text(
            en="Label names a client may set through the custom-labels request header, e.g. label1,label2. Unset "
               "means custom labels are not accepted.",
            zh="允许客户端通过自定义标签请求头设置的标签名，例如 label1,label2。不设置时不接受任何自定义标签。",
        ),
    )] = None

    bucket_time_to_first_token: Annotated[FloatList | None, Arg(
        '--bucket-time-to-first-token',
        help=Text(
            en="Histogram bucket boundaries, in seconds, for the time-to-first-token (TTFT) metric, as a list of "
               "floats. Unset uses built-in buckets.",
            zh="首 token 延迟（TTFT）直方图的分桶边界，单位为秒，以浮点数列表给出。不设置时使用内置分桶。",
        ),
    )] = None

    bucket_inter_token_latency: Annotated[FloatList | None, Arg(
        '--bucket-inter-token-latency',
        help=Text(
            en="Histogram bucket boundaries, in seconds, for the inter-token latency metric (time between two "
               "consecutive output tokens), as a list of floats. Unset uses built-in buckets.",
            zh="token 间延迟（相邻两个输出 token 的间隔）直方图的分桶边界，单位为秒，以浮点数列表给出。"
               "不设置时使用内置分桶。",
        ),
    )] = None

    bucket_e2e_request_latency: Annotated[FloatList | None, Arg(
        '--bucket-e2e-request-latency',
        help=Text(
            en="Histogram bucket boundaries, in seconds, for end-to-end request latency, as a list of floats. Unset "
               "uses built-in buckets.",
            zh="请求端到端延迟直方图的分桶边界，单位为秒，以浮点数列表给出。不设置时使用内置分桶。",
        ),
    )] = None

    collect_tokens_histogram: Annotated[bool, Arg(
        '--collect-tokens-histogram',
        help=Text(
            en="When set, record histograms of prompt and generated token counts per request, bucketed by "
               "--prompt-tokens-buckets and --generation-tokens-buckets. Needs --enable-metrics.",
            zh="设置后按请求统计输入与生成 token 数量的直方图，分桶方式由 "
               "--prompt-tokens-buckets 和 --generation-tokens-buckets "
               "决定。需同时启用 --enable-metrics。",
        ),
    )] = False

    prompt_tokens_buckets: Annotated[StrList | None, Arg(
        '--prompt-tokens-buckets',
        help=Text(
            en="Bucket rule for the prompt-token histogram: 'default' for built-in buckets; 'tse <middle> <base> "
               "<count>' for buckets spreading exponentially on both sides of middle; 'custom <v1> <v2> ...' for "
               "explicit boundaries.",
            zh="输入 token 数直方图的分桶规则：default 采用内置分桶；"
               "tse <中心值> <底数> <个数> 以中心值为界向两侧按指数展开；"
               "custom <值1> <值2> ... 直接列出各个边界。",
        ),
    )] = None

    generation_tokens_buckets: Annotated[StrList | None, Arg(
        '--generation-tokens-buckets',
        help=Text(
            en="Bucket rule for the generated-token histogram, with the same syntax as --prompt-tokens-buckets "
               "('default', 'tse <middle> <base> <count>' or 'custom <v1> <v2> ...').",
            zh="生成 token 数直方图的分桶规则，写法与 --prompt-tokens-buckets 相同（"
               "default、tse <中心值> <底数> <个数> 或 custom <值1> <值2> ...）。",
        ),
    )] = None

    gc_warning_threshold_secs: Annotated[NonNegFloat, Arg(
        '--gc-warning-threshold-secs',
        help=Text(
            en="Log a warning whenever one Python garbage-collection pass takes longer than this many seconds. 0 "
               "turns the check off.",
            zh="Python 垃圾回收单次耗时超过此秒数时输出告警日志。设为 0 则关闭该检查。",
        ),
    )] = 0.0

    decode_log_interval: Annotated[PositiveInt, Arg(
        '--decode-log-interval',
        help=Text(
            en="Log decode-batch statistics, and refresh the decode metrics, once every this many decode iterations.",
            zh="每隔多少次解码迭代输出一次解码批次的统计日志，并刷新相应的指标。",
        ),
    )] = 40

    enable_request_time_stats_logging: Annotated[bool, Arg(
        '--enable-request-time-stats-logging',
        help=Text(
            en="When set, log for each request how long it spent in each stage (queueing, prefill, decode, ...).",
            zh="设置后为每个请求记录各阶段（排队、预填充、解码等）的耗时明细。",
        ),
    )] = False

    kv_events_config: Annotated[JsonObject | None, Arg(
        '--kv-events-config',
        help=Text(
            en="JSON configuration for publishing KV cache events (blocks stored or evicted) to NVIDIA Dynamo; "
               "giving this flag turns publishing on.",
            zh="向 NVIDIA Dynamo 发布 KV 缓存事件（缓存块的写入与淘汰）所用的 JSON 配置；"
               "提供此参数即开启发布。",
        ),
    )] = None

    enable_trace: Annotated[bool, Arg(
        '--enable-trace',
        help=Text(
            en="When set, record OpenTelemetry traces of request processing and send them to --oltp-traces-endpoint.",
            zh="设置后为请求处理过程生成 OpenTelemetry 链路追踪数据，"
               "并发送到 --oltp-traces-endpoint。",
        ),
    )] = False

    oltp_traces_endpoint: Annotated[str, Arg(
        '--oltp-traces-endpoint',
        help=Text(
            en="Address (host:port) of the OpenTelemetry collector that receives the traces; only used with "
               "--enable-trace.",
            zh="接收链路追踪数据的 OpenTelemetry 收集器地址，格式为 host:port；"
               "仅在启用 --enable-trace 时生效。",
        ),
    )] = 'localhost:4317'

    trace_modules: Annotated[str, Arg(
        '--trace-modules',
        help=Text(
            en="Comma-separated components to trace when --enable-trace is on: 'request' (request processing) "
               "and/or 'mooncake' (Mooncake transfers).",
            zh="开启 --enable-trace 时需要追踪的组件，以逗号分隔：request（请求处理过程）和/或 "
               "mooncake（Mooncake 数据传输）。",
        ),
    )] = 'request'

    otlp_traces_endpoint: Annotated[str, Arg(
        '--otlp-traces-endpoint',
        help=Text(
            en="Address (host:port) of the OpenTelemetry collector that --enable-trace sends traces to. This is "
               "SGLang's spelling; argmatrix's older --oltp-traces-endpoint entry has two letters swapped.",
            zh="--enable-trace 发送链路追踪数据的 OpenTelemetry 收集器地址，格式为 host:port。"
               "这是 SGLang 的正确拼写；argmatrix 早先的 --oltp-traces-endpoint "
               "条目把两个字母写反了。",
        ),
    )] = 'localhost:4317'

    otlp_service_name: Annotated[str | None, Arg(
        '--otlp-service-name',
        help=Text(
            en="Service name carried by the traces (service.name in the tracing backend). Unset takes the "
               "OTEL_SERVICE_NAME environment variable, or sglang when that is not set either.",
            zh="链路追踪数据所带的服务名（即追踪后端中的 service.name）。不设置时取环境变量 OTEL_SERVICE_NAME，"
               "该变量也未设置则为 sglang。",
        ),
    )] = None

    log_requests_target: Annotated[StrList | None, Arg(
        '--log-requests-target',
        help=Text(
            en="Where --log-requests output goes: 'stdout' and/or directories in which request log files are "
               "written, several separated by spaces as SGLang takes them (or commas). Unset sends it to the normal "
               "server log.",
            zh="--log-requests 日志的去向：stdout 和/或用于存放请求日志文件的目录；可写多个，"
               "按 SGLang 的写法用空格分隔（也可用逗号）。不设置时写入常规服务器日志。",
        ),
    )] = None

    uvicorn_access_log_exclude_prefixes: Annotated[StrList, Arg(
        '--uvicorn-access-log-exclude-prefixes',
        help=Text(
            en="Request path prefixes whose HTTP access-log lines are suppressed, e.g. /metrics,/health to hide "
               "frequent probes. Empty logs every request.",
            zh="不写入 HTTP 访问日志的请求路径前缀，例如 /metrics,/health 可屏蔽频繁的采集与探活请"
               "求。为空时记录全部请求。",
        ),
    )] = []

    crash_on_nan: Annotated[bool, Arg(
        '--crash-on-nan',
        help=Text(
            en="Crash the server when log-probabilities come out as NaN. None of the SGLang releases argmatrix holds "
               "takes it: 0.5.9 to 0.5.12 offer --enable-nan-detection instead (argmatrix explain --crash-on-nan "
               "--sglang-version 0.5.9 shows it), and from 0.5.13 on nothing replaces it.",
            zh="在对数概率出现 NaN 时令服务器崩溃。argmatrix 持有的 SGLang 版本都不接受该参数：0.5.9 至 0.5.12 可改用 "
               "--enable-nan-detection（argmatrix explain --crash-on-nan --sglang-version 0.5.9 会给出），"
               "0.5.13 起没有替代参数。",
        ),
    )] = False

    show_time_cost: Annotated[bool, Arg(
        '--show-time-cost',
        help=Text(
            en="Log how long the code regions that SGLang marks for timing take, to find slow steps. Mostly a "
               "developer aid.",
            zh="记录 SGLang 在代码中标记的计时区段各自耗费的时间，便于找出慢的环节。主要供开发调试使用。",
        ),
    )] = False

    enable_mfu_metrics: Annotated[bool, Arg(
        '--enable-mfu-metrics',
        help=Text(
            en="Export extra Prometheus metrics that estimate model FLOPs utilization (MFU) and memory traffic "
               "from the model's shape and the batches it runs. Needs --enable-metrics.",
            zh="额外导出 Prometheus 指标，根据模型结构和实际运行的批次估算模型算力利用率（MFU）及内存读写量。"
               "需要同时开启 --enable-metrics。",
        ),
    )] = False

    extra_metric_labels: Annotated[JsonObject | None, Arg(
        '--extra-metric-labels',
        help=Text(
            en="Fixed labels added to every exported metric, as a JSON object of label names to values, e.g. "
               "{\"cluster\": \"east\"}.",
            zh="附加到所有导出指标上的固定标签，为 JSON 对象，键为标签名、值为标签值，例如 {\"cluster\": "
               "\"east\"}。",
        ),
    )] = None

    load_publish_endpoint: Annotated[str | None, Arg(
        '--load-publish-endpoint',
        help=Text(
            en="Publish each rank's current load on a ZMQ PUB socket for load-aware routers: 'auto' takes the "
               "ports right after the --kv-events-config range, while an address such as tcp://*:6000 sets the "
               "base port (rank r binds base + r). Unset or 'off' disables it; it needs --kv-events-config with "
               "an active publisher and is refreshed at the pace of --load-snapshot-publish-interval.",
            zh="通过 ZMQ PUB 套接字发布各 rank 的当前负载，供按负载路由的路由器订阅：auto 使用紧接 "
               "--kv-events-config 端口段之后的端口；写成 tcp://*:6000 这样的地址则指定起始端口（第 "
               "r 个 rank 绑定起始端口加 r）。不设置或设为 off 时关闭；需要 --kv-events-config "
               "配置了有效的发布者，刷新频率与 --load-snapshot-publish-interval 相同。",
        ),
    )] = None

    enable_forward_pass_metrics: Annotated[bool, Arg(
        '--enable-forward-pass-metrics',
        help=Text(
            en="Publish metrics of every forward pass over a ZMQ IPC socket, for external consumers such as the "
               "NVIDIA Dynamo planner.",
            zh="通过 ZMQ IPC 套接字发布每一次前向计算的指标，供 NVIDIA Dynamo 规划器等外部程序订阅。",
        ),
    )] = False

    forward_pass_metrics_worker_id: Annotated[str, Arg(
        '--forward-pass-metrics-worker-id',
        help=Text(
            en="Worker ID written into the messages of --enable-forward-pass-metrics. SGLang hides it from "
               "--help: the orchestrator that launches the server (such as Dynamo) normally fills it in.",
            zh="写入 --enable-forward-pass-metrics 消息中的工作进程标识。SGLang 的 "
               "--help 不显示此参数，通常由启动服务的编排系统（如 Dynamo）填写。",
        ),
    )] = ''

    forward_pass_metrics_ipc_name: Annotated[str | None, Arg(
        '--forward-pass-metrics-ipc-name',
        help=Text(
            en="Base ZMQ IPC address on which --enable-forward-pass-metrics publishes; each data-parallel rank "
               "appends its own index. Hidden from SGLang's --help and normally set by the orchestrator; unset "
               "picks a temporary address.",
            zh="--enable-forward-pass-metrics 发布消息所用的 ZMQ IPC 基础地址，各数据并行 "
               "rank 会在其后附加自己的序号。SGLang 的 --help 不显示此参数，通常由编排系统设置；不设置时自动选用一个临时地址。",
        ),
    )] = None

    msprobe_dump_config: Annotated[str | None, Arg(
        '--msprobe-dump-config',
        help=Text(
            en="Path to a JSON configuration of msProbe, the precision-debugging tool of Ascend's MindStudio; "
               "setting it dumps tensors as that file describes. SGLang then turns off graph capture and skips "
               "the server warmup, because msProbe only dumps in eager mode.",
            zh="msProbe（昇腾 MindStudio 的精度调试工具）的 JSON 配置文件路径；设置后按该文件的配置转储张量数据。"
               "此时 SGLang 会关闭图捕获并跳过服务预热，因为 msProbe 只能在单算子执行模式下转储。",
        ),
    )] = None
