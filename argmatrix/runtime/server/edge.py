"""ASGI middleware at the edge: what every request passes before a handler sees it.

Outermost first:

- :class:`StatusCounter`: every response counted by the status actually sent
  (an unhandled exception is a 500, a client gone before any byte a 499);
- :class:`HostGuard`: a server without ``--api-key`` answers only requests
  addressed to a loopback name or an IP address, and refuses cross-origin
  browser requests (DNS rebinding and cross-site requests from web pages);
- (API keys: :mod:`.auth`)
- :class:`BodyGuard`: request bodies are JSON (415 otherwise), at most
  ``--max-request-body-bytes`` (413), nested at most 64 levels (400), holding at
  most as many objects and arrays as a request can use (413, ``body_bounds.py``),
  and arrive whole within ``--request-read-timeout`` (408).
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .auth import drain_briefly, route_path
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
        # a browser marks what another site's page makes it fetch (an <img> of GET /flush_cache carries no Origin);
        # curl, SDKs and probes send no such header
        fetched_for = _header(scope, b"sec-fetch-site")
        if fetched_for in ("cross-site", "same-site"):
            return await send_error(send, 403, f"request a browser made for a page of another site "
                                               f"(Sec-Fetch-Site: {fetched_for}) refused: a server without --api-key "
                                               "does not serve other sites' pages; start it with --api-key",
                                    "permission_error", "cross_origin")
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


# JSON nesting allowed in a request body: deep enough for any JSON schema in `response_format` or `tools`,
# far below where the parser, the validators or the chat template recurse out of stack (about 900 levels).
MAX_JSON_DEPTH = 64
# bodies larger than this are scanned for their nesting depth in a worker thread
SCAN_OFF_LOOP_BYTES = 256 * 1024
def json_depth(body: bytes) -> int:
    """The deepest nesting of objects and arrays in a JSON text (brackets inside strings not counted)."""
    return json_shape(body)[0]


def json_shape(body: bytes) -> tuple[int, int]:
    """(deepest nesting, number of objects and arrays) of a JSON text, brackets inside strings not counted.

    Linear and vectorised, no recursion and no per-character Python: escaped pairs are dropped with
    ``bytes.replace`` (``\\\\`` first, so ``\\"`` is an escaped quote exactly when JSON says so), then numpy
    marks what lies inside strings and sums the brackets outside them.
    """
    import numpy as np

    bare = body.replace(b"\\\\", b"").replace(b'\\"', b"")
    codes = np.frombuffer(bare, dtype=np.uint8)
    step = np.zeros(256, dtype=np.int8)
    step[[ord("["), ord("{")]] = 1
    step[[ord("]"), ord("}")]] = -1
    moves = step[codes]
    if not moves.any():
        return 0, 0
    in_string = (np.cumsum(codes == ord('"'), dtype=np.int32) & 1).astype(bool)
    moves[in_string] = 0
    return int(np.cumsum(moves, dtype=np.int32).max(initial=0)), int(np.count_nonzero(moves == 1))


class BodyGuard:
    """JSON bodies only, bounded in size and nesting, read whole within a deadline.

    The body is read here, before the handler runs: it must arrive completely within ``--request-read-timeout``
    (a deadline for the whole body, not per chunk, so a client trickling a byte at a time is cut too), be at most
    ``--max-request-body-bytes`` and nest at most :data:`MAX_JSON_DEPTH` levels.  The handler then reads it from
    memory.  Every refusal closes the connection, so a client cannot keep sending on it.
    """

    def __init__(self, app: Any, max_bytes: int, read_timeout_s: float, max_depth: int = MAX_JSON_DEPTH,
                 max_containers: int | None = None):
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout_s = read_timeout_s
        self.max_depth = max_depth
        # objects and arrays a body may hold (body_bounds.py's max_values): decoding millions of them holds the
        # interpreter for seconds (the garbage collector walks them as they are made), so they are counted here,
        # before any decoding; scalars cost little to decode and are bounded per field after it
        self.max_containers = max_containers

    async def _read_body(self, receive: Any) -> tuple[bytes, list[dict]]:
        """The whole body, and any non-body message that ended it (a disconnect) to replay."""
        parts: list[bytes] = []
        received = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(parts), [message]
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.max_bytes:
                raise BodyLimitError(413, f"the request body is larger than {self.max_bytes:,} bytes "
                                          "(--max-request-body-bytes)", "body_too_large")
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts), []

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS:
            return await self.app(scope, receive, send)
        length_text = _header(scope, b"content-length")
        chunked = (_header(scope, b"transfer-encoding") or "").lower() == "chunked"
        try:
            length = int(length_text) if length_text is not None else None
        except ValueError:
            return await send_error(send, 400, f"Content-Length {length_text!r} is not a number",
                                    "invalid_request_error", "invalid_request", [(b"connection", b"close")])
        has_body = chunked or (length or 0) > 0
        if has_body and not _is_json(_header(scope, b"content-type")):
            ctype = _header(scope, b"content-type")
            # read (and drop) the body, for 1 s at most, so the close does not reset a client yet to read the 415
            await drain_briefly(scope, receive, self.max_bytes)
            return await send_error(send, 415, f"request bodies must be JSON: send 'Content-Type: application/json'"
                                               f" (got {ctype!r})", "invalid_request_error", "unsupported_media_type",
                                    [(b"connection", b"close")])
        if length is not None and length > self.max_bytes:
            return await send_error(send, 413, f"the request body is {length:,} bytes; this server reads at most "
                                               f"{self.max_bytes:,} (--max-request-body-bytes)",
                                    "invalid_request_error", "body_too_large", [(b"connection", b"close")])
        if not has_body:
            return await self.app(scope, receive, send)
        try:
            body, tail = await asyncio.wait_for(self._read_body(receive), self.read_timeout_s)
        except asyncio.TimeoutError:
            return await send_error(send, 408, f"the request body did not arrive completely within "
                                               f"{self.read_timeout_s:g}s (--request-read-timeout)",
                                    "invalid_request_error", "request_timeout", [(b"connection", b"close")])
        except BodyLimitError as exc:
            return await send_error(send, exc.status_code, exc.detail, "invalid_request_error", exc.code,
                                    [(b"connection", b"close")])
        if tail:                               # the client went away mid-body: nobody to answer
            return
        depth, containers = (await asyncio.to_thread(json_shape, body) if len(body) > SCAN_OFF_LOOP_BYTES
                             else json_shape(body))
        if depth > self.max_depth:
            return await send_error(send, 400, f"the request body nests objects and arrays {depth} levels deep; "
                                               f"this server accepts at most {self.max_depth} levels",
                                    "invalid_request_error", "nesting_too_deep", [(b"connection", b"close")])
        if self.max_containers is not None and containers > self.max_containers:
            return await send_error(send, 413, f"the request body holds {containers:,} objects and arrays; this "
                                               f"server takes at most {self.max_containers:,} in one request "
                                               f"(--max-sequences-per-request x the context length)",
                                    "invalid_request_error", "body_too_complex", [(b"connection", b"close")])
        replayed = False

        async def body_then_receive():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()          # after the body: only http.disconnect arrives

        await self.app(scope, body_then_receive, send)
