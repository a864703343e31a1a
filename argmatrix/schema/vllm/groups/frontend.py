"""vLLM's API server flags (its frontend, `vllm/entrypoints/launchers/cli_args.py`): address, port and
TLS of the OpenAI-compatible HTTP server, CORS and API keys, chat templates, tool calling, what responses
carry (usage, metrics, fingerprints), request and output logging, and the health supervisor of multi-port
data parallel deployments.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonList, JsonObject

GROUP = Group('vllm_frontend', Text(en='API server (frontend)', zh='API 服务（前端）'))


class FrontendArgs:

    lora_modules: Annotated[list[str] | None, Arg(
        '--lora-modules',
        help=Text(
            en="LoRA adapters to load at start-up, each served under its own model name: 'name=path', or a JSON "
               "object with name, path and optionally base_model_name. The counterpart of SGLang's --lora-paths.",
            zh="启动时加载的 LoRA 适配器，每个以自己的模型名对外提供服务：写成 'name=path'，或写成含 `name`、"
               "`path` 及可选 `base_model_name` 的 JSON 对象。对应 SGLang 的 --lora-paths。",
        ),
    )] = None

    chat_template: Annotated[str | None, Arg(
        '--chat-template',
        help=Text(
            en="Chat template to use instead of the tokenizer's: a file path, or the Jinja template itself on one "
               "line. Unset uses the template shipped with the model.",
            zh="替代分词器自带模板的聊天模板：可以是文件路径，也可以直接写成单行的 Jinja 模板。"
               "不设置时使用模型自带的模板。",
        ),
    )] = None

    chat_template_content_format: Annotated[Literal['auto', 'openai', 'string'], Arg(
        '--chat-template-content-format',
        help=Text(
            en="How message content is handed to the chat template: 'string' as plain text, 'openai' as a list of "
               "typed parts ([{\"type\": \"text\", ...}]), 'auto' as the template expects, detected from it.",
            zh="消息内容交给聊天模板的形式：'string' 为纯文本字符串；'openai' 为带类型的内容片段列表（[{\"type\": \""
               "text\", ...}]）；'auto' 根据模板自动判断它所需要的形式。",
        ),
    )] = 'auto'

    trust_request_chat_template: Annotated[bool, Arg(
        '--trust-request-chat-template', negatable=True,
        help=Text(
            en="Let requests bring their own chat template. Off, the server always uses --chat-template or the "
               "tokenizer's template.",
            zh="允许请求自带聊天模板。关闭时服务始终使用 --chat-template 或分词器自带的模板。",
        ),
    )] = False

    trust_request_mm_kwargs: Annotated[bool, Arg(
        '--trust-request-mm-kwargs', negatable=True,
        help=Text(
            en="Accept per-request multimodal preprocessing options (mm_processor_kwargs, media_io_kwargs). Off, "
               "non-empty values are refused, since they can change how much work preprocessing takes; enable only "
               "for trusted clients.",
            zh="接受请求中单独指定的多模态预处理选项（`mm_processor_kwargs`、`media_io_kwargs`）。"
               "关闭时拒绝非空的取值，因为它们会改变预处理的资源消耗；仅对可信客户端开启。",
        ),
    )] = False

    default_chat_template_kwargs: Annotated[JsonObject | None, Arg(
        '--default-chat-template-kwargs',
        help=Text(
            en="JSON object of default arguments for the chat template, e.g. '{\"enable_thinking\": false}'; a "
               "request's own chat_template_kwargs take precedence.",
            zh="聊天模板的默认参数（JSON 对象），例如 '{\"enable_thinking\": false}'；请求中自带的 `"
               "chat_template_kwargs` 优先。",
        ),
    )] = None

    response_role: Annotated[str, Arg(
        '--response-role',
        help=Text(
            en="Role name given to the generated message when a request sets add_generation_prompt.",
            zh="请求设置 `add_generation_prompt` 时，生成消息所使用的角色名。",
        ),
    )] = 'assistant'

    return_tokens_as_token_ids: Annotated[bool, Arg(
        '--return-tokens-as-token-ids', negatable=True,
        help=Text(
            en="In logprobs output, write each token as 'token_id:<ID>', so tokens that are not valid text in JSON "
               "can still be identified.",
            zh="在 logprobs 输出中把每个 token 写成 'token_id:<ID>' 的形式，使无法在 JSON 中表示为文本的 token 也能被"
               "识别。",
        ),
    )] = False

    enable_auto_tool_choice: Annotated[bool, Arg(
        '--enable-auto-tool-choice', negatable=True,
        help=Text(
            en="Let the model decide by itself when to call tools (tool_choice 'auto'); needs --tool-call-parser to "
               "read the calls out of its output.",
            zh="允许模型自行决定何时调用工具（`tool_choice` 为 `auto`）；需要 --tool-call-parser 从输出中解析出工具调"
               "用。",
        ),
    )] = False

    exclude_tools_when_tool_choice_none: Annotated[bool, Arg(
        '--exclude-tools-when-tool-choice-none', negatable=True,
        help=Text(
            en="Leave the tool definitions out of the prompt when a request sets tool_choice to 'none'.",
            zh="请求把 `tool_choice` 设为 `none` 时，不把工具定义放进提示词。",
        ),
    )] = False

    tool_call_parser: Annotated[str | None, Arg(
        '--tool-call-parser',
        help=Text(
            en="Parser that turns the tool calls in the model's output into OpenAI tool_calls (e.g. 'hermes', "
               "'llama3_json', 'mistral', 'qwen3_coder', 'deepseek_v3'; or one registered by --tool-parser-plugin). "
               "Needed by --enable-auto-tool-choice.",
            zh="把模型输出中的工具调用转换为 OpenAI `tool_calls` 的解析器（例如 'hermes'、'llama3_json'、'mistral'、"
               "'qwen3_coder'、'deepseek_v3'，或由 --tool-parser-plugin 注册的解析器）。--enable-auto-tool-choice 需要"
               "它。",
        ),
    )] = None

    tool_parser_plugin: Annotated[str, Arg(
        '--tool-parser-plugin',
        help=Text(
            en="Path of a Python file that registers extra tool call parsers, whose names --tool-call-parser can then "
               "use.",
            zh="注册额外工具调用解析器的 Python 文件路径，注册后的名称可用于 --tool-call-parser。",
        ),
    )] = ''

    tool_strict_level: Annotated[Literal['auto', 'function', 'parameter'] | None, Arg(
        '--tool-strict-level',
        help=Text(
            en="Minimum strictness of grammar-constrained tool calling, on top of each tool's strict field: 'auto' "
               "follows the request; 'function' constrains the call markup and function name of every request with "
               "tools; 'parameter' also enforces the argument schemas, as if every tool were strict. From vLLM 0.33 "
               "the default is unset: the tool parser's own level, 'auto' for most parsers.",
            zh="基于语法约束的工具调用的最低严格程度，叠加在每个工具的 `strict` 字段之上：'auto' 按请求的设置；"
               "'function' 对所有带工具的请求约束调用格式与函数名；'parameter' 还强制参数符合模式，"
               "相当于所有工具都设为 `strict`。自 vLLM 0.33 起默认不设置，即采用工具解析器自身的级别，"
               "多数解析器为 'auto'。",
        ),
    )] = 'auto'

    tool_server: Annotated[str | None, Arg(
        '--tool-server',
        help=Text(
            en="Comma-separated host:port list of tool servers for the Responses API's built-in tools, or 'demo' for "
               "vLLM's demo browser and Python tools (the demo Python tool runs model-written code in Docker without "
               "network isolation).",
            zh="供 Responses 接口内置工具使用的工具服务器地址列表（host:port，逗号分隔），"
               "或填 'demo' 使用 vLLM 的示例浏览器与 Python 工具（示例 Python 工具会在未隔离网络的 Docker 中执行模型生"
               "成的代码）。",
        ),
    )] = None

    max_log_len: Annotated[int | None, Arg(
        '--max-log-len',
        help=Text(
            en="Most prompt characters or token IDs printed per request in the log. Unset prints all of them.",
            zh="每个请求在日志中最多打印的提示词字符数或 token ID 个数。不设置时全部打印。",
        ),
    )] = None

    enable_prompt_tokens_details: Annotated[bool, Arg(
        '--enable-prompt-tokens-details', negatable=True,
        help=Text(
            en="Include prompt_tokens_details (such as cached_tokens, the prefix cache hits) in the usage of "
               "responses.",
            zh="在响应的 `usage` 中包含 `prompt_tokens_details`（例如命中前缀缓存的 `cached_tokens`）。",
        ),
    )] = False

    enable_per_request_metrics: Annotated[bool, Arg(
        '--enable-per-request-metrics', negatable=True,
        help=Text(
            en="Include each request's timing measurements in its API response.",
            zh="在每个请求的 API 响应中附带该请求的耗时统计。",
        ),
    )] = False

    enable_server_load_tracking: Annotated[bool, Arg(
        '--enable-server-load-tracking', negatable=True,
        help=Text(
            en="Keep a count of requests in progress (server_load_metrics), which the /load endpoint reports.",
            zh="统计正在处理的请求数（`server_load_metrics`），并通过 /load 接口报告。",
        ),
    )] = False

    enable_force_include_usage: Annotated[bool, Arg(
        '--enable-force-include-usage', negatable=True,
        help=Text(
            en="Return usage with every request, streamed ones included, even when the request does not ask for it.",
            zh="对每个请求都返回 `usage`，包括流式请求，即使请求没有要求。",
        ),
    )] = False

    sse_keep_alive_interval: Annotated[int, Arg(
        '--sse-keep-alive-interval',
        help=Text(
            en="Seconds between keep-alive comment lines sent on an idle streaming chat or completion response, so "
               "proxies with read timeouts keep the connection open. 0 sends none.",
            zh="流式聊天或补全响应空闲时，每隔多少秒发送一行保活注释，避免带读超时的代理断开连接。0 表示不发送。",
        ),
    )] = 0

    enable_tokenizer_info_endpoint: Annotated[bool, Arg(
        '--enable-tokenizer-info-endpoint', negatable=True,
        help=Text(
            en="Serve the /tokenizer_info endpoint, which reveals the chat template and other tokenizer settings.",
            zh="开启 /tokenizer_info 接口，它会公开聊天模板及其他分词器配置。",
        ),
    )] = False

    enable_log_outputs: Annotated[bool, Arg(
        '--enable-log-outputs', negatable=True,
        help=Text(
            en="Also log what the model generated: text and finish reason at INFO, token IDs at DEBUG. Needs "
               "--enable-log-requests.",
            zh="同时记录模型生成的内容：INFO 级别记录文本与结束原因，DEBUG 级别记录 token ID。"
               "需要 --enable-log-requests。",
        ),
    )] = False

    enable_log_deltas: Annotated[bool, Arg(
        '--enable-log-deltas', negatable=True,
        help=Text(
            en="With --enable-log-outputs, also log each streamed delta; --no-enable-log-deltas logs only the final "
               "outputs.",
            zh="配合 --enable-log-outputs 使用：同时记录流式输出的每个增量；--no-enable-log-deltas 表示只记录最终输出"
               "。",
        ),
    )] = True

    cohere_is_reasoning_model: Annotated[bool, Arg(
        '--cohere-is-reasoning-model', negatable=True,
        help=Text(
            en="For the Cohere /cohere/v2/chat endpoint: the model is a reasoning Command model, so its thinking is "
               "returned as a thinking block. --no-cohere-is-reasoning-model returns it as tool_plan, as older "
               "Command models did.",
            zh="用于 `Cohere` 的 /cohere/v2/chat 接口：所服务的是具备推理能力的 `Command` 系列模型，"
               "思考内容以 `thinking` 内容块返回。--no-cohere-is-reasoning-model 则像旧版 `Command` 模型那样以 `"
               "tool_plan` 字段返回。",
        ),
    )] = True

    cohere_format: Annotated[str, Arg(
        '--cohere-format',
        help=Text(
            en="With --tokenizer-mode cohere, the Cohere prompt format: 'cmd4' (current Command A+ models) or 'cmd3' "
               "(earlier Command A models). The wrong one quietly loses citations, tool calls and thinking.",
            zh="--tokenizer-mode 为 'cohere' 时使用的提示词格式：'cmd4'（当前的 `Command A+` 模型）"
               "或 'cmd3'（较早的 `Command A` 模型）。选错不会报错，但会丢失引用、工具调用和思考内容。",
        ),
    )] = 'cmd4'

    anthropic_disabled_thinking_effort: Annotated[Literal['auto', 'high', 'low', 'max', 'medium', 'none', 'xhigh'], Arg(
        '--anthropic-disabled-thinking-effort',
        help=Text(
            en="For the Anthropic /v1/messages endpoint: the reasoning effort used when a request disables thinking. "
               "'none' turns thinking off, 'low' suits models that always think or refuse 'none'; 'auto' uses 'none' "
               "where the model supports it, else 'low'.",
            zh="用于兼容 `Anthropic` 的 /v1/messages 接口：请求关闭思考时所用的推理强度。'none' 关闭思考；"
               "'low' 适合总要思考或不接受 'none' 的模型；'auto' 在模型支持时用 'none'，否则用 'low'。",
        ),
    )] = 'auto'

    log_error_stack: Annotated[bool, Arg(
        '--log-error-stack', negatable=True,
        help=Text(
            en="Log the stack trace behind each error response. Off unless VLLM_SERVER_DEV_MODE is set.",
            zh="为每个错误响应在日志中记录调用栈。除非设置了 VLLM_SERVER_DEV_MODE，默认关闭。",
        ),
    )] = False

    tokens_only: Annotated[bool, Arg(
        '--tokens-only', negatable=True,
        help=Text(
            en="Serve only the token-in, token-out endpoint, for deployments that split tokenisation and generation "
               "into separate services.",
            zh="只提供“输入 token、输出 token”的接口，用于把分词与生成拆成不同服务的部署。",
        ),
    )] = False

    enable_scale_out: Annotated[bool, Arg(
        '--enable-scale-out', negatable=True,
        help=Text(
            en="Also register the scale-out endpoints (/render, /derender, /inference/v1/generate, "
               "/inference/v1/abort_requests) on this server.",
            zh="在本服务上同时注册横向扩展所用的接口（/render、/derender、/inference/v1/generate、"
               "/inference/v1/abort_requests）。",
        ),
    )] = False

    fingerprint_mode: Annotated[Literal['custom', 'full', 'hash', 'none'], Arg(
        '--fingerprint-mode',
        help=Text(
            en="What system_fingerprint responses carry: 'full' (vLLM version, parallel sizes and a config hash), "
               "'hash' (version and hash), 'custom' (--fingerprint-value) or 'none' (null).",
            zh="响应中 `system_fingerprint` 字段的内容：'full'（vLLM 版本、并行规模与配置哈希）、'hash'（版本与哈希）"
               "、'custom'（取 --fingerprint-value）或 'none'（为 null）。",
        ),
    )] = 'full'

    fingerprint_value: Annotated[str | None, Arg(
        '--fingerprint-value',
        help=Text(
            en="The system_fingerprint string returned with --fingerprint-mode custom.",
            zh="--fingerprint-mode 为 custom 时返回的 `system_fingerprint` 字符串。",
        ),
    )] = None

    host: Annotated[str | None, Arg(
        '--host',
        help=Text(
            en="Address the HTTP server binds to. Unset listens on every interface (SGLang's default is 127.0.0.1).",
            zh="HTTP 服务绑定的地址。不设置时监听所有网络接口（SGLang 的默认值则为 127.0.0.1）。",
        ),
    )] = None

    port: Annotated[int, Arg(
        '--port',
        help=Text(
            en="Port of the HTTP server (SGLang's default is 30000).",
            zh="HTTP 服务的端口（SGLang 的默认值为 30000）。",
        ),
    )] = 8000

    grpc_port: Annotated[int | None, Arg(
        '--grpc-port',
        help=Text(
            en="Port for the extra gRPC inference and control services of vLLM's Rust front end (started with "
               "VLLM_USE_RUST_FRONTEND=1); HTTP stays on --port. Cannot be combined with --grpc.",
            zh="vLLM Rust 前端（以 VLLM_USE_RUST_FRONTEND=1 启动）额外提供的 gRPC 推理与控制服务的端口；"
               "HTTP 仍在 --port 上。不能与 --grpc 同时使用。",
        ),
    )] = None

    data_parallel_supervisor_port: Annotated[int, Arg(
        '--data-parallel-supervisor-port',
        help=Text(
            en="HTTP port on which the supervisor of --data-parallel-multi-port-external-lb reports the combined "
               "health of this node's API servers.",
            zh="--data-parallel-multi-port-external-lb 的监管进程汇总报告本节点各 API 服务健康状态所用的 HTTP 端口。",
        ),
    )] = 9256

    dp_supervisor_probe_interval_s: Annotated[float, Arg(
        '--dp-supervisor-probe-interval-s',
        help=Text(
            en="Seconds between the health probes of the multi-port data parallel supervisor.",
            zh="多端口数据并行监管进程两次健康探测之间的秒数。",
        ),
    )] = 5.0

    dp_supervisor_probe_timeout_s: Annotated[float, Arg(
        '--dp-supervisor-probe-timeout-s',
        help=Text(
            en="Seconds the multi-port data parallel supervisor waits before retrying a health probe that failed to "
               "connect.",
            zh="多端口数据并行监管进程在健康探测连接失败后，等待多少秒再重试。",
        ),
    )] = 5.0

    dp_supervisor_probe_failure_threshold: Annotated[int, Arg(
        '--dp-supervisor-probe-failure-threshold',
        help=Text(
            en="Consecutive failed connection retries after which the supervisor reports an API server as unhealthy.",
            zh="连续多少次连接重试失败后，监管进程判定该 API 服务不健康。",
        ),
    )] = 3

    uds: Annotated[str | None, Arg(
        '--uds',
        help=Text(
            en="Unix domain socket path to serve on instead of a TCP host and port (--host and --port are then "
               "ignored).",
            zh="改为在该 Unix 域套接字路径上提供服务，而不是 TCP 地址与端口（此时忽略 --host 与 --port）。",
        ),
    )] = None

    uvicorn_log_level: Annotated[Literal['critical', 'debug', 'error', 'info', 'trace', 'warning'], Arg(
        '--uvicorn-log-level',
        help=Text(
            en="Log level of the uvicorn web server: 'critical', 'error', 'warning', 'info', 'debug' or 'trace'.",
            zh="Uvicorn 网页服务器的日志级别：'critical'、'error'、'warning'、'info'、'debug' 或 'trace'。",
        ),
    )] = 'info'

    disable_uvicorn_access_log: Annotated[bool, Arg(
        '--disable-uvicorn-access-log', negatable=True,
        help=Text(
            en="Turn off uvicorn's log line per HTTP request.",
            zh="关闭 Uvicorn 为每个 HTTP 请求输出的访问日志。",
        ),
    )] = False

    disable_access_log_for_endpoints: Annotated[str | None, Arg(
        '--disable-access-log-for-endpoints',
        help=Text(
            en="Comma-separated paths whose requests leave no access log line (e.g. '/health,/metrics,/ping'); other "
               "paths are still logged.",
            zh="不记录访问日志的接口路径，逗号分隔（例如 '/health,/metrics,/ping'）；其他路径照常记录。",
        ),
    )] = None

    allow_credentials: Annotated[bool, Arg(
        '--allow-credentials', negatable=True,
        help=Text(
            en="CORS: allow browsers to send credentials (cookies, authorisation headers) with cross-origin requests.",
            zh="跨域资源共享（CORS）：允许浏览器在跨域请求中携带凭据（`Cookie`、认证头）。",
        ),
    )] = False

    allowed_origins: Annotated[JsonList, Arg(
        '--allowed-origins',
        help=Text(
            en="CORS: JSON list of origins allowed to call the API from a browser, e.g. '[\"https://app.example\"]'. "
               "Empty (the default) allows no cross-origin access.",
            zh="跨域资源共享（CORS）：允许从浏览器调用 API 的来源（JSON 列表），例如 '[\"https://app.example\"]'。"
               "为空（默认）表示不允许跨域访问。",
        ),
    )] = []

    allowed_methods: Annotated[JsonList, Arg(
        '--allowed-methods',
        help=Text(
            en="CORS: JSON list of HTTP methods allowed in cross-origin requests; '*' allows all.",
            zh="跨域资源共享（CORS）：跨域请求允许使用的 HTTP 方法（JSON 列表）；'*' 表示全部允许。",
        ),
    )] = ['*']

    allowed_headers: Annotated[JsonList, Arg(
        '--allowed-headers',
        help=Text(
            en="CORS: JSON list of request headers allowed in cross-origin requests; '*' allows all.",
            zh="跨域资源共享（CORS）：跨域请求允许携带的请求头（JSON 列表）；'*' 表示全部允许。",
        ),
    )] = ['*']

    api_key: Annotated[list[str] | None, Arg(
        '--api-key',
        help=Text(
            en="API keys the server accepts (as a Bearer token); requests without one are refused. It guards only the "
               "/v1, /v2 and /inference paths: other endpoints such as /invocations stay open.",
            zh="服务接受的 API 密钥（以 Bearer 令牌提交），不带密钥的请求会被拒绝。它只保护 /v1、"
               "/v2 与 /inference 路径，/invocations 等其他接口仍然开放。",
        ),
    )] = None

    ssl_keyfile: Annotated[str | None, Arg(
        '--ssl-keyfile',
        help=Text(
            en="Private key file for HTTPS.",
            zh="HTTPS 所用的私钥文件。",
        ),
    )] = None

    ssl_certfile: Annotated[str | None, Arg(
        '--ssl-certfile',
        help=Text(
            en="Certificate file for HTTPS.",
            zh="HTTPS 所用的证书文件。",
        ),
    )] = None

    ssl_ca_certs: Annotated[str | None, Arg(
        '--ssl-ca-certs',
        help=Text(
            en="CA certificates file used to check client certificates.",
            zh="用于校验客户端证书的 CA 证书文件。",
        ),
    )] = None

    enable_ssl_refresh: Annotated[bool, Arg(
        '--enable-ssl-refresh', negatable=True,
        help=Text(
            en="Reload the TLS certificate and key when their files change, without restarting the server.",
            zh="证书与私钥文件变化时重新加载，无需重启服务。",
        ),
    )] = False

    ssl_cert_reqs: Annotated[int, Arg(
        '--ssl-cert-reqs',
        help=Text(
            en="Whether clients must present a certificate, as Python's ssl module counts it: 0 no (CERT_NONE), 1 "
               "optional (CERT_OPTIONAL), 2 required (CERT_REQUIRED).",
            zh="是否要求客户端出示证书，取值同 Python `ssl` 模块：0 不要求（CERT_NONE），1 可选（CERT_OPTIONAL），"
               "2 必须（CERT_REQUIRED）。",
        ),
    )] = 0

    ssl_ciphers: Annotated[str | None, Arg(
        '--ssl-ciphers',
        help=Text(
            en="Cipher suites allowed for HTTPS, in OpenSSL syntax (applies to TLS 1.2 and older). Unset uses "
               "Python's defaults.",
            zh="HTTPS 允许的加密套件，采用 OpenSSL 写法（仅对 TLS 1.2 及更早版本生效）。不设置时使用 Python 的默认值。",
        ),
    )] = None

    root_path: Annotated[str | None, Arg(
        '--root-path',
        help=Text(
            en="Path prefix under which a reverse proxy exposes the server (FastAPI's root_path), e.g. '/vllm'.",
            zh="反向代理对外暴露本服务时所用的路径前缀（即 FastAPI 的 `root_path`），例如 '/vllm'。",
        ),
    )] = None

    middleware: Annotated[list[str], Arg(
        '--middleware',
        help=Text(
            en="Import path of an ASGI middleware to add to the app (a function is added as HTTP middleware, a class "
               "with add_middleware); repeat the flag for several.",
            zh="要加到应用上的 ASGI 中间件的导入路径（函数作为 HTTP 中间件加入，类则通过 `add_middleware` 加入）；"
               "多个时重复此参数。",
        ),
    )] = []

    enable_request_id_headers: Annotated[bool, Arg(
        '--enable-request-id-headers', negatable=True,
        help=Text(
            en="Add an X-Request-Id header to every response.",
            zh="为每个响应加上 `X-Request-Id` 头。",
        ),
    )] = False

    disable_fastapi_docs: Annotated[bool, Arg(
        '--disable-fastapi-docs', negatable=True,
        help=Text(
            en="Turn off the OpenAPI schema and the Swagger UI and ReDoc pages (/docs, /redoc, /openapi.json).",
            zh="关闭 OpenAPI 模式以及 `Swagger UI` 与 `ReDoc` 页面（/docs、/redoc、/openapi.json）。",
        ),
    )] = False

    h11_max_incomplete_event_size: Annotated[int, Arg(
        '--h11-max-incomplete-event-size',
        help=Text(
            en="Largest incomplete HTTP event (headers or body part) the h11 parser buffers, in bytes (4 MiB), which "
               "limits header abuse.",
            zh="h11 解析器缓存的未完成 HTTP 事件（请求头或部分请求体）的最大字节数（默认 4 MiB），用于防范请求头滥用。",
        ),
    )] = 4194304

    h11_max_header_count: Annotated[int, Arg(
        '--h11-max-header-count',
        help=Text(
            en="Most HTTP headers the h11 parser accepts in one request, which limits header abuse.",
            zh="h11 解析器在一个请求中最多接受的 HTTP 头数量，用于防范请求头滥用。",
        ),
    )] = 256

    enable_offline_docs: Annotated[bool, Arg(
        '--enable-offline-docs', negatable=True,
        help=Text(
            en="Serve the API documentation pages from assets bundled with vLLM, for machines without internet access.",
            zh="使用 vLLM 自带的静态资源提供 API 文档页面，适用于无法访问互联网的机器。",
        ),
    )] = False

    enable_flash_late_interaction: Annotated[bool, Arg(
        '--enable-flash-late-interaction', negatable=True,
        help=Text(
            en="Compute late-interaction (MaxSim) scores of pooling models on the device in the API server process, "
               "which is much faster; --no-enable-flash-late-interaction uses the reference path in both server and "
               "engine.",
            zh="在 API 服务进程中于设备上计算池化模型的后期交互（MaxSim）得分，速度快得多；"
               "--no-enable-flash-late-interaction 则在服务与引擎两侧都使用参考实现。",
        ),
    )] = True

    reasoning_effort_map: Annotated[JsonObject | None, Arg(
        '--reasoning-effort-map',
        help=Text(
            en="JSON object that rewrites the reasoning effort a request asks for (Chat Completions, Responses, "
               "Anthropic Messages) into one the chat template knows, e.g. '{\"minimal\": \"low\"}'; efforts not "
               "listed pass unchanged. New in vLLM 0.33.",
            zh="JSON 对象，把请求（Chat Completions、Responses、Anthropic Messages）中的推理强度改写为聊天模板认识的取值，"
               "例如 '{\"minimal\": \"low\"}'；未列出的取值原样传递。vLLM 0.33 新增。",
        ),
    )] = None

    disable_frontend_multiprocessing: Annotated[bool, Arg(
        '--disable-frontend-multiprocessing', negatable=True,
        help=Text(
            en="Run the OpenAI-compatible API server in the same process as the engine instead of a process of its "
               "own. Up to vLLM 0.18; later releases have no such flag.",
            zh="让 OpenAI 兼容的 API 服务与引擎运行在同一进程中，而不是单独的进程。仅 vLLM 0.18 及以前的版本提供，"
               "之后的版本没有该参数。",
        ),
    )] = False
