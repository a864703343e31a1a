"""vLLM Serving process: the `vllm serve` flags of its options group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_serve', Text(en='Serving process', zh='服务进程'))


class ServeArgs:

    headless: Annotated[bool, Arg(
        '--headless',
        help=Text(en='', zh=''),
    )] = False

    api_server_count: Annotated[int | None, Arg(
        '--api-server-count', '-asc',
        help=Text(en='', zh=''),
    )] = None

    config: Annotated[str | None, Arg(
        '--config',
        help=Text(en='', zh=''),
    )] = None

    grpc: Annotated[bool, Arg(
        '--grpc',
        help=Text(en='', zh=''),
    )] = False

    disable_log_stats: Annotated[bool, Arg(
        '--disable-log-stats',
        help=Text(en='', zh=''),
    )] = False

    aggregate_engine_logging: Annotated[bool, Arg(
        '--aggregate-engine-logging',
        help=Text(en='', zh=''),
    )] = False

    fail_on_environ_validation: Annotated[bool, Arg(
        '--fail-on-environ-validation', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    shutdown_timeout: Annotated[int, Arg(
        '--shutdown-timeout',
        help=Text(en='', zh=''),
    )] = 0

    gdn_prefill_backend: Annotated[Literal['flashinfer', 'triton', 'cutedsl', 'aiter_flydsl'] | None, Arg(
        '--gdn-prefill-backend',
        help=Text(en='', zh=''),
    )] = None

    kda_prefill_backend: Annotated[Literal['auto', 'triton', 'flashkda', 'flashinfer', 'fused'] | None, Arg(
        '--kda-prefill-backend',
        help=Text(en='', zh=''),
    )] = None

    kda_decode_backend: Annotated[Literal['auto', 'native', 'flashinfer', 'triton'] | None, Arg(
        '--kda-decode-backend',
        help=Text(en='', zh=''),
    )] = None

    enable_log_requests: Annotated[bool, Arg(
        '--enable-log-requests', negatable=True,
        help=Text(en='', zh=''),
    )] = False
