"""The server's listening socket, bound before anything else starts (``serve``, and the ``--dp-size`` front)."""
from __future__ import annotations

import socket

from argmatrix.runtime.errors import bilingual


def listening_socket(host: str, port: int) -> socket.socket:
    """Bind the listening socket ourselves, so a busy port is a clear error before anything else."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise bilingual(OSError, f"--host {host}: cannot resolve it ({exc})", f"--host {host}：无法解析该地址（系统报告“{exc}”）") from None
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6:
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    try:
        sock.bind(addr)
    except OSError as exc:
        sock.close()
        raise bilingual(OSError, f"cannot listen on {host}:{port} (--host/--port): {exc.strerror or exc}",
                        f"无法在 {host}:{port} 上监听（--host/--port）：系统报告“{exc.strerror or exc}”") from None
    sock.set_inheritable(True)
    return sock
