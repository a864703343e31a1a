"""HTTP server: the address and port the server listens on, startup warmup, and how it is exposed behind proxies."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('http', Text(en='HTTP server', zh='HTTP 服务器'))


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
