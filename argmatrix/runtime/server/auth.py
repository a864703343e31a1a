"""API-key checks (``--api-key``, ``--admin-api-key``) as a pure ASGI middleware.

The check runs before the request body is read, so a request without a valid
key gets a 401 even when its body is malformed; the refusal closes the
connection, so its body is never read and the client cannot send more on it.  Keys are compared with
:func:`hmac.compare_digest`.

Levels:

- public (``/health``, and ``/metrics`` unless ``--metrics-require-api-key``, as in SGLang, so Prometheus
  scrapes without a key): never needs a key;
- admin (``/flush_cache``): the admin key when ``--admin-api-key`` is set,
  otherwise the API key when ``--api-key`` is set;
- admin only (``/get_server_info/admin``: other users' request ids, the full
  configuration): the admin key; refused when only ``--api-key`` is set
  (every user holds that key); open on a server without keys;
- everything else: the API key (or the admin key) when ``--api-key`` is set.

Each request is tagged with its :class:`Caller` (``scope["state"]["caller"]``):
who sent it (a hash of the key used and the client address) and whether it
holds admin rights, so ``/abort_request`` lets a user abort only its own requests,
request ids are scoped per caller and admission is fair across callers.  The client
address is the connection's, or with ``--trust-proxy`` the last entry of
``X-Forwarded-For`` (what the proxy in front saw); without it, callers behind one
proxy that share a key are one caller.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import error_body

PUBLIC_PATHS = frozenset({"/health"})
METRICS_PATH = "/metrics"
ADMIN_PATHS = frozenset({"/flush_cache"})
ADMIN_ONLY_PATHS = frozenset({"/get_server_info/admin"})


@dataclass(frozen=True)
class Caller:
    principal: str        # who: the key used (hashed) and the client address
    admin: bool           # may see and abort every request


def caller_of(scope: Mapping[str, Any]) -> Caller:
    state = scope.get("state") or {}
    return state.get("caller") or Caller(_principal(scope, None), False)


# a forwarded address longer than this is not an address: the connection's is used
MAX_FORWARDED_CHARS = 64


def forwarded_address(scope: Mapping[str, Any]) -> str | None:
    """The last entry of ``X-Forwarded-For`` (the client the proxy in front of this server saw), if any."""
    values = [v for k, v in scope.get("headers") or () if k == b"x-forwarded-for"]
    if not values:
        return None
    last = values[-1].decode("latin-1").rsplit(",", 1)[-1].strip()
    return last if 0 < len(last) <= MAX_FORWARDED_CHARS else None


def _principal(scope: Mapping[str, Any], token: str | None, trust_proxy: bool = False) -> str:
    client = scope.get("client") or ("?", 0)
    address = (forwarded_address(scope) if trust_proxy else None) or client[0]
    key = hashlib.sha256(token.encode()).hexdigest()[:12] if token else "anonymous"
    return f"{key}@{address}"


def route_path(scope: dict) -> str:
    """The request path with the ASGI root path removed (as Starlette's router sees it)."""
    path = scope.get("path", "") or "/"
    root = (scope.get("root_path") or "").rstrip("/")
    if root and (path == root or path.startswith(root + "/")):
        path = path[len(root):] or "/"
    return path


def _bearer(scope: dict) -> str | None:
    for name, value in scope.get("headers") or ():
        if name == b"authorization":
            text = value.decode("latin-1").strip()
            scheme, _, token = text.partition(" ")
            if scheme.lower() == "bearer" and token.strip():
                return token.strip()
            return None
    return None


def _matches(token: str | None, key: str | None) -> bool:
    if key is None:
        return False
    # compare even when no token was sent, so the timing does not depend on it
    return hmac.compare_digest((token or "").encode(), key.encode())


# Before a refusal closes the connection, read (and drop) what of the body is already on its way, so the close
# does not reset a connection whose 401 the client has not read yet; a client trickling its body gets no more.
DRAIN_BYTES = 64 * 1024
DRAIN_SECONDS = 1.0


async def drain_briefly(scope: dict, receive, max_bytes: int = DRAIN_BYTES) -> None:
    headers = dict(scope.get("headers") or ())
    if b"content-length" not in headers and headers.get(b"transfer-encoding", b"").lower() != b"chunked":
        return
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DRAIN_SECONDS
    drained = 0
    with contextlib.suppress(asyncio.TimeoutError):
        while drained < max_bytes:
            message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            if message["type"] != "http.request":
                return
            drained += len(message.get("body", b""))
            if not message.get("more_body", False):
                return


class APIKeyMiddleware:
    def __init__(self, app, api_key: str | None, admin_api_key: str | None, metrics_need_key: bool = False,
                 trust_proxy: bool = False):
        self.app = app
        self.api_key = api_key or None
        self.admin_api_key = admin_api_key or None
        self.metrics_need_key = metrics_need_key
        self.trust_proxy = trust_proxy

    def level(self, path: str) -> str:
        if path in PUBLIC_PATHS or (path == METRICS_PATH and not self.metrics_need_key):
            return "public"
        if path in ADMIN_PATHS:
            return "admin"
        if path in ADMIN_ONLY_PATHS:
            return "admin_only"
        return "user"

    def check(self, path: str, token: str | None) -> int:
        """0 when allowed, else the HTTP status to answer with (401 or 403)."""
        level = self.level(path)
        if level == "public":
            return 0
        is_user = _matches(token, self.api_key)
        is_admin = _matches(token, self.admin_api_key)
        if level == "admin_only":
            if self.admin_api_key is not None:
                return 0 if is_admin else (403 if is_user else 401)
            if self.api_key is not None:
                return 403 if is_user else 401
            return 0
        if level == "admin":
            if self.admin_api_key is not None:
                if is_admin:
                    return 0
                return 403 if is_user else 401
            if self.api_key is not None:
                return 0 if is_user else 401
            return 0
        if self.api_key is None:
            return 0
        return 0 if (is_user or is_admin) else 401

    def caller(self, scope: dict, token: str | None) -> Caller:
        if self.api_key is None and self.admin_api_key is None:
            return Caller(_principal(scope, None, self.trust_proxy), True)     # no keys: everyone is the operator
        admin = _matches(token, self.admin_api_key)
        known = admin or _matches(token, self.api_key)
        return Caller(_principal(scope, token if known else None, self.trust_proxy), admin)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        token = _bearer(scope)
        scope.setdefault("state", {})["caller"] = self.caller(scope, token)
        if self.api_key is None and self.admin_api_key is None:
            return await self.app(scope, receive, send)
        path = route_path(scope)
        status = self.check(path, token)
        if status == 0:
            return await self.app(scope, receive, send)
        if status == 403:
            why = ("this endpoint needs the admin API key (--admin-api-key)" if self.admin_api_key is not None else
                   "this endpoint shows other users' requests and needs an admin key; start the server with "
                   "--admin-api-key")
            body = error_body(why, "permission_error", None, "insufficient_permissions")
        else:
            body = error_body("invalid or missing API key: send 'Authorization: Bearer <key>'",
                              "invalid_request_error", None, "invalid_api_key")
        await drain_briefly(scope, receive)
        payload = json.dumps(body).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode()),
                                (b"www-authenticate", b"Bearer"),
                                # a refused client must not keep the connection (and trickle a body on it)
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": payload})
