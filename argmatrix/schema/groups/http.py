"""HTTP server: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('http', Text(en='HTTP server', zh='HTTP 服务器'))


class HttpArgs:

    host: Annotated[str, Arg(
        '--host',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = '127.0.0.1'

    port: Annotated[Port, Arg(
        '--port',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 30000

    skip_server_warmup: Annotated[bool, Arg(
        '--skip-server-warmup',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    warmups: Annotated[str | None, Arg(
        '--warmups',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    nccl_port: Annotated[Port | None, Arg(
        '--nccl-port',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    fastapi_root_path: Annotated[str | None, Arg(
        '--fastapi-root-path',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    grpc_mode: Annotated[bool, Arg(
        '--grpc-mode',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
        npu_options=(False,),
    )] = False
