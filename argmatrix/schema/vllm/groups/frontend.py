"""vLLM API server (frontend): the `vllm serve` flags of its Frontend group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_frontend', Text(en='API server (frontend)', zh='API 服务（前端）'))


class FrontendArgs:

    lora_modules: Annotated[list[str] | None, Arg(
        '--lora-modules',
        help=Text(en='', zh=''),
    )] = None

    chat_template: Annotated[str | None, Arg(
        '--chat-template',
        help=Text(en='', zh=''),
    )] = None

    chat_template_content_format: Annotated[Literal['auto', 'openai', 'string'], Arg(
        '--chat-template-content-format',
        help=Text(en='', zh=''),
    )] = 'auto'

    trust_request_chat_template: Annotated[bool, Arg(
        '--trust-request-chat-template', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    trust_request_mm_kwargs: Annotated[bool, Arg(
        '--trust-request-mm-kwargs', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    default_chat_template_kwargs: Annotated[JsonObject | None, Arg(
        '--default-chat-template-kwargs',
        help=Text(en='', zh=''),
    )] = None

    response_role: Annotated[str, Arg(
        '--response-role',
        help=Text(en='', zh=''),
    )] = 'assistant'

    return_tokens_as_token_ids: Annotated[bool, Arg(
        '--return-tokens-as-token-ids', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_auto_tool_choice: Annotated[bool, Arg(
        '--enable-auto-tool-choice', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    exclude_tools_when_tool_choice_none: Annotated[bool, Arg(
        '--exclude-tools-when-tool-choice-none', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    tool_call_parser: Annotated[str | None, Arg(
        '--tool-call-parser',
        help=Text(en='', zh=''),
    )] = None

    tool_parser_plugin: Annotated[str, Arg(
        '--tool-parser-plugin',
        help=Text(en='', zh=''),
    )] = ''

    tool_strict_level: Annotated[Literal['auto', 'function', 'parameter'], Arg(
        '--tool-strict-level',
        help=Text(en='', zh=''),
    )] = 'auto'

    tool_server: Annotated[str | None, Arg(
        '--tool-server',
        help=Text(en='', zh=''),
    )] = None

    max_log_len: Annotated[int | None, Arg(
        '--max-log-len',
        help=Text(en='', zh=''),
    )] = None

    enable_prompt_tokens_details: Annotated[bool, Arg(
        '--enable-prompt-tokens-details', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_per_request_metrics: Annotated[bool, Arg(
        '--enable-per-request-metrics', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_server_load_tracking: Annotated[bool, Arg(
        '--enable-server-load-tracking', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_force_include_usage: Annotated[bool, Arg(
        '--enable-force-include-usage', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    sse_keep_alive_interval: Annotated[int, Arg(
        '--sse-keep-alive-interval',
        help=Text(en='', zh=''),
    )] = 0

    enable_tokenizer_info_endpoint: Annotated[bool, Arg(
        '--enable-tokenizer-info-endpoint', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_log_outputs: Annotated[bool, Arg(
        '--enable-log-outputs', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_log_deltas: Annotated[bool, Arg(
        '--enable-log-deltas', negatable=True,
        help=Text(en='', zh=''),
    )] = True

    cohere_is_reasoning_model: Annotated[bool, Arg(
        '--cohere-is-reasoning-model', negatable=True,
        help=Text(en='', zh=''),
    )] = True

    cohere_format: Annotated[str, Arg(
        '--cohere-format',
        help=Text(en='', zh=''),
    )] = 'cmd4'

    anthropic_disabled_thinking_effort: Annotated[Literal['auto', 'high', 'low', 'max', 'medium', 'none', 'xhigh'], Arg(
        '--anthropic-disabled-thinking-effort',
        help=Text(en='', zh=''),
    )] = 'auto'

    log_error_stack: Annotated[bool, Arg(
        '--log-error-stack', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    tokens_only: Annotated[bool, Arg(
        '--tokens-only', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_scale_out: Annotated[bool, Arg(
        '--enable-scale-out', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    fingerprint_mode: Annotated[Literal['custom', 'full', 'hash', 'none'], Arg(
        '--fingerprint-mode',
        help=Text(en='', zh=''),
    )] = 'full'

    fingerprint_value: Annotated[str | None, Arg(
        '--fingerprint-value',
        help=Text(en='', zh=''),
    )] = None

    host: Annotated[str | None, Arg(
        '--host',
        help=Text(en='', zh=''),
    )] = None

    port: Annotated[int, Arg(
        '--port',
        help=Text(en='', zh=''),
    )] = 8000

    grpc_port: Annotated[int | None, Arg(
        '--grpc-port',
        help=Text(en='', zh=''),
    )] = None

    data_parallel_supervisor_port: Annotated[int, Arg(
        '--data-parallel-supervisor-port',
        help=Text(en='', zh=''),
    )] = 9256

    dp_supervisor_probe_interval_s: Annotated[float, Arg(
        '--dp-supervisor-probe-interval-s',
        help=Text(en='', zh=''),
    )] = 5.0

    dp_supervisor_probe_timeout_s: Annotated[float, Arg(
        '--dp-supervisor-probe-timeout-s',
        help=Text(en='', zh=''),
    )] = 5.0

    dp_supervisor_probe_failure_threshold: Annotated[int, Arg(
        '--dp-supervisor-probe-failure-threshold',
        help=Text(en='', zh=''),
    )] = 3

    uds: Annotated[str | None, Arg(
        '--uds',
        help=Text(en='', zh=''),
    )] = None

    uvicorn_log_level: Annotated[Literal['critical', 'debug', 'error', 'info', 'trace', 'warning'], Arg(
        '--uvicorn-log-level',
        help=Text(en='', zh=''),
    )] = 'info'

    disable_uvicorn_access_log: Annotated[bool, Arg(
        '--disable-uvicorn-access-log', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    disable_access_log_for_endpoints: Annotated[str | None, Arg(
        '--disable-access-log-for-endpoints',
        help=Text(en='', zh=''),
    )] = None

    allow_credentials: Annotated[bool, Arg(
        '--allow-credentials', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    allowed_origins: Annotated[JsonObject, Arg(
        '--allowed-origins',
        help=Text(en='', zh=''),
    )] = []

    allowed_methods: Annotated[JsonObject, Arg(
        '--allowed-methods',
        help=Text(en='', zh=''),
    )] = ['*']

    allowed_headers: Annotated[JsonObject, Arg(
        '--allowed-headers',
        help=Text(en='', zh=''),
    )] = ['*']

    api_key: Annotated[list[str] | None, Arg(
        '--api-key',
        help=Text(en='', zh=''),
    )] = None

    ssl_keyfile: Annotated[str | None, Arg(
        '--ssl-keyfile',
        help=Text(en='', zh=''),
    )] = None

    ssl_certfile: Annotated[str | None, Arg(
        '--ssl-certfile',
        help=Text(en='', zh=''),
    )] = None

    ssl_ca_certs: Annotated[str | None, Arg(
        '--ssl-ca-certs',
        help=Text(en='', zh=''),
    )] = None

    enable_ssl_refresh: Annotated[bool, Arg(
        '--enable-ssl-refresh', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    ssl_cert_reqs: Annotated[int, Arg(
        '--ssl-cert-reqs',
        help=Text(en='', zh=''),
    )] = 0

    ssl_ciphers: Annotated[str | None, Arg(
        '--ssl-ciphers',
        help=Text(en='', zh=''),
    )] = None

    root_path: Annotated[str | None, Arg(
        '--root-path',
        help=Text(en='', zh=''),
    )] = None

    middleware: Annotated[list[str], Arg(
        '--middleware',
        help=Text(en='', zh=''),
    )] = []

    enable_request_id_headers: Annotated[bool, Arg(
        '--enable-request-id-headers', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    disable_fastapi_docs: Annotated[bool, Arg(
        '--disable-fastapi-docs', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    h11_max_incomplete_event_size: Annotated[int, Arg(
        '--h11-max-incomplete-event-size',
        help=Text(en='', zh=''),
    )] = 4194304

    h11_max_header_count: Annotated[int, Arg(
        '--h11-max-header-count',
        help=Text(en='', zh=''),
    )] = 256

    enable_offline_docs: Annotated[bool, Arg(
        '--enable-offline-docs', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    enable_flash_late_interaction: Annotated[bool, Arg(
        '--enable-flash-late-interaction', negatable=True,
        help=Text(en='', zh=''),
    )] = True
