"""vLLM Observability (metrics and tracing): the `vllm serve` flags of its ObservabilityConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_observability', Text(en='Observability (metrics and tracing)', zh='可观测性（指标与追踪）'))


class ObservabilityArgs:

    show_hidden_metrics_for_version: Annotated[str | None, Arg(
        '--show-hidden-metrics-for-version',
        help=Text(en='', zh=''),
    )] = None

    otlp_traces_endpoint: Annotated[str | None, Arg(
        '--otlp-traces-endpoint',
        help=Text(en='', zh=''),
    )] = None

    collect_detailed_traces: Annotated[list[str] | None, Arg(
        '--collect-detailed-traces',
        help=Text(en='', zh=''),
    )] = None

    per_request_spec_decode_metrics: Annotated[Literal['detailed', 'none', 'summary'], Arg(
        '--per-request-spec-decode-metrics',
        help=Text(en='', zh=''),
    )] = 'none'

    kv_cache_metrics: Annotated[bool, Arg(
        '--kv-cache-metrics', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    kv_cache_metrics_sample: Annotated[float, Arg(
        '--kv-cache-metrics-sample',
        help=Text(en='', zh=''),
    )] = 0.01

    custom_histogram_buckets: Annotated[JsonObject | None, Arg(
        '--custom-histogram-buckets',
        help=Text(en='', zh=''),
    )] = None

    cudagraph_metrics: Annotated[bool, Arg(
        '--cudagraph-metrics', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_layerwise_nvtx_tracing: Annotated[bool, Arg(
        '--enable-layerwise-nvtx-tracing', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_mfu_metrics: Annotated[bool, Arg(
        '--enable-mfu-metrics', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_logging_iteration_details: Annotated[bool, Arg(
        '--enable-logging-iteration-details', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    jit_monitor_mode: Annotated[Literal['error', 'warn'], Arg(
        '--jit-monitor-mode',
        help=Text(en='', zh=''),
    )] = 'warn'

    jit_monitor_verbose: Annotated[bool, Arg(
        '--jit-monitor-verbose', negatable=True,
        help=Text(en='', zh=''),
    )] = False
