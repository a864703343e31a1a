"""ASGI middleware at the edge: what every request passes before a handler sees it.

Outermost first:

- :class:`StatusCounter`: every response counted by the status actually sent
  (an unhandled exception is a 500, a client gone before any byte a 499);
- :class:`HostGuard`: a server without ``--api-key`` answers only requests
  addressed to a loopback name or an IP address, and refuses cross-origin
  browser requests (DNS rebinding and cross-site requests from web pages);
- (API keys: :mod:`.auth`)
- :class:`BodyGuard`: request bodies are JSON (415 otherwise), at most
  ``--max-request-body-bytes`` (413), and arrive without pauses longer than
  ``--request-read-timeout`` (408).
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .auth import route_path
from .errors import error_body

if TYPE_CHECKING:
    from .state import ServerState

logger = logging.getLogger("argmatrix.server")
# answered whatever the Host: no data, no state change (probes often address a service name)
OPEN_PATHS = frozenset({"/health"})
BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


async def send_error(send: Any, status: int, message: str, type_: str, code: str,
                     headers: list[tuple[bytes, bytes]] | None = None) -> None:
    payload = json.dumps(error_body(message, type_, None, code)).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(payload)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": payload})


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers") or ():
        if key == name:
            return value.decode("latin-1")
    return None


class StatusCounter:
    """Counts every response by the status sent (accounting and the HTTP metric); the outermost middleware."""

    def __init__(self, app: Any, state: ServerState, routes: frozenset[str]):
        self.app = app
        self.state = state
        self.routes = routes

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        sent = [0]

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                sent[0] = message["status"]
            await send(message)

        failed = False
        try:
            await self.app(scope, receive, send_wrapper)
        except asyncio.CancelledError:
            raise
        except Exception:
            # the fault boundary: log once, answer 500 if nothing was sent, never hand the exception to uvicorn
            failed = True
            logger.exception("internal error while serving %s %s", scope.get("method"), route_path(scope))
            if not sent[0]:
                sent[0] = 500
                await send_error(send, 500, "internal server error; the server log has the details",
                                 "server_error", "internal_error")
        finally:
            status = sent[0] or (500 if failed else 499)   # 499: the client went away before any byte
            self.state.tracker.http_done(status)
            if self.state.metrics is not None:
                path = route_path(scope)
                self.state.metrics.observe_http(path if path in self.routes else "other", status)


def _host_allowed(host_header: str | None, bound_host: str) -> bool:
    if not host_header:
        return False
    host = urlsplit("//" + host_header.strip()).hostname or ""
    if host in ("localhost", bound_host) or host.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


class HostGuard:
    """For servers without ``--api-key``: refuse requests a web page could have made in the user's name."""

    def __init__(self, app: Any, bound_host: str):
        self.app = app
        self.bound_host = bound_host

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or route_path(scope) in OPEN_PATHS:
            return await self.app(scope, receive, send)
        host = _header(scope, b"host")
        if not _host_allowed(host, self.bound_host):
            return await send_error(send, 403, f"Host header {host!r} refused: a server without --api-key answers "
                                               "only requests addressed to localhost or an IP address (protection "
                                               "against DNS rebinding); use such an address or start the server "
                                               "with --api-key", "permission_error", "invalid_host")
        origin = _header(scope, b"origin")
        if origin is not None and origin != "null" and urlsplit(origin).netloc.lower() != (host or "").lower():
            return await send_error(send, 403, f"cross-origin request from {origin!r} refused: a server without "
                                               "--api-key does not serve web pages of other origins; start it "
                                               "with --api-key", "permission_error", "cross_origin")
        if origin == "null":
            return await send_error(send, 403, "request from an opaque origin refused (start the server with "
                                               "--api-key to serve browsers)", "permission_error", "cross_origin")
        return await self.app(scope, receive, send)


from starlette.exceptions import HTTPException as _HTTPException  # noqa: E402


class BodyLimitError(_HTTPException):
    """Raised from ``receive`` while the handler reads the body; FastAPI passes HTTP exceptions through."""

    def __init__(self, status: int, message: str, code: str):
        super().__init__(status, message, headers={"connection": "close"})
        self.code = code


def _is_json(content_type: str | None) -> bool:
    if content_type is None:
        return False
    media = content_type.split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


class BodyGuard:
    """JSON bodies only, bounded in size, read without long pauses."""

    def __init__(self, app: Any, max_bytes: int, read_timeout_s: float):
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout_s = read_timeout_s

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS:
            return await self.app(scope, receive, send)
        length_text = _header(scope, b"content-length")
        chunked = (_header(scope, b"transfer-encoding") or "").lower() == "chunked"
        try:
            length = int(length_text) if length_text is not None else None
        except ValueError:
            return await send_error(send, 400, f"Content-Length {length_text!r} is not a number",
                                    "invalid_request_error", "invalid_request")
        has_body = chunked or (length or 0) > 0
        if has_body and not _is_json(_header(scope, b"content-type")):
            ctype = _header(scope, b"content-type")
            return await send_error(send, 415, f"request bodies must be JSON: send 'Content-Type: application/json'"
                                               f" (got {ctype!r})", "invalid_request_error", "unsupported_media_type")
        if length is not None and length > self.max_bytes:
            return await send_error(send, 413, f"the request body is {length:,} bytes; this server reads at most "
                                               f"{self.max_bytes:,} (--max-request-body-bytes)",
                                    "invalid_request_error", "body_too_large", [(b"connection", b"close")])
        received = 0
        body_done = not has_body

        async def guarded_receive():
            nonlocal received, body_done
            if body_done:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.read_timeout_s)
            except asyncio.TimeoutError:
                raise BodyLimitError(408, f"the request body stopped arriving for {self.read_timeout_s:g}s "
                                          "(--request-read-timeout)", "request_timeout") from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyLimitError(413, f"the request body is larger than {self.max_bytes:,} bytes "
                                              "(--max-request-body-bytes)", "body_too_large")
                if not message.get("more_body", False):
                    body_done = True
            else:
                body_done = True
            return message

        started = [False]

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                started[0] = True
            await send(message)

        try:
            await self.app(scope, guarded_receive, send_wrapper)
        except BodyLimitError as exc:    # read outside a FastAPI route (the routes answer it themselves)
            if not started[0]:
                await send_error(send, exc.status_code, exc.detail, "invalid_request_error", exc.code,
                                 [(b"connection", b"close")])
