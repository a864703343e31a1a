"""HTTP server: the address and port the server listens on, startup warmup, and how it is exposed behind proxies."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import Before, Bounds, Port, PositiveInt, parse_json_text

GROUP = Group('http', Text(en='HTTP server', zh='HTTP 服务器'))

# SGLang reads --sidecar-args with json.loads only, so a comma belongs to an argument and never splits the list.
JsonStrList = Annotated[list[str], Before(parse_json_text)]


class HttpArgs:

    host: Annotated[str, Arg(
        '--host',
        help=Text(
            en="Network address the HTTP server binds to. The default only accepts connections from the local "
               "machine; use 0.0.0.0 to listen on all interfaces.",
            zh="HTTP 服务器绑定的网络地址。默认值只接受本机发起的连接；"
               "设为 0.0.0.0 可在所有网卡上对外提供服务。",
        ),
    )] = '127.0.0.1'

    port: Annotated[Port, Arg(
        '--port',
        help=Text(
            en="TCP port the HTTP server listens on.",
            zh="HTTP 服务器监听的 TCP 端口。",
        ),
    )] = 30000

    skip_server_warmup: Annotated[bool, Arg(
        '--skip-server-warmup',
        help=Text(
            en="When set, the server starts accepting requests without first sending itself a warmup request; the "
               "first real requests may then be slower.",
            zh="设置后，服务启动时不再先给自己发送预热请求，而是直接开始接收请求；最初几个真实请求因此可能较慢。",
        ),
    )] = False

    warmups: Annotated[str | None, Arg(
        '--warmups',
        help=Text(
            en="Comma-separated names of custom warmup functions (defined in SGLang's warmup.py) to run before the "
               "server starts accepting requests, e.g. warmup_name1,warmup_name2.",
            zh="在服务开始接收请求之前依次执行的自定义预热函数名（函数定义在 SGLang 的 warmup.py 中），"
               "多个名称以逗号连接（如 fn_a,fn_b）。",
        ),
    )] = None

    nccl_port: Annotated[Port | None, Arg(
        '--nccl-port',
        help=Text(
            en="Local port used by torch.distributed to set up the collective-communication group between workers "
               "(NCCL on GPU, HCCL on Ascend). Unset picks a random free port.",
            zh="torch.distributed 在各工作进程间建立集合通信组（GPU 上为 NCCL，"
               "昇腾上为 HCCL）时使用的本地端口。不设置时随机挑选一个空闲端口。",
        ),
    )] = None

    fastapi_root_path: Annotated[str | None, Arg(
        '--fastapi-root-path',
        help=Text(
            en="URL path prefix under which the app is reachable when it sits behind a path-based reverse proxy "
               "(FastAPI's root_path), e.g. /sglang. Unset serves the app at the root path.",
            zh="服务部署在按路径转发的反向代理后面时所用的 URL 路径前缀（即 FastAPI 的 root_path），"
               "例如 /sglang。不设置时服务挂在根路径下。",
        ),
    )] = None

    grpc_mode: Annotated[bool, Arg(
        '--grpc-mode',
        help=Text(
            en="When set, serve requests through a gRPC server instead of the HTTP server.",
            zh="设置后改由 gRPC 服务器对外提供推理接口，不再启动 HTTP 服务器。",
        ),
    )] = False

    smg_grpc_mode: Annotated[bool, Arg(
        '--smg-grpc-mode',
        help=Text(
            en="Serve requests through the legacy SMG gRPC server (the smg-grpc-servicer package) instead of the "
               "HTTP server. This is SGLang's current spelling of --grpc-mode.",
            zh="改由旧版 SMG gRPC 服务器（smg-grpc-servicer 包）对外提供服务，不再启动 HTTP "
               "服务器。它是 SGLang 对 --grpc-mode 的新写法。",
        ),
    )] = False

    grpc_port: Annotated[Port | None, Arg(
        '--grpc-port',
        help=Text(
            en="Port of SGLang's native gRPC server, which then runs next to the HTTP server; setting it (or the "
               "SGLANG_GRPC_PORT environment variable) is what turns that server on. With --smg-grpc-mode it is "
               "the SMG server's port instead and defaults to --port + 10000.",
            zh="SGLang 原生 gRPC 服务器的端口，该服务器与 HTTP 服务器同时运行；设置此参数（或环境变量 "
               "SGLANG_GRPC_PORT）即开启它。配合 --smg-grpc-mode 时它改为 SMG 服务器的端口，"
               "默认取 --port 加 10000。",
        ),
    )] = None

    sidecar: Annotated[str | None, Arg(
        '--sidecar',
        help=Text(
            en="Python module that SGLang starts and supervises as a sidecar of the native gRPC server; it must "
               "provide main(argv) and finds the server through the SGLANG_GRPC_ENDPOINT environment variable. "
               "Needs --grpc-port and cannot be combined with --smg-grpc-mode.",
            zh="由 SGLang 启动并托管、作为原生 gRPC 服务器边车运行的 Python 模块；该模块须提供 main(argv) "
               "函数，并通过环境变量 SGLANG_GRPC_ENDPOINT 找到服务器。需要设置 --grpc-port，"
               "且不能与 --smg-grpc-mode 同时使用。",
        ),
    )] = None

    sidecar_args: Annotated[JsonStrList | None, Arg(
        '--sidecar-args',
        help=Text(
            en="Arguments handed to the main(argv) of the --sidecar module, written as a JSON array of strings. "
               "An entry --sidecar-shutdown-timeout followed by a number of seconds is taken out by SGLang "
               "itself.",
            zh="传给 --sidecar 模块 main(argv) 的参数，写成由字符串组成的 JSON 数组。其中 "
               "--sidecar-shutdown-timeout 及其后的秒数由 SGLang 自己读取，不会转交。",
        ),
    )] = None

    enable_http2: Annotated[bool, Arg(
        '--enable-http2',
        help=Text(
            en="Serve HTTP through Granian instead of Uvicorn, so clients can speak HTTP/2 (cleartext h2c "
               "included) as well as HTTP/1.1. Needs the granian package (pip install \"sglang[http2]\") and "
               "cannot be combined with --enable-ssl-refresh.",
            zh="改用 Granian 代替 Uvicorn 提供 HTTP 服务，使客户端除 HTTP/1.1 外还能使用 "
               "HTTP/2（包括明文的 h2c）。需要安装 granian 包（pip install \"sglang[http2]\"），"
               "且不能与 --enable-ssl-refresh 同时使用。",
        ),
    )] = False

    http2_max_concurrent_streams: Annotated[int, Bounds(ge=1, le=2**32 - 1), Arg(
        '--http2-max-concurrent-streams',
        help=Text(
            en="Most streams one HTTP/2 connection may have open at the same time, as announced to clients (1 to "
               "4294967295). Only used with --enable-http2.",
            zh="单个 HTTP/2 连接上可同时打开的最大流数量，该值会通告给客户端（取值 1 到 4294967295）。"
               "仅在启用 --enable-http2 时使用。",
        ),
    )] = 200

    http2_initial_connection_window_size: Annotated[int, Bounds(ge=1024, le=2**31 - 1), Arg(
        '--http2-initial-connection-window-size',
        help=Text(
            en="Initial HTTP/2 flow-control window of a whole connection, in bytes (1024 to 2147483647): how "
               "much data a client may send before it has to wait for the server to acknowledge it. Only used "
               "with --enable-http2.",
            zh="HTTP/2 连接级流量控制窗口的初始大小（字节，取值 1024 到 2147483647），即客户端在等待服务端确认之前最多可"
               "以发送多少数据。仅在启用 --enable-http2 时使用。",
        ),
    )] = 1048576

    ssl_keyfile: Annotated[str | None, Arg(
        '--ssl-keyfile',
        help=Text(
            en="Path to the private key of the server's TLS certificate. Set together with --ssl-certfile to "
               "serve HTTPS.",
            zh="服务器 TLS 证书对应私钥文件的路径。与 --ssl-certfile 一起设置后，服务改用 HTTPS。",
        ),
    )] = None

    ssl_certfile: Annotated[str | None, Arg(
        '--ssl-certfile',
        help=Text(
            en="Path to the server's TLS certificate in PEM format. Set together with --ssl-keyfile to serve "
               "HTTPS.",
            zh="服务器 TLS 证书文件（PEM 格式）的路径。与 --ssl-keyfile 一起设置后，服务改用 HTTPS。",
        ),
    )] = None

    ssl_ca_certs: Annotated[str | None, Arg(
        '--ssl-ca-certs',
        help=Text(
            en="Path to a file of CA certificates that the HTTPS server trusts, used when it checks client "
               "certificates.",
            zh="HTTPS 服务器所信任的 CA 证书文件路径，用于校验客户端证书。",
        ),
    )] = None

    ssl_keyfile_password: Annotated[str | None, Arg(
        '--ssl-keyfile-password',
        help=Text(
            en="Password that decrypts an encrypted --ssl-keyfile. Unset means the key file is not encrypted.",
            zh="用于解密已加密的 --ssl-keyfile 的密码。不设置表示私钥文件未加密。",
        ),
    )] = None

    enable_ssl_refresh: Annotated[bool, Arg(
        '--enable-ssl-refresh',
        help=Text(
            en="Reload the TLS certificate and key automatically when their files change on disk, so "
               "certificates can be rotated without a restart. Needs --ssl-certfile and --ssl-keyfile; not "
               "available with --enable-http2.",
            zh="证书或私钥文件在磁盘上发生变化时自动重新加载，无需重启即可轮换证书。需要设置 --ssl-certfile "
               "和 --ssl-keyfile；不能与 --enable-http2 同时使用。",
        ),
    )] = False

    smg_http_sidecar_port: Annotated[Port | None, Arg(
        '--smg-http-sidecar-port', '--grpc-http-sidecar-port',
        help=Text(
            en="In --smg-grpc-mode, port of the small HTTP server that runs beside the gRPC server to serve the "
               "Prometheus metrics and the profiler endpoints. Unset uses --port + 1; not used when the server "
               "speaks HTTP.",
            zh="在 --smg-grpc-mode 下，与 gRPC 服务器并行运行、提供 Prometheus 指标和性能分析接口的小型 "
               "HTTP 服务器端口。不设置时取 --port 加 1；以 HTTP 方式提供服务时不使用。",
        ),
    )] = None

    grpc_response_timeout_secs: Annotated[PositiveInt, Arg(
        '--grpc-response-timeout-secs',
        help=Text(
            en="Seconds the native gRPC server waits for each chunk of a response, the first one included, "
               "before the request fails with a timeout.",
            zh="原生 gRPC 服务器等待每一段响应（包括第一段）的最长时间（秒），超时则该请求失败。",
        ),
    )] = 300

    enable_http_worker_reuseport: Annotated[bool, Arg(
        '--enable-http-worker-reuseport',
        help=Text(
            en="Give every Uvicorn HTTP worker its own listening socket on the shared port (SO_REUSEPORT), "
               "letting the kernel spread connections over the workers. Needs --tokenizer-worker-num above 1 and "
               "cannot be combined with --enable-http2.",
            zh="让每个 Uvicorn HTTP 工作进程在同一端口上各自监听（SO_REUSEPORT），由操作系统内核在各进程之间分配连接。"
               "要求 --tokenizer-worker-num 大于 1，且不能与 --enable-http2 同时使用。",
        ),
    )] = False
