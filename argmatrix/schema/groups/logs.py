"""Logging: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('logs', Text(en='Logging', zh='日志'))


class LogsArgs:

    log_level: Annotated[Literal['critical', 'error', 'warning', 'info', 'debug', 'trace'], Arg(
        '--log-level',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'info'

    log_level_http: Annotated[Literal['critical', 'error', 'warning', 'info', 'debug', 'trace'] | None, Arg(
        '--log-level-http',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    log_requests: Annotated[bool, Arg(
        '--log-requests',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    log_requests_level: Annotated[Literal[0, 1, 2, 3], Arg(
        '--log-requests-level',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 2

    log_requests_format: Annotated[Literal['text', 'json'], Arg(
        '--log-requests-format',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'text'

    crash_dump_folder: Annotated[str | None, Arg(
        '--crash-dump-folder',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    enable_metrics: Annotated[bool, Arg(
        '--enable-metrics',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_metrics_for_all_schedulers: Annotated[bool, Arg(
        '--enable-metrics-for-all-schedulers',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    tokenizer_metrics_custom_labels_header: Annotated[str, Arg(
        '--tokenizer-metrics-custom-labels-header',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'x-custom-labels'

    tokenizer_metrics_allowed_custom_labels: Annotated[StrList | None, Arg(
        '--tokenizer-metrics-allowed-custom-labels',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    bucket_time_to_first_token: Annotated[FloatList | None, Arg(
        '--bucket-time-to-first-token',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    bucket_inter_token_latency: Annotated[FloatList | None, Arg(
        '--bucket-inter-token-latency',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    bucket_e2e_request_latency: Annotated[FloatList | None, Arg(
        '--bucket-e2e-request-latency',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    collect_tokens_histogram: Annotated[bool, Arg(
        '--collect-tokens-histogram',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    prompt_tokens_buckets: Annotated[StrList | None, Arg(
        '--prompt-tokens-buckets',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    generation_tokens_buckets: Annotated[StrList | None, Arg(
        '--generation-tokens-buckets',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    gc_warning_threshold_secs: Annotated[NonNegFloat, Arg(
        '--gc-warning-threshold-secs',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0.0

    decode_log_interval: Annotated[PositiveInt, Arg(
        '--decode-log-interval',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 40

    enable_request_time_stats_logging: Annotated[bool, Arg(
        '--enable-request-time-stats-logging',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    kv_events_config: Annotated[JsonObject | None, Arg(
        '--kv-events-config',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    enable_trace: Annotated[bool, Arg(
        '--enable-trace',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    oltp_traces_endpoint: Annotated[str, Arg(
        '--oltp-traces-endpoint',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'localhost:4317'

    log_requests_target: Annotated[str | None, Arg(
        '--log-requests-target',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    uvicorn_access_log_exclude_prefixes: Annotated[StrList, Arg(
        '--uvicorn-access-log-exclude-prefixes',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = []

    crash_on_nan: Annotated[bool, Arg(
        '--crash-on-nan',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT, instead=Text(en='use --enable-nan-detection to catch NaNs while debugging', zh='调试 NaN 问题请改用 --enable-nan-detection')),
    )] = False
