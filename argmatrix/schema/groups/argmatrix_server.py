"""argmatrix's own server limits: what one HTTP request may ask for, checked before any tokenization.

SGLang has no such flags (only --max-queued-requests, in the scheduling group); these exist so one
client cannot stall the others or exhaust the server's memory with a single request.
"""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import NonNegInt, PositiveFloat, PositiveHumanInt, PositiveInt

GROUP = Group('argmatrix_server', Text(en='argmatrix server limits', zh='argmatrix 服务端请求限制'))


class ArgmatrixServerArgs:

    max_request_body_bytes: Annotated[PositiveHumanInt, Arg(
        '--max-request-body-bytes',
        help=Text(
            en=(
                "Largest HTTP request body the server reads, in bytes (suffixes such as 8M work). A larger body is "
                "answered with 413 before it is parsed."
            ),
            zh="服务器读取的 HTTP 请求体最大字节数（可写 8M 等后缀）。更大的请求体在解析前即返回 413。",
        ),
    )] = 8 * 1024 * 1024

    max_sequences_per_request: Annotated[PositiveInt | None, Arg(
        '--max-sequences-per-request',
        help=Text(
            en=(
                "Most sequences (prompts times n) one request may generate. Unset: half of the running-request "
                "limit, so one request never takes every batch slot. More is a 400 naming the count."
            ),
            zh=(
                "单个请求最多可生成的序列数（提示数乘以 n）。不设置时取可同时运行请求数的一半，"
                "避免一个请求占满所有批次槽位。超出时返回 400 并给出数量。"
            ),
        ),
    )] = None

    max_stop_strings: Annotated[NonNegInt, Arg(
        '--max-stop-strings',
        help=Text(
            en="Most stop strings one request may give (in 'stop'). More is a 400.",
            zh="单个请求最多可给出的停止字符串数量，超出返回 400。",
        ),
    )] = 32

    max_stop_string_length: Annotated[PositiveInt, Arg(
        '--max-stop-string-length',
        help=Text(
            en="Longest stop string allowed, in characters. A longer one is a 400.",
            zh="单个停止字符串允许的最大字符数，超出返回 400。",
        ),
    )] = 256

    request_read_timeout: Annotated[PositiveFloat, Arg(
        '--request-read-timeout',
        help=Text(
            en=(
                "Seconds the server waits for a request's headers, and for its whole body to arrive; a body not "
                "complete by then is answered with 408 and the connection closed, headers not complete by then "
                "close the connection."
            ),
            zh="服务器等待请求头到达、以及整个请求体到达的秒数；届时请求体仍未收完则返回 408 并关闭连接，请求头仍未收完则直接断开连接。",
        ),
    )] = 30.0

    shutdown_timeout: Annotated[PositiveFloat, Arg(
        '--shutdown-timeout',
        help=Text(
            en=(
                "Seconds from SIGTERM to the end of the process: new requests are refused at once, running ones "
                "may finish while the rest of this time less a few seconds kept for the teardown lasts, then what "
                "remains is cancelled (open streams end with an error event) and the engine stops. The process "
                "exits within this time whatever is still running. The default fits Kubernetes' default "
                "terminationGracePeriodSeconds of 30; set it just below a longer grace period to give requests "
                "more time."
            ),
            zh=(
                "从收到 SIGTERM 到进程结束的秒数：新请求立即被拒绝，正在运行的请求可在这段时间减去留给收尾的几秒内"
                "继续完成，之后仍未完成的请求被取消（打开的流以错误事件结束），引擎随即停止。无论仍有什么在运行，"
                "进程都会在这段时间内退出。默认值与 Kubernetes 默认的终止宽限期（30 秒）相符；"
                "若宽限期更长，可设为略小于它的值，让请求有更多时间完成。"
            ),
        ),
    )] = 30.0

    metrics_require_api_key: Annotated[bool, Arg(
        '--metrics-require-api-key',
        help=Text(
            en=(
                "When set, GET /metrics needs the API key like every other route. Off by default, as in SGLang: "
                "Prometheus scrapes /metrics without a key even on a server started with --api-key."
            ),
            zh=(
                "设置后，GET /metrics 与其他路由一样需要 API 密钥。默认关闭，与 SGLang 一致："
                "即使服务器以 --api-key 启动，Prometheus 也无需密钥即可抓取 /metrics。"
            ),
        ),
    )] = False

    trust_proxy: Annotated[bool, Arg(
        '--trust-proxy',
        help=Text(
            en=(
                "Tell callers apart by the client address a reverse proxy forwards (the last entry of "
                "`X-Forwarded-For`) instead of the address of the connection. Set it only when every request comes "
                "through a proxy you run that appends to or overwrites that header; otherwise any client can claim "
                "any address. Without it, all callers behind one proxy that use the same key are one caller for "
                "fair admission, request ids and /abort_request."
            ),
            zh=(
                "按反向代理转发的客户端地址（`X-Forwarded-For` 的最后一项）而不是连接本身的地址区分调用方。"
                "仅当所有请求都经由你自己运行、会追加或覆盖该请求头的代理到达时才设置，否则任何客户端都能冒充任意地址。"
                "不设置时，同一代理后使用相同密钥的所有调用方，在公平准入、请求 ID 和 /abort_request 中都被视为同一个调用方。"
            ),
        ),
    )] = False

    log_format: Annotated[Literal['text', 'json'], Arg(
        '--log-format',
        help=Text(
            en=(
                "Layout of the server's log records. 'text': styled on a terminal; in a file or a pipe one line per "
                "record, starting with the date and time as SGLang writes them ([2026-01-31 12:00:00]). 'json': one "
                "JSON object per line, with the fields `timestamp`, `level`, `logger` and `message` (request "
                "records put their own fields there instead of `message`)."
            ),
            zh=(
                "服务器日志记录的格式。text：在终端中以带样式的文本显示；写入文件或管道时每条记录占一行，"
                "行首是与 SGLang 相同格式的日期和时间（[2026-01-31 12:00:00]）。json：每行一个 JSON 对象，"
                "包含 `timestamp`、`level`、`logger` 和 `message` 字段（请求记录则把自身的各字段直接放在对象中，"
                "不用 `message`）。"
            ),
        ),
    )] = 'text'
